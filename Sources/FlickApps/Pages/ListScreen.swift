import FlickRaster
import FlickUI

/// The list page at rest: a bar with the list's title over the rows. Rasterized while the rows are still,
/// so a page slide or a push moves one layer; while they scroll it draws directly instead, so the moving
/// rows are copied once a frame rather than into the layer and then the layer onto the screen.
final class ListScreen {
    let view: View
    let list: ListView
    /// Kept: a label's view draws through it.
    private let title: Label?

    init(title: String, items: [KioskConfig.ListItem], style: ListStyle, context: PageContext) {
        view = View(frame: style.bounds, background: .solid(style.theme.background))
        let rows = Rect(x: 0, y: style.barHeight, width: style.width, height: max(1, style.height - style.barHeight))
        list = ListView(frame: rows, titles: items.map(\.title), style: style.rows, metrics: context.metrics,
                        scene: context.scene)
        let bar = style.bar(title: title)
        self.title = bar.title
        view.addChild(list.view)
        view.addChild(bar.view)
        view.shouldRasterize = true
    }

    /// Once a frame: a layer while still, direct drawing while scrolling.
    func updateLayer() { view.shouldRasterize = !list.isScrolling }
}
