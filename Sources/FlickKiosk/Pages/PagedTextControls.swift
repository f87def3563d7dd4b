import FlickGestures
import FlickRaster
import FlickText
import FlickUI

/// Prev and Next along the bottom of a paged-text page with "3 / 10" between them, the seed's two bar
/// buttons: highlighted while pressed, firing on a tap, and let go without firing when the page swipe takes
/// the touch. Their words are the page's language's; on a right-to-left page Next is on the left, where reading
/// goes on.
final class PagedTextControls {
    /// The least a touch target is: a fingertip's 9 mm (UIKit's 44 pt is 7 mm; kiosk users stand and reach).
    static let buttonHeight = Millimetres(9)
    /// Our choice: room for "Prev" and "Next" with a thumb's width to spare; wider when the label needs it.
    static let buttonWidth = Millimetres(18)

    /// The bar's height: a touch target, or taller when the label's text is.
    static func barHeight(face: FontFace, context: PageContext) -> Double {
        let touch = context.metrics.pixels(buttonHeight)
        return max(touch, 1.5 * face.metrics(pixelSize: context.theme.bodySize * context.unit).lineHeight).rounded()
    }
    /// Our choice: a pressed button darkens as much as a pressed UIKit button dims.
    static let pressedShade = 0.3

    let previous: Button
    let next: Button
    let indicator: Label
    private let words: Words

    /// Lays the controls out in `bar` inside `parent`.
    init(in bar: Rect, of parent: View, face: FontFace, context: PageContext) {
        let theme = context.theme
        words = context.words
        let style = Button.Style(fill: theme.accent, highlightedFill: theme.accent.interpolated(to: .black, Self.pressedShade),
                                 title: theme.text)
        let pixelSize = theme.bodySize * context.unit
        // Each label whole with half a line either side, never under the touch width, and a third of the bar at most.
        let padding = face.metrics(pixelSize: pixelSize).lineHeight
        let label = [words[.prev], words[.next]].map { TextLayout($0, face: face, pixelSize: pixelSize).size.width + padding }.max() ?? 0
        let width = min(max(context.metrics.pixels(Self.buttonWidth), label), bar.width / 3).rounded()
        func button(_ title: String, x: Double) -> Button {
            Button(title: title, face: face, pixelSize: pixelSize, style: style,
                   frame: Rect(x: x, y: bar.minY, width: width, height: bar.height), metrics: context.metrics)
        }
        let rightToLeft = context.direction == .rightToLeft
        previous = button(words[.prev], x: rightToLeft ? bar.maxX - width : bar.minX)
        next = button(words[.next], x: rightToLeft ? bar.minX : bar.maxX - width)
        indicator = Label("", face: face, pixelSize: theme.captionSize * context.unit, color: theme.secondaryText,
                          maxLines: 1, alignment: .center)
        let height = indicator.layout(width: bar.width - 2 * width).size.height
        indicator.view.frame = Rect(x: bar.minX + width, y: (bar.center.y - height / 2).rounded(),
                                    width: bar.width - 2 * width, height: height)
        for view in [previous.view, next.view, indicator.view] { parent.addChild(view) }
    }

    /// Shows page `index` (from 0) of `count`: Prev is disabled on the first, Next on the last.
    func show(page index: Int, of count: Int) {
        indicator.text = words.text(.pageNumber, count: count, ["page": words.format(index + 1, for: .pageNumber)])
        previous.isEnabled = index > 0
        next.isEnabled = index < count - 1
    }

}
