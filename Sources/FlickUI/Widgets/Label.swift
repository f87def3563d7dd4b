import FlickRaster
import FlickText

/// Text in a view: laid out with FlickText to the view's width (wrapping, line limit, ellipsis) and drawn
/// at its top-left. Changing the text or its look redraws only the label. The view draws through the label: keep
/// the label (a property of what owns the view) for as long as its view is shown.
public final class Label {
    /// The label's view (it takes no touches): place it with its frame; its width is the wrapping width.
    public let view: View
    /// The text shown; a change lays it out again and redraws the label.
    public var text: String { didSet { if text != oldValue { invalidate() } } }
    /// The text's colour.
    public var color: Color { didSet { if color != oldValue { view.setNeedsDisplay() } } }
    /// The font.
    public var face: FontFace { didSet { invalidate() } }
    /// The font's size in pixels.
    public var pixelSize: Double { didSet { if pixelSize != oldValue { invalidate() } } }
    /// The most lines shown before the text ends in an ellipsis; nil: as many as it needs.
    public var maxLines: Int? { didSet { if maxLines != oldValue { invalidate() } } }
    /// How lines sit in the view's width (`start` follows the text's direction).
    public var alignment: TextAlignment { didSet { if alignment != oldValue { invalidate() } } }
    private var cachedLayout: (width: Double, layout: TextLayout)?

    /// A label showing `text` in `face` at `pixelSize` pixels and `color`, at `frame`. Size the frame's height to
    /// `fittingHeight` once its width is set.
    public init(_ text: String, face: FontFace, pixelSize: Double, color: Color, frame: Rect = .zero,
                maxLines: Int? = nil, alignment: TextAlignment = .start) {
        view = View(frame: frame)
        self.text = text
        self.face = face
        self.pixelSize = pixelSize
        self.color = color
        self.maxLines = maxLines
        self.alignment = alignment
        view.isUserInteractionEnabled = false
        view.content = ViewContent { [weak self] canvas, bounds in
            guard let self else { return }
            canvas.draw(layout(width: bounds.width), at: .zero, color: self.color)
        }
    }

    /// The text laid out for `width`, cached until the text, font or width changes.
    public func layout(width: Double) -> TextLayout {
        if let cachedLayout, cachedLayout.width == width { return cachedLayout.layout }
        let layout = TextLayout(text, face: face, pixelSize: pixelSize,
                                options: .init(maxWidth: width, maxLines: maxLines, alignment: alignment))
        cachedLayout = (width, layout)
        return layout
    }

    /// The text does not fit the view's width in `maxLines`: it ends in an ellipsis.
    public var isTruncated: Bool { layout(width: view.frame.width).isTruncated }

    /// Height of the text at the view's current width, in pixels.
    public var fittingHeight: Double { layout(width: view.frame.width).size.height }

    private func invalidate() {
        cachedLayout = nil
        view.setNeedsDisplay()
    }
}
