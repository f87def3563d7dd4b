import FlickGestures
import FlickMotion
import FlickRaster
import FlickUI

/// A stack of photos, the front one a card to flick away [flick-to-dismiss-photo]. The card follows the finger
/// that takes it (turning when held off-centre), snaps back when let go gently, and flicked far and fast it
/// flies off the screen, revealing the next photo already lying under it. After the last photo the stack
/// starts again at the first: a kiosk never runs out of photos.
///
/// A touch that lands on the card is the page's; anywhere else the page swipe has it.
final class PhotoStackPage: PageController {
    let view: View
    private let photos: [String]
    private let context: PageContext
    private let flick: PhotoFlick
    /// The card on top, and the one under it that a dismissal reveals; nil when the page has no photos.
    private var front: PhotoCard?
    private var back: PhotoCard?
    private var motion: PhotoCardMotion?
    private var finger: TouchID?
    private var tracker = VelocityTracker()

    init(_ page: KioskConfig.Page, content: [String], context: PageContext, artwork: PageArtwork) {
        photos = content
        self.context = context
        flick = PhotoFlick(metrics: context.metrics)
        view = View(frame: context.bounds, background: .solid(context.theme.background))
        // A card flying off must not draw over the neighbouring page while the pages slide.
        view.clipsToBounds = true
        guard !photos.isEmpty else { return }
        let first = PhotoCard(path: photos[0], index: 0, context: context)
        view.addChild(first.view)
        bringForward(first)
    }

    var photoIndex: Int? { front?.index }

    var isMoving: Bool { !(motion?.isSettled ?? true) }

    func takesTouch(at point: Point) -> Bool {
        guard let front, let motion else { return false }
        return front.contains(point, placedAs: motion.item)
    }

    func handle(_ frame: TouchFrame) {
        for event in frame.events {
            let point = event.position.point
            switch event.phase {
            case .down:
                // The pages scene also shows this page the touches it shares with the swipe: those are not on the card.
                guard finger == nil, takesTouch(at: point) else { continue }
                finger = event.id
                tracker.reset()
                tracker.add(event.position, at: event.time)
                motion?.grab(at: Vector2(point))
            case .move where event.id == finger:
                tracker.add(event.position, at: event.time)
                motion?.drag(to: Vector2(point))
            case .up where event.id == finger:
                let velocity = tracker.velocity(at: event.time)
                motion?.release(velocity: Vector2(velocity.x, velocity.y))
                finger = nil
            case .cancel where event.id == finger:
                motion?.release(velocity: .zero)
                finger = nil
            default:
                continue
            }
        }
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
        motion = PhotoCardMotion(home: card.restingItem, flick: flick, screen: Bounds(context.bounds))
        let next = (card.index + 1) % photos.count
        let under = PhotoCard(path: photos[next], index: next, context: context)
        view.insertChild(under.view, at: 0)
        context.scene.tree.prepareCaches(in: under.view)
        back = under
    }
}
