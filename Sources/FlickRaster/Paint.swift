/// What fills the covered pixels.
public enum Paint {
    case solid(Color)
    case linearGradient(LinearGradient)
    case image(ImagePaint)

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

public enum ImageFilter: Sendable {
    case nearest
    case bilinear
}

/// An image placed in user space by `transform` (image pixels → user space), sampled with `filter`.
/// Outside the image the edge pixels repeat; the shape being filled decides where it stops.
public struct ImagePaint {
    public var image: Surface
    public var transform: AffineTransform
    public var filter: ImageFilter

    public init(image: Surface, transform: AffineTransform = .identity, filter: ImageFilter = .bilinear) {
        self.image = image; self.transform = transform; self.filter = filter
    }
}
