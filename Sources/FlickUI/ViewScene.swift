import FlickInput
import FlickMotion
import FlickRaster

/// A view tree as the run loop's `Scene`: touches go to the gestures attached to its views through the
/// `TouchDispatcher`, other input to the app's handler, time to the animator (whose values the `animate`
/// bindings write into views), and a frame draws the tree's damage.
///
/// The scene is driven from the frame loop's thread: change its views, start animations and handle gestures there
/// (in gesture, event and advance callbacks), not from another thread.
public final class ViewScene: Scene {
    /// The views and their damage; ``root`` is its root view.
    public let tree: ViewTree
    /// Keyed by the animated view (or any object the app animates).
    public let animator = Animator<ObjectIdentifier>()
    /// Decides which gesture owns each finger; set its `metrics` to the panel's density.
    public let dispatcher: TouchDispatcher
    /// Receives the input events that are not touches (keys, devices).
    public var onEvent: ((InputEvent) -> Void)?
    /// Runs after the animator ticks, with the frame's presentation time: for motion the app drives itself.
    public var onAdvance: ((Double) -> Void)?
    /// When the scene must wake without input (a long-press deadline), or nil.
    public var deadline: (() -> Double?)?
    /// Animated values written into views each frame.
    private var bindings: [Binding] = []

    private struct Binding {
        var target: ObjectIdentifier
        var key: String
        var isLive: () -> Bool
        var apply: () -> Void
    }

    /// A scene for a screen of `width`×`height` pixels, with an empty root view that fills it.
    public init(width: Int, height: Int) {
        tree = ViewTree(width: width, height: height)
        dispatcher = TouchDispatcher(tree: tree)
    }

    /// The root view: the whole screen. Add your views to it.
    public var root: View { tree.root }

    /// Runs `motion` on `key` of `view`, writing each frame's value with `apply` (e.g. `{ $0.alpha = $1 }`).
    /// The final value (the motion's `finalValue`, its target, when it has one) is written when the
    /// motion completes; a replaced or stopped one writes nothing more.
    public func animate<M: Motion>(_ view: View, key: AnimationKey<M.Value>, with motion: M,
                                   apply: @escaping (View, M.Value) -> Void,
                                   completion: Animator<ObjectIdentifier>.Completion? = nil) {
        let target = ObjectIdentifier(view)
        let begin = animator.time
        let slot = Slot(target: target, key: key.name)
        bindings.removeAll { $0.target == target && $0.key == key.name }
        retargetedEnds[slot] = nil
        // The animator owns the handler, so it holds the animator weakly to leave no cycle behind.
        animator.add(motion, for: target, key: key) { [weak self, weak view, unowned animator] finished in
            let retargeted = self?.retargetedEnds.removeValue(forKey: slot) as? M.Value
            if finished, let view {
                apply(view, retargeted ?? motion.finalValue ?? motion.value(at: motion.endTime ?? (animator.time - begin)))
            }
            completion?(finished)
        }
        bindings.append(Binding(
            target: target, key: key.name,
            isLive: { [weak view, animator] in view != nil && animator.isAnimating(target, key: key) },
            apply: { [weak view, animator] in
                guard let view, let value = animator.value(for: target, key: key) else { return }
                apply(view, value)
            }))
    }

    /// Sends the running animation on `key` of `view` to `value` without a jump (the animator's retarget);
    /// its completion then writes `value`. False when nothing animates the key.
    @discardableResult
    public func retarget<Value>(_ view: View, key: AnimationKey<Value>, to value: Value) -> Bool {
        guard animator.retarget(ObjectIdentifier(view), key: key, to: value) else { return false }
        retargetedEnds[Slot(target: ObjectIdentifier(view), key: key.name)] = value
        return true
    }

    private struct Slot: Hashable {
        var target: ObjectIdentifier
        var key: String
    }

    /// Where retargeted animations now end, for their completions to write.
    private var retargetedEnds: [Slot: Any] = [:]

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        if case .touches(let frame) = event {
            dispatcher.handle(frame)
        } else {
            onEvent?(event)
        }
    }

    public func advance(to time: Double) {
        dispatcher.advance(to: time)
        animator.tick(to: time)
        bindings.removeAll { !$0.isLive() }
        for binding in bindings { binding.apply() }
        onAdvance?(time)
    }

    public var needsFrame: Bool { tree.needsDisplay || animator.isAnimating }

    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        tree.render(on: canvas, fullRedraw: fullRedraw)
    }

    public var nextDeadline: Double? {
        [deadline?(), dispatcher.deadline].compactMap { $0 }.min()
    }
}
