import FlickGestures
import FlickMotion
import FlickRaster
import FlickUI

/// A stack of photos, the front one a card to flick away [flick-to-dismiss-photo]. The card follows the finger
/// that takes it (turning when held off-centre), snaps back when let go gently, and flicked far and fast it
/// flies off the screen, revealing the next photo already lying under it. After the last photo the stack
/// starts again at the first: a kiosk never runs out of photos.
///
/// A drag that starts on the card's print moves the card; anywhere else, and from a screen edge, it is the page
/// swipe's.
final class PhotoStackPage: PageController, ReportsKioskState {
    let view: View
    private let photos: [String]
    private let context: PageContext
    private let flick: PhotoFlick
    /// The card on top, and the one under it that a dismissal reveals; nil when the page has no photos.
    private var front: PhotoCard?
    private var back: PhotoCard?
    private var motion: PhotoCardMotion?
    private let grip: Gesture<PanRecognizer>
    /// A finger holds the front card.
    private var isHolding = false

    init(content: [String], context: PageContext) {
        photos = content
        self.context = context
        flick = PhotoFlick(metrics: context.metrics)
        view = View(frame: context.bounds, background: .solid(context.theme.background))
        // A card flying off must not draw over the neighbouring page while the pages slide.
        view.clipsToBounds = true
        grip = Gesture(PanRecognizer(metrics: context.metrics))
        attachGrip()
        guard !photos.isEmpty else { return }
        let first = PhotoCard(path: photos[0], index: 0, context: context)
        view.addChild(first.view)
        bringForward(first)
    }

    var photoIndex: Int? { front?.index }
    /// The front card as its dynamics have it.
    var frontItem: DynamicItem? { motion?.item }

    var isMoving: Bool { !(motion?.isSettled ?? true) }

    /// A finger on the card holds it at once (a flying card stops under it) through the attachment at that point,
    /// and the card follows it once it drags; if the touch turns out to be something else (a tap, the page swipe
    /// from an edge) the card is let go where it is and snaps home.
    private func attachGrip() {
        grip.shouldBegin = { [unowned self] in isHolding }
        grip.onPhase = { [unowned self] phase in
            let pan = grip.recognizer
            switch phase {
            case .touchDown:
                guard let start = pan.startLocation, let front, let motion, front.contains(start, placedAs: motion.item)
                else { return }
                self.motion?.grab(at: start)
                isHolding = true
            case .possible:
                break
            case .began, .changed:
                guard let location = pan.location else { return }
                motion?.drag(to: location)
            case .ended:
                isHolding = false
                motion?.release(velocity: pan.velocity,
                                travel: pan.translation)
            case .cancelled, .failed:
                guard isHolding else { return }
                isHolding = false
                motion?.release(velocity: .zero, travel: .zero)
            }
        }
        view.addGesture(grip)
    }

    func advance(to time: Double) {
        guard let front, var motion, !motion.isSettled else { return }
        let hasLeft = motion.advance(to: time)
        front.place(as: motion.item)
        self.motion = motion
        if hasLeft { dismissFront() }
    }

    /// The flown card is gone; the one under it, already drawn, is the front card now.
    private func dismissFront() {
        guard let back else { return }
        front?.view.removeFromParent()
        bringForward(back)
    }

    /// Makes `card` the front card, at rest, and lays the next photo under it.
    private func bringForward(_ card: PhotoCard) {
        front = card
        motion = PhotoCardMotion(home: card.restingItem, flick: flick, screen: context.bounds)
        let next = (card.index + 1) % photos.count
        let under = PhotoCard(path: photos[next], index: next, context: context)
        view.insertChild(under.view, at: 0)
        context.scene.tree.prepareCaches(in: under.view)
        back = under
    }
}
