import FlickRaster

/// An image in a view: scaled to fit inside the bounds (aspect kept, centred, the rest left to the
/// background) or to fill them (aspect kept, the overflow cut), on whole pixels so an unscaled image is a copy.
/// The view draws through the image view: keep it for as long as its view is shown.
public final class ImageView {
    /// How the image meets the view's bounds.
    public enum Scaling: Sendable {
        /// Inside the bounds whole, aspect kept and centred; the rest shows the view's background.
        case fit
        /// Over all of the bounds, aspect kept and centred; what overflows is cut.
        case fill
    }

    /// The image's view (it clips to its bounds): place it with its frame and add it to the tree.
    public let view: View
    /// The image shown; nil shows only the background. Setting another surface redraws the view.
    public var image: Surface? { didSet { if image !== oldValue { view.setNeedsDisplay() } } }
    /// How the image is scaled; a change redraws the view.
    public var scaling: Scaling { didSet { if scaling != oldValue { view.setNeedsDisplay() } } }

    /// An image view showing `image` scaled by `scaling`, at `frame`.
    public init(_ image: Surface?, scaling: Scaling = .fit, frame: Rect = .zero) {
        view = View(frame: frame)
        self.image = image
        self.scaling = scaling
        view.clipsToBounds = true
        view.content = ViewContent { [weak self] canvas, bounds in
            guard let self, let image = self.image, let rect = self.imageRect(in: bounds) else { return }
            canvas.draw(image, in: rect)
        }
    }

    /// Where the image lands in `bounds`, nil when there is nothing to draw.
    public func imageRect(in bounds: Rect) -> Rect? {
        guard let image, image.width > 0, image.height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let sx = bounds.width / Double(image.width), sy = bounds.height / Double(image.height)
        let scale = scaling == .fit ? min(sx, sy) : max(sx, sy)
        let w = (Double(image.width) * scale).rounded(), h = (Double(image.height) * scale).rounded()
        return Rect(x: bounds.minX + ((bounds.width - w) / 2).rounded(), y: bounds.minY + ((bounds.height - h) / 2).rounded(),
                    width: w, height: h)
    }
}
