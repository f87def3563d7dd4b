import FlickRaster
import FlickText
import FlickUI

/// The bar above the list: the page's title and how many items there are and how many are done, in the theme's
/// surface and text colours. One layer, redrawn when the counts change. It shares its touches with the page
/// swipe, so a visitor can leave the page here.
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
        let items = counts.items == 1 ? "1 item" : "\(counts.items) items"
        return counts.done > 0 ? "\(items), \(counts.done) done" : items
    }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        let inset = look.inset
        var titleRight = inset
        if !title.isEmpty {
            // At most half the bar: the counts keep room beside a long title, which ends in an ellipsis.
            let title = TextLayout(title, face: look.bold, pixelSize: (look.rowHeight * 0.44).rounded(),
                                   options: .init(maxWidth: max(1, bounds.width / 2 - inset), maxLines: 1))
            canvas.draw(title, at: Point(inset, ((bounds.height - title.metrics.lineHeight) / 2).rounded()), color: look.theme.text)
            titleRight += title.size.width + inset
        }
        guard bounds.width - titleRight - inset > 0 else { return }
        let room = bounds.width - titleRight - inset
        let count = TextLayout(summary, face: look.regular, pixelSize: look.textSize,
                               options: .init(maxWidth: room, maxLines: 1, alignment: .right))
        canvas.draw(count, at: Point(titleRight, ((bounds.height - count.metrics.lineHeight) / 2).rounded()),
                    color: look.theme.secondaryText)
    }
}
