import FlickRaster
import FlickText
import FlickUI

/// One item of the list on its own (the seed's EventViewController): a bar with a back control labelled
/// "‹ <list title>" and the item's title, then the title large and the item's detail wrapped below.
/// Rasterized: it moves as one layer, and a new item redraws it once.
final class DetailView {
    let view: View
    /// nil without fonts; the edge swipe still goes back.
    let back: Button?
    private let barTitle: Label?
    private let bar: View
    /// Keeps the bar's title centred and clear of the back control.
    private let barSideRoom: Double
    private let title: Label?
    private let detail: Label?
    private let style: ListStyle

    init(listTitle: String, style: ListStyle) {
        self.style = style
        view = View(frame: style.bounds, background: .solid(style.theme.background))
        view.shouldRasterize = true
        back = style.regular.map { face in
            let text = "‹ " + listTitle
            let frame = Self.backFrame(fitting: TextLayout(text, face: face, pixelSize: style.barTextSize).size.width,
                                       style: style)
            return Button(title: text, face: face, pixelSize: style.barTextSize, style: style.backButton, frame: frame)
        }
        barSideRoom = back.map { $0.view.frame.maxX + style.inset } ?? 0
        (bar, barTitle) = style.bar(title: "", sideRoom: barSideRoom)
        if let back { bar.addChild(back.view) }
        let theme = style.theme, textWidth = style.width - 2 * style.margin
        title = style.bold.map {
            Label("", face: $0, pixelSize: theme.titleSize * style.scale, color: theme.text,
                  frame: Rect(x: style.margin, y: 0, width: textWidth, height: 0), maxLines: 2)
        }
        detail = style.regular.map {
            Label("", face: $0, pixelSize: theme.bodySize * style.scale, color: theme.text,
                  frame: Rect(x: style.margin, y: 0, width: textWidth, height: 0))
        }
        for label in [title, detail].compactMap({ $0 }) { view.addChild(label.view) }
        view.addChild(bar)
    }

    func show(_ item: KioskConfig.ListItem) {
        if let barTitle {
            barTitle.text = item.title
            style.centre(barTitle, in: bar, sideRoom: barSideRoom)
        }
        var y = style.barHeight + (style.margin / 2).rounded()
        for (label, text) in [(title, item.title), (detail, item.detail)] {
            guard let label else { continue }
            label.text = text
            label.view.frame.origin.y = y
            label.view.frame.size.height = label.fittingHeight
            y += label.view.frame.height + (16 * style.scale).rounded()
        }
    }

    /// Wide enough for the title inside Button's own inset (min(16, width / 8) each side), but never more
    /// than 40 % of the bar: a long list title ends in an ellipsis.
    private static func backFrame(fitting textWidth: Double, style: ListStyle) -> Rect {
        let wide = textWidth + 33
        let width = min(wide >= 128 ? wide : ((textWidth + 1) * 4 / 3).rounded(.up), (style.width * 0.4).rounded())
        let inset = (style.barHeight * 0.15).rounded()
        return Rect(x: (style.inset / 2).rounded(), y: inset, width: width, height: style.barHeight - 2 * inset)
    }
}
