import FlickGestures
import FlickMotion
import FlickRaster
import FlickText
import FlickUI

/// Pages of text shown one at a time on a card, turned with Prev and Next [transition-animations]: Next
/// brings the next page in from the right, Prev the previous one from the left (mirrored on a right-to-left page),
/// each with the transition the config gives the page arrived at.
///
/// The buttons share the finger with the page swipe: a tap turns the page, a drag that becomes a swipe
/// lets the button go without firing. Every press turns a page: one back toward the page a running transition
/// leaves turns it round, and any other waits for the running one to end (the indicator and the buttons show
/// where the presses lead at once).
final class PagedTextPage: PageController, ReportsKioskState {
    let view: View
    /// The page of text at rest, or the one the running transition heads to; 0 is the first.
    private(set) var index = 0
    /// Turns pressed while a transition ran, to run after it, in order.
    private var queued: [Int] = []
    /// Where the presses so far lead.
    private var destination: Int { index + queued.reduce(0, +) }
    var textIndex: Int? { destination }
    private let content: KioskConfig.PagedText
    private let context: PageContext
    private let stage: TransitionStage
    let controls: PagedTextControls
    /// The page a running transition leaves.
    private var leaving: Int?

    init(content: KioskConfig.PagedText, context: PageContext) {
        self.content = content
        self.context = context
        let view = View(frame: context.bounds, background: .solid(context.theme.background))
        self.view = view
        let m = context.margin
        let barHeight = PagedTextControls.barHeight(face: context.face(.regular), context: context)
        let bar = Rect(x: m, y: Double(context.height) - m - barHeight, width: Double(context.width) - 2 * m, height: barHeight)
        let card = Rect(x: m, y: m, width: bar.width, height: max(0, bar.minY - (m / 2).rounded() - m))
        stage = TransitionStage(frame: card, showing: PagedTextCard.layer(content.entries[0], size: card.size, context: context),
                                scene: context.scene)
        view.addChild(stage.view)
        controls = PagedTextControls(in: bar, of: view, face: context.face(.regular), context: context)
        controls.previous.action = { [unowned self] in turn(by: -1) }
        controls.next.action = { [unowned self] in turn(by: 1) }
        controls.show(page: index, of: content.entries.count)
    }

    /// Prev (−1) or Next (+1).
    func turn(by step: Int) {
        guard content.entries.indices.contains(destination + step) else { return }
        if !stage.isRunning {
            start(step)
        } else if queued.isEmpty, index + step == leaving {
            stage.turnBack()
            leaving = index
            index += step
        } else {
            queued.append(step)
        }
        controls.show(page: destination, of: content.entries.count)
    }

    private func start(_ step: Int) {
        let next = index + step
        let layer = PagedTextCard.layer(content.entries[next], size: stage.view.bounds.size, context: context)
        let transition = content.transition(arrivingAt: next).transition(forward: step > 0, direction: context.direction)
        stage.show(layer, with: transition) { [unowned self] in
            leaving = nil
            if !queued.isEmpty { start(queued.removeFirst()) }
        }
        leaving = index
        index = next
    }
}

extension KioskConfig.PageTransition {
    /// Without a subtype a step forward comes in from the right and a step back from the left, as in the
    /// seed, and the other way round on a right-to-left page, where Next is on the left; the curve is the seed's
    /// `UIViewAnimationCurveEaseInOut`.
    func transition(forward: Bool, direction reading: TextDirection = .leftToRight) -> Transition {
        let fromRight = forward == (reading == .leftToRight)
        return Transition(kind, from: direction ?? (fromRight ? .fromRight : .fromLeft),
                   timing: Timing(duration: duration, curve: .easeInEaseOut))
    }
}
