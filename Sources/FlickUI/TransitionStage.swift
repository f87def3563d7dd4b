import FlickMotion
import FlickRaster

/// A clipped area that shows one view at rest and runs a `Transition` (FlickMotion: fade, move in, push, reveal) to the next:
/// the seeds' `CATransition` between two pages of content.
///
/// ```swift
/// let stage = TransitionStage(frame: area, showing: first, scene: scene)
/// screen.addChild(stage.view)
/// stage.show(second, with: Transition(.push, from: .fromRight)) { /* second is at rest */ }
/// ```
///
/// Both views are placed at whole pixels on every frame of the run, so a rasterized view's layer is copied or
/// blended, never resampled. A run can be turned back toward the view it is leaving (``turnBack()``): a spring
/// carries the progress on from where it is, at the speed it has, so nothing jumps. The progress runs on the
/// scene's animator, on the frame loop's clock.
public final class TransitionStage {
    /// The clipped area; add it to the screen's views.
    public let view: View
    /// The view at rest, or the one the running transition heads to.
    public private(set) var shown: View
    private var run: Run?
    private let scene: ViewScene

    private struct Run {
        var old: View
        var new: View
        var transition: Transition
        /// The progress the run heads to: 1 for the new view, 0 once turned back to the old.
        var destination: Double
        var completion: () -> Void
    }

    /// A stage at `frame` (in its parent's coordinates) showing `view`, animated by `scene`'s animator. The views it
    /// shows are sized to the stage.
    public init(frame: Rect, showing view: View, scene: ViewScene) {
        self.view = View(frame: frame)
        self.view.clipsToBounds = true
        self.scene = scene
        shown = view
        view.frame = self.view.bounds
        self.view.addChild(view)
    }

    /// A transition is running (or turned back and still running).
    public var isRunning: Bool { run != nil }

    /// Runs `transition` from the shown view to `next`; `completion` runs once one view is left at rest, and the
    /// other has been removed and its layer discarded. Keep the widgets of both views (a ``Label`` on them, say)
    /// until then: the leaving view is drawn until the end, and ``turnBack()`` may bring it back. Only one transition
    /// runs at a time: calling `show` while ``isRunning`` stops the program (a precondition); wait for `completion`
    /// (queue what comes in meanwhile, as the paged-text page queues its presses), or turn the running one back.
    public func show(_ next: View, with transition: Transition, completion: @escaping () -> Void = {}) {
        precondition(run == nil, "TransitionStage.show: a transition is already running; wait for its completion")
        next.frame = view.bounds
        view.addChild(next)
        run = Run(old: shown, new: next, transition: transition, destination: 1, completion: completion)
        shown = next
        place(atProgress: 0)
        animateProgress(with: transition.animation)
    }

    /// Sends the running transition back to the view it was leaving, at the speed the progress has now.
    public func turnBack() {
        guard var run, let state = scene.animator.state(for: ObjectIdentifier(view), key: .transitionProgress) else { return }
        run.destination = 1 - run.destination
        shown = run.destination == 1 ? run.new : run.old
        self.run = run
        let duration = run.transition.timing.duration
        let spring = Spring(dampingRatio: 1, response: duration > 0 ? duration : Timing.defaultDuration)
        animateProgress(with: SpringAnimation(spring, from: state.value, to: run.destination, initialVelocity: state.velocity,
                                              threshold: progressThreshold))
    }

    /// A run turned back replaces its animation; the replaced one completes unfinished and settles nothing.
    private func animateProgress<M: Motion<Double>>(with motion: M) {
        scene.animate(view, key: .transitionProgress, with: motion,
                      apply: { [weak self] _, progress in self?.place(atProgress: progress) },
                      completion: { [weak self] finished in if finished { self?.settle() } })
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
            let placed = layer == .old ? run.old : run.new
            let offset = placement.pixelOffset(in: view.bounds.size)
            placed.frame = Rect(origin: Point(x: offset.x.rounded(), y: offset.y.rounded()), size: view.bounds.size)
            placed.alpha = placement.alpha
        }
        let bottom = composite.top == .new ? run.old : run.new
        if view.children.first !== bottom { view.insertChild(bottom, at: 0) }
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
