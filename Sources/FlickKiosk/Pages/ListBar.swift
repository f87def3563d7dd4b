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
    /// The back control with the list's title, and with its chevron alone: what it shrinks to when an item's title
    /// would not fit centred beside it (as a navigation bar's back button does), on a narrow portrait screen.
    private let fullBack: (title: String, frame: Rect)
    private let chevronBack: (title: String, frame: Rect)

    init(listTitle: String, style: ListStyle, metrics: GestureMetrics) {
        self.listTitle = listTitle
        self.style = style
        (view, title) = style.bar(title: listTitle)
        let text = "‹ " + listTitle
        let full = Self.backFrame(fitting: TextLayout(text, face: style.regular, pixelSize: style.barTextSize).size.width,
                                  style: style)
        // Square: as large a target as the full control is tall. A chevron alone has no text to turn it round on
        // a right-to-left page, so it is written pointing the way back there.
        let chevron = Rect(x: full.minX, y: full.minY, width: full.height, height: full.height)
        fullBack = (text, Self.placed(full, style: style))
        chevronBack = (style.direction == .rightToLeft ? "›" : "‹", Self.placed(chevron, style: style))
        back = Button(title: text, face: style.regular, pixelSize: style.barTextSize, style: style.backButton,
                      frame: fullBack.frame, metrics: metrics)
        back.view.isHidden = true
        view.addChild(back.view)
    }

    /// The list's title, or an item's with the back control.
    func show(item: KioskConfig.ListItem?) {
        back.view.isHidden = item == nil
        title.text = item?.title ?? listTitle
        guard item != nil else { return style.centre(title, in: view, sideRoom: 0) }
        let needed = TextLayout(title.text, face: style.bold, pixelSize: style.barTextSize).size.width
        let shown = style.width - 2 * sideRoom(beside: fullBack.frame) >= needed ? fullBack : chevronBack
        if back.title != shown.title {
            back.title = shown.title
            back.view.frame = shown.frame
            back.layoutLabel()
        }
        style.centre(title, in: view, sideRoom: sideRoom(beside: shown.frame))
    }

    /// What the centred title keeps clear of at both ends beside a back control at `frame`.
    private func sideRoom(beside frame: Rect) -> Double {
        (style.direction == .rightToLeft ? style.width - frame.minX : frame.maxX) + style.inset
    }

    /// Wide enough for the title inside Button's own inset (min(16, width / 8) each side), but never more
    /// than 40 % of the bar: a long list title ends in an ellipsis.
    private static func backFrame(fitting textWidth: Double, style: ListStyle) -> Rect {
        let wide = textWidth + 33
        let width = min(wide >= 128 ? wide : ((textWidth + 1) * 4 / 3).rounded(.up), (style.width * 0.4).rounded())
        let inset = (style.barHeight * 0.15).rounded()
        return Rect(x: (style.inset / 2).rounded(), y: inset, width: width, height: style.barHeight - 2 * inset)
    }

    /// `frame` at the bar's right end instead on a right-to-left page.
    private static func placed(_ frame: Rect, style: ListStyle) -> Rect {
        guard style.direction == .rightToLeft else { return frame }
        var mirrored = frame
        mirrored.origin.x = style.width - frame.maxX
        return mirrored
    }
}
