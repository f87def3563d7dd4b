import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickUI

/// A card on the screen: tap it and it changes colour; drag it and it follows the finger; let go and a spring
/// carries it home at the finger's speed.
public final class HelloScene: Scene {
    public static let colours = [Color(hex: 0x3366CC), Color(hex: 0xCC3366), Color(hex: 0x33AA66)]
    public static let background = Color(hex: 0x101418)

    public let views: ViewScene
    public let card: View
    /// Where the card rests.
    public let home: Point
    public private(set) var taps = 0
    private static let position = AnimationKey<Point>("position")

    public init(width: Int, height: Int, metrics: GestureMetrics = GestureMetrics(dotsPerInch: 160)) {
        views = ViewScene(width: width, height: height)
        views.tree.clearColor = Self.background
        views.dispatcher.metrics = metrics
        let size = Size(width: 240, height: 160)
        home = Point(x: ((Double(width) - size.width) / 2).rounded(), y: ((Double(height) - size.height) / 2).rounded())
        card = View(frame: Rect(origin: home, size: size))
        card.content = ViewContent { [unowned self] canvas, bounds in
            canvas.fill(roundedRect: bounds, radius: 24, paint: .solid(Self.colours[taps % Self.colours.count]))
        }
        views.root.addChild(card)

        let tap = Gesture(TapRecognizer(metrics: metrics))
        tap.onPhase = { [unowned self] phase in
            guard phase == .ended else { return }
            taps += 1
            card.setNeedsDisplay()
        }
        card.addGesture(tap)

        // The arena gives a touch to the tap or the drag, never both: a drag past the slop wins it.
        let drag = Gesture(PanRecognizer(metrics: metrics))
        var grabbed = home
        drag.onPhase = { [unowned self, unowned drag] phase in
            let pan = drag.recognizer
            switch phase {
            case .touchDown:
                // A finger catches a card still springing home where it is.
                views.animator.stop(ObjectIdentifier(card), key: Self.position)
                grabbed = card.frame.origin
            case .began, .changed:
                card.frame.origin = Point(x: grabbed.x + pan.translation.x, y: grabbed.y + pan.translation.y)
            case .ended, .cancelled:
                let velocity = phase == .ended ? Point(x: pan.velocity.x, y: pan.velocity.y) : .zero
                let spring = SpringAnimation(Spring(dampingRatio: 0.8, response: 0.4), from: card.frame.origin, to: home,
                                             initialVelocity: velocity, threshold: .pixels)
                views.animate(card, key: Self.position, with: spring, apply: { view, origin in view.frame.origin = origin })
            case .possible, .failed:
                break
            }
        }
        card.addGesture(drag)
    }

    // A scene is what the frame loop runs: the view scene does the work.
    public func handle(_ event: InputEvent) { views.handle(event) }
    public func advance(to time: Double) { views.advance(to: time) }
    public var needsFrame: Bool { views.needsFrame }
    public var nextDeadline: Double? { views.nextDeadline }
    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { views.draw(on: canvas, fullRedraw: fullRedraw) }
}
