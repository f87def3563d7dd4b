import FlickGestures
import FlickKiosk
import FlickRaster
import FlickText
import FlickUI

/// The counter on screen: its label and the count, on a card of its colour. A tap anywhere on the card adds one;
/// a drag is the kiosk's page swipe, which the tap loses to in the gesture arena.
public final class CounterPage: PageController {
    public let view: View
    public private(set) var count = 0
    // A widget's view draws through the widget: the page keeps its labels for as long as their views are shown.
    private let title: Label
    private let number: Label

    init(kind: CounterKind, context: PageContext) {
        view = View(frame: context.bounds, background: .solid(context.theme.background))
        let card = View(frame: context.bounds.insetBy(dx: context.margin, dy: context.margin),
                        background: .solid(kind.colour))
        view.addChild(card)
        let inset = context.margin, width = card.frame.width - 2 * inset
        title = Label(kind.label, face: context.face(.bold), pixelSize: context.theme.titleSize * context.unit,
                      color: context.theme.text, frame: Rect(x: inset, y: inset, width: width, height: 0), maxLines: 2)
        title.view.frame.size.height = title.fittingHeight
        card.addChild(title.view)
        number = Label("0", face: context.face(.bold), pixelSize: 3 * context.theme.titleSize * context.unit,
                       color: context.theme.text, frame: Rect(x: inset, y: title.view.frame.maxY + inset, width: width, height: 0),
                       maxLines: 1)
        number.view.frame.size.height = number.fittingHeight
        card.addChild(number.view)
        let tap = Gesture(TapRecognizer(metrics: context.metrics))
        tap.onPhase = { [unowned self] phase in
            guard phase == .ended else { return }
            count += 1
            number.text = "\(count)"
        }
        card.addGesture(tap)
    }
}
