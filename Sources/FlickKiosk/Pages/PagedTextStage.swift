import FlickMotion
import FlickRaster
import FlickUI

/// Where a paged-text page shows its cards: a clipped area holding one card layer at rest, and two while a
/// `Transition` runs between them on the scene's animator. Both layers are placed from
/// `composite(atProgress:)` at whole pixels, so their caches are copied or blended, never resampled.
///
/// A run can be turned back toward the layer it is leaving: a spring carries the progress on from where it
/// is, at the speed it has, so nothing jumps.
final class PagedTextStage {
    let view: View
    /// The layer at rest, or the one the running transition heads to.
    private var shown: View
    private var run: Run?
    private let animator: Animator<ObjectIdentifier>
    private var animationTarget: ObjectIdentifier { ObjectIdentifier(self) }
    private static let progressKey = AnimationKey<Double>.transitionProgress

    private struct Run {
        var old: View
        var new: View
        var transition: Transition
        /// The progress the run heads to: 1 for the new layer, 0 once turned back to the old.
        var destination: Double
        var completion: () -> Void
    }

    init(frame: Rect, showing layer: View, animator: Animator<ObjectIdentifier>) {
        view = View(frame: frame)
        view.clipsToBounds = true
        self.animator = animator
        shown = layer
        view.addChild(layer)
    }

    var isRunning: Bool { run != nil }

    /// Runs `transition` from the shown layer to `layer`; `completion` runs once one layer is left at rest.
    func show(_ layer: View, with transition: Transition, completion: @escaping () -> Void) {
        precondition(run == nil, "a transition is already running")
        layer.frame = view.bounds
        view.addChild(layer)
        run = Run(old: shown, new: layer, transition: transition, destination: 1, completion: completion)
        shown = layer
        place(atProgress: 0)
        animator.add(transition.animation, for: animationTarget, key: Self.progressKey, completion: settleWhenFinished)
    }

    /// Sends the running transition back to the layer it was leaving.
    func turnBack() {
        guard var run, let state = animator.state(for: animationTarget, key: Self.progressKey) else { return }
        run.destination = 1 - run.destination
        shown = run.destination == 1 ? run.new : run.old
        self.run = run
        let duration = run.transition.timing.duration
        let spring = Spring(dampingRatio: 1, response: duration > 0 ? duration : Timing.defaultDuration)
        animator.add(SpringAnimation(spring, from: state.value, to: run.destination, initialVelocity: state.velocity,
                                     threshold: progressThreshold),
                     for: animationTarget, key: Self.progressKey, completion: settleWhenFinished)
    }

    /// Places the layers where this frame's progress puts them.
    func advance() {
        guard let progress = animator.value(for: animationTarget, key: Self.progressKey) else { return }
        place(atProgress: progress)
    }

    /// A tenth of a pixel and a pixel a second, in progress along the longer side: the spring settles where
    /// the last step to rest cannot be seen.
    private var progressThreshold: SettlingThreshold {
        let extent = max(1, view.bounds.width, view.bounds.height)
        return SettlingThreshold(position: 0.1 / extent, velocity: 1 / extent)
    }

    private func place(atProgress progress: Double) {
        guard let run else { return }
        let composite = run.transition.composite(atProgress: progress)
        for (layer, placement) in composite.drawingOrder {
            let view = layer == .old ? run.old : run.new
            let offset = placement.pixelOffset(width: self.view.bounds.width, height: self.view.bounds.height)
            view.frame = Rect(origin: Point(x: offset.x.rounded(), y: offset.y.rounded()), size: self.view.bounds.size)
            view.alpha = placement.alpha
        }
        let bottom = composite.top == .new ? run.old : run.new
        if view.children.first !== bottom { view.insertChild(bottom, at: 0) }
    }

    /// The animator owns the handler, so it holds the stage weakly.
    private var settleWhenFinished: Animator<ObjectIdentifier>.Completion {
        // A run turned back replaces its animation; the replaced one reports unfinished.
        { [weak self] finished in if finished { self?.settle() } }
    }

    private func settle() {
        guard let run else { return }
        let hidden = shown === run.new ? run.old : run.new
        hidden.removeFromParent()
        hidden.discardCaches()
        shown.frame = view.bounds
        shown.alpha = 1
        self.run = nil
        run.completion()
    }
}
