import FlickGestures
import FlickRaster
import FlickText
import FlickUI

/// The list page's navigation bar, which stays still while the content under it pushes and bounces (in the
/// seed [flick-between-detail-views] the transition is on the table view, not on the navigation bar). On the
/// list it shows the list's title; on a detail, a back control labelled "‹ <list title>" and the item's title (on a
/// right-to-left page the control is on the right, its chevron mirrored by the text's direction).
final class ListBar {
    let view: View
    let back: Button
    let title: Label
    private let listTitle: String
    private let style: ListStyle

    init(listTitle: String, style: ListStyle, metrics: GestureMetrics) {
        self.listTitle = listTitle
        self.style = style
        (view, title) = style.bar(title: listTitle)
        let text = "‹ " + listTitle
        var frame = Self.backFrame(fitting: TextLayout(text, face: style.regular, pixelSize: style.barTextSize).size.width,
                                   style: style)
        if style.direction == .rightToLeft { frame.origin.x = style.width - frame.maxX }
        back = Button(title: text, face: style.regular, pixelSize: style.barTextSize, style: style.backButton, frame: frame,
                      metrics: metrics)
        back.view.isHidden = true
        view.addChild(back.view)
    }

    /// The list's title, or an item's with the back control.
    func show(item: KioskConfig.ListItem?) {
        back.view.isHidden = item == nil
        title.text = item?.title ?? listTitle
        let side = style.direction == .rightToLeft ? style.width - back.view.frame.minX : back.view.frame.maxX
        style.centre(title, in: view, sideRoom: item == nil ? 0 : side + style.inset)
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
