import FlickRaster
import FlickUI

/// The list page's rows, under its bar. A layer of its own only while a push
/// moves it (then it moves as one picture); otherwise it draws straight from the rows' layers, so the list is
/// not held twice (8 MB at 1920x1080) and scrolling rows are copied once a frame, not into a layer and out.
final class ListScreen {
    let view: View
    let list: ListView

    init(items: [KioskConfig.ListItem], style: ListStyle, context: PageContext) {
        view = View(frame: style.bounds, background: .solid(style.theme.background))
        let rows = Rect(x: 0, y: style.barHeight, width: style.width, height: max(1, style.height - style.barHeight))
        list = ListView(frame: rows, titles: items.map(\.title), style: style.rows, metrics: context.metrics,
                        scene: context.scene)
        view.addChild(list.view)
    }

    /// Once a frame: a layer while a push moves the list (and its rows are still).
    func updateLayer(pushed: Bool) { view.shouldRasterize = pushed && !list.isScrolling }
}
