import FlickRaster
import FlickText

/// One row of a `ListView`, full-width: a title, a disclosure chevron on the right and a separator along the
/// bottom, filled with the highlight while pressed; mirrored when the style reads right to left. Rows are reused: the list shows a new item in a row that
/// scrolled off with `show(_:title:highlighted:)`. Rasterized, so a scrolling row is only copied.
public final class ListRow {
    /// The row's view, owned by the list.
    public let view: View
    /// The item shown.
    public private(set) var index = 0
    /// The row is drawn pressed.
    public private(set) var isHighlighted = false
    private let label: Label
    private let style: ListView.Style

    init(style: ListView.Style, width: Double) {
        self.style = style
        view = View(frame: Rect(x: 0, y: 0, width: width, height: style.rowHeight))
        view.shouldRasterize = true
        label = Label("", face: style.face, pixelSize: style.pixelSize, color: style.title, maxLines: style.maxLines,
                      alignment: style.direction == .rightToLeft ? .right : .start)
        view.content = ViewContent { [weak self] canvas, bounds in self?.draw(on: canvas, in: bounds) }
        view.addChild(label.view)
    }

    /// The title shown.
    public var title: String { label.text }
    /// The title does not fit the row: it ends in an ellipsis.
    public var isTitleTruncated: Bool { label.isTruncated }

    /// The height a row needs for `title`: its lines with a quarter of a line above and below, at least the
    /// style's row height.
    static func height(of title: String, style: ListView.Style, width: Double) -> Double {
        guard !title.isEmpty else { return style.rowHeight }
        let text = TextLayout(title, face: style.face, pixelSize: style.pixelSize,
                              options: .init(maxWidth: titleWidth(style: style, width: width), maxLines: style.maxLines))
        let padding = style.face.metrics(pixelSize: style.pixelSize).lineHeight / 2
        return max(style.rowHeight, (text.size.height + padding).rounded(.up))
    }

    func show(_ index: Int, title: String, height: Double, highlighted: Bool) {
        self.index = index
        if view.frame.height != height {
            view.frame.size.height = height
            view.setNeedsDisplay()
        }
        setHighlighted(highlighted)
        label.text = title
        let textHeight = label.layout(width: titleWidth).size.height
        let x = isMirrored ? view.frame.width - style.inset - titleWidth : style.inset
        label.view.frame = Rect(x: x, y: ((height - textHeight) / 2).rounded(), width: titleWidth, height: textHeight)
    }

    func setHighlighted(_ highlighted: Bool) {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        view.setNeedsDisplay()
    }

    private static func chevronSize(_ style: ListView.Style) -> Double { (style.rowHeight * 0.16).rounded() }
    private var chevronSize: Double { Self.chevronSize(style) }

    private static func titleWidth(style: ListView.Style, width: Double) -> Double {
        max(0, width - 3 * style.inset - chevronSize(style))
    }
    private var titleWidth: Double { Self.titleWidth(style: style, width: view.frame.width) }

    private var isMirrored: Bool { style.direction == .rightToLeft }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        canvas.fill(bounds, color: isHighlighted ? style.highlightFill : style.rowFill)
        // Inset on the reading side as UITableView's separators are.
        canvas.fill(Rect(x: isMirrored ? 0 : style.inset, y: bounds.height - 1, width: bounds.width - style.inset, height: 1),
                    color: style.separator)
        // Pointing the way reading goes on: right, or left in a mirrored row.
        let s = chevronSize, y = bounds.height / 2
        let x = isMirrored ? style.inset + s / 2 : bounds.width - style.inset - s / 2, tip = isMirrored ? -s / 2 : s / 2
        var chevron = Path()
        chevron.move(to: Point(x, y - s / 2))
        chevron.line(to: Point(x + tip, y))
        chevron.line(to: Point(x, y + s / 2))
        canvas.stroke(chevron, paint: .solid(isHighlighted ? style.title : style.chevron),
                      style: StrokeStyle(width: max(1, (s / 6).rounded()), join: .round, cap: .round))
    }
}
