import FlickGestures
import FlickRaster
import FlickText
import FlickUI

/// Prev and Next along the bottom of a paged-text page with "3 / 10" between them, the seed's two bar
/// buttons: highlighted while pressed, firing on a tap, and let go without firing when the page swipe takes
/// the touch.
final class PagedTextControls {
    /// UIKit's 44 pt minimum touch target on a 163 ppi iPhone.
    static let buttonHeight = Millimetres(7)
    /// Our choice: room for "Prev" and "Next" with a thumb's width to spare.
    static let buttonWidth = Millimetres(18)
    /// Our choice: a pressed button darkens as much as a pressed UIKit button dims.
    static let pressedShade = 0.3

    let previous: Button
    let next: Button
    private let indicator: Label

    /// Lays the controls out in `bar` inside `parent`.
    init(in bar: Rect, of parent: View, face: FontFace, context: PageContext) {
        let theme = context.theme
        let style = Button.Style(fill: theme.accent, highlightedFill: theme.accent.interpolated(to: .black, Self.pressedShade),
                                 title: theme.text)
        let width = min(context.metrics.pixels(Self.buttonWidth), bar.width / 3).rounded()
        func button(_ title: String, x: Double) -> Button {
            Button(title: title, face: face, pixelSize: theme.bodySize * context.scale, style: style,
                   frame: Rect(x: x, y: bar.minY, width: width, height: bar.height), metrics: context.metrics)
        }
        previous = button("Prev", x: bar.minX)
        next = button("Next", x: bar.maxX - width)
        indicator = Label("", face: face, pixelSize: theme.captionSize * context.scale, color: theme.secondaryText,
                          maxLines: 1, alignment: .center)
        let height = indicator.layout(width: bar.width - 2 * width).size.height
        indicator.view.frame = Rect(x: bar.minX + width, y: (bar.center.y - height / 2).rounded(),
                                    width: bar.width - 2 * width, height: height)
        for view in [previous.view, next.view, indicator.view] { parent.addChild(view) }
    }

    /// Shows page `index` (from 0) of `count`: Prev is disabled on the first, Next on the last.
    func show(page index: Int, of count: Int) {
        indicator.text = "\(index + 1) / \(count)"
        previous.isEnabled = index > 0
        next.isEnabled = index < count - 1
    }

}
