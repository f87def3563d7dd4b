import FlickRaster
import FlickUI

/// The list page at rest: a bar with the list's title over the rows. A layer of its own only while a push
/// moves it (then it moves as one picture); otherwise it draws straight from the rows' layers, so the list is
/// not held twice (8 MB at 1920x1080) and scrolling rows are copied once a frame, not into a layer and out.
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
    }

    /// Once a frame: a layer while a push moves the list (and its rows are still).
    func updateLayer(pushed: Bool) { view.shouldRasterize = pushed && !list.isScrolling }
}
