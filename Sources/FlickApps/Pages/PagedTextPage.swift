import FlickGestures
import FlickMotion
import FlickRaster
import FlickUI

/// Pages of text shown one at a time on a card, turned with Prev and Next [transition-animations]: Next
/// brings the next page in from the right, Prev the previous one from the left, each with the transition the
/// config gives the page arrived at.
///
/// The buttons share the finger with the page swipe: a tap turns the page, a drag that becomes a swipe
/// lets the button go without firing. A press back toward the page being left turns a running transition
/// round; any other press during one is ignored rather than cutting it short.
final class PagedTextPage: PageController {
    let view: View
    /// The page of text at rest, or the one the running transition heads to; 0 is the first.
    private(set) var index = 0
    var textIndex: Int? { index }
    private let content: KioskConfig.PagedText
    private let context: PageContext
    private let stage: PagedTextStage
    /// Nil when the fonts cannot be read: the first card shows, without text or buttons.
    private let controls: PagedTextControls?
    /// The page a running transition leaves.
    private var leaving: Int?

    init(_ page: KioskConfig.Page, content: KioskConfig.PagedText, context: PageContext, artwork: PageArtwork) {
        self.content = content
        self.context = context
        let view = View(frame: context.bounds, background: .solid(context.theme.background))
        self.view = view
        let m = context.margin
        let barHeight = context.metrics.pixels(PagedTextControls.buttonHeight).rounded()
        let bar = Rect(x: m, y: Double(context.height) - m - barHeight, width: Double(context.width) - 2 * m, height: barHeight)
        let card = Rect(x: m, y: m, width: bar.width, height: max(0, bar.minY - (m / 2).rounded() - m))
        stage = PagedTextStage(frame: card, showing: PagedTextCard.layer(content.entries[0], size: card.size, context: context),
                               animator: context.scene.animator)
        view.addChild(stage.view)
        controls = context.face(.regular).map { PagedTextControls(in: bar, of: view, face: $0, context: context) }
        controls?.previous.action = { [unowned self] in turn(by: -1) }
        controls?.next.action = { [unowned self] in turn(by: 1) }
        controls?.show(page: index, of: content.entries.count)
    }

    func handle(_ frame: TouchFrame) { controls?.handle(frame) }

    func advance(to time: Double) { stage.advance() }

    /// Prev (−1) or Next (+1).
    func turn(by step: Int) {
        let destination = index + step
        guard content.entries.indices.contains(destination) else { return }
        if stage.isRunning {
            guard destination == leaving else { return }
            stage.turnBack()
        } else {
            let layer = PagedTextCard.layer(content.entries[destination], size: stage.view.bounds.size, context: context)
            let transition = content.transition(arrivingAt: destination).transition(forward: step > 0)
            stage.show(layer, with: transition) { [unowned self] in leaving = nil }
        }
        leaving = index
        index = destination
        controls?.show(page: index, of: content.entries.count)
    }
}

extension KioskConfig.PageTransition {
    /// Without a subtype a step forward comes in from the right and a step back from the left, as in the
    /// seed; the curve is the seed's `UIViewAnimationCurveEaseInOut`.
    func transition(forward: Bool) -> Transition {
        Transition(kind, from: direction ?? (forward ? .fromRight : .fromLeft),
                   timing: Timing(duration: duration, curve: .easeInEaseOut))
    }
}
