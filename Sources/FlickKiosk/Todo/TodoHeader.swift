import FlickRaster
import FlickText
import FlickUI

/// The bar above the list: the page's title and how many items there are and how many are done, in the theme's
/// surface and text colours and the page's words; on a right-to-left page the title is on the right and the count
/// on the left. One layer, redrawn when the counts change. It shares its touches with the page swipe, so a visitor
/// can leave the page here.
final class TodoHeader {
    let view: View
    let title: String
    private let look: TodoLook
    var counts = (items: 0, done: 0) {
        didSet { if counts != oldValue { view.setNeedsDisplay() } }
    }

    init(title: String, look: TodoLook) {
        self.title = title
        self.look = look
        view = View(frame: Rect(x: 0, y: 0, width: look.width, height: look.headerHeight))
        view.shouldRasterize = true
        view.background = .solid(look.theme.surface)
        view.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
    }

    var summary: String {
        let items = look.words.text(.items, count: counts.items)
        return counts.done > 0 ? look.words.text(.itemsDone, count: counts.done, ["items": items]) : items
    }

    /// The title from the reading side's edge, the count against the other; drawn in a left-to-right bar and
    /// mirrored for a right-to-left one.
    private func draw(on canvas: Canvas, in bounds: Rect) {
        let inset = look.inset, rtl = look.rightToLeft
        var titleWidth = 0.0
        if !title.isEmpty {
            // At most half the bar: the counts keep room beside a long title, which ends in an ellipsis.
            let width = max(1, bounds.width / 2 - inset)
            let title = TextLayout(title, face: look.bold, pixelSize: (look.rowHeight * 0.44).rounded(),
                                   options: .init(maxWidth: width, maxLines: 1, alignment: rtl ? .right : .left))
            titleWidth = title.size.width + inset
            canvas.draw(title, at: Point(rtl ? bounds.width - inset - width : inset, centred(title, in: bounds)), color: look.theme.text)
        }
        let room = bounds.width - titleWidth - 2 * inset
        guard room > 0 else { return }
        let count = TextLayout(summary, face: look.regular, pixelSize: look.textSize,
                               options: .init(maxWidth: room, maxLines: 1, alignment: rtl ? .left : .right))
        canvas.draw(count, at: Point(rtl ? inset : inset + titleWidth, centred(count, in: bounds)), color: look.theme.secondaryText)
    }

    private func centred(_ layout: TextLayout, in bounds: Rect) -> Double {
        ((bounds.height - layout.metrics.lineHeight) / 2).rounded()
    }
}
