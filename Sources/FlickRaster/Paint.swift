/// What fills the covered pixels.
public enum Paint {
    /// One colour everywhere.
    case solid(Color)
    /// A gradient, placed in user space.
    case linearGradient(LinearGradient)
    /// An image, placed in user space.
    case image(ImagePaint)

    /// The same as ``Paint/solid(_:)``.
    public static func color(_ c: Color) -> Paint { .solid(c) }

    /// Every pixel it paints is opaque (at full alpha): what is under it does not show.
    public var isOpaque: Bool {
        switch self {
        case .solid(let c): c.pixel >> 24 == 255
        case .linearGradient(let g): g.stops.allSatisfy { $0.color.pixel >> 24 == 255 }
        case .image(let p): p.image.isKnownOpaque
        }
    }
}

/// How source pixels combine with what is already there.
public enum BlendMode: Sendable {
    /// Porter-Duff source-over, premultiplied.
    case sourceOver
    /// Replace the destination (blended only at anti-aliased edges).
    case copy
}

/// How an image is sampled where its pixels do not land one for one on the surface's (scaled, turned, or at a
/// fraction of a pixel).
public enum ImageFilter: Sendable {
    /// The nearest image pixel: hard edges, the cheapest.
    case nearest
    /// The four nearest image pixels, weighted by distance: smooth.
    case bilinear
}

/// An image placed in user space by `transform` (image pixels → user space), sampled with `filter`.
/// Outside the image the edge pixels repeat; the shape being filled decides where it stops.
public struct ImagePaint {
    /// The image; its ``Surface/isKnownOpaque`` lets an opaque one be copied instead of blended.
    public var image: Surface
    /// Image pixels to user space: the identity puts the image's top-left at the user-space origin, one image
    /// pixel to one user unit.
    public var transform: AffineTransform
    /// How the image is sampled.
    public var filter: ImageFilter

    /// `image` placed by `transform`, sampled with `filter`.
    public init(image: Surface, transform: AffineTransform = .identity, filter: ImageFilter = .bilinear) {
        self.image = image; self.transform = transform; self.filter = filter
    }
}
