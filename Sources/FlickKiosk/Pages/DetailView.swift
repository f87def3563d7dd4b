import FlickRaster
import FlickText
import FlickUI

/// One item of the list on its own (the seed's EventViewController): under the list page's bar, the title large
/// and the item's detail wrapped below. Rasterized: it moves as one layer, and a new item redraws it once.
final class DetailView {
    let view: View
    private let title: Label
    private let detail: Label
    private let style: ListStyle

    init(style: ListStyle) {
        self.style = style
        view = View(frame: style.bounds, background: .solid(style.theme.background))
        view.shouldRasterize = true
        let theme = style.theme, textWidth = style.width - 2 * style.margin
        title = Label("", face: style.bold, pixelSize: theme.titleSize * style.unit, color: theme.text,
                      frame: Rect(x: style.margin, y: 0, width: textWidth, height: 0), maxLines: 2)
        detail = Label("", face: style.regular, pixelSize: theme.bodySize * style.unit, color: theme.text,
                       frame: Rect(x: style.margin, y: 0, width: textWidth, height: 0))
        for label in [title, detail] { view.addChild(label.view) }
    }

    func show(_ item: KioskConfig.ListItem) {
        var y = style.barHeight + (style.margin / 2).rounded()
        for (label, text) in [(title, item.title), (detail, item.detail)] {
            label.text = text
            label.view.frame.origin.y = y
            label.view.frame.size.height = label.fittingHeight
            y += label.view.frame.height + (16 * style.unit).rounded()
        }
    }
}
