import FlickGestures
import FlickMotion
import FlickRaster

/// Scrolls what a view shows up and down as UIScrollView does: 1:1 with a vertical drag, coasting on from the
/// finger's velocity when released (`Decay` at UIScrollView's normal rate), resisting past either end
/// (`RubberBand`) and springing back (`BoundedDecay`), as its `Scroller` says; every motion runs on the scene's
/// animator. A finger on a
/// moving view catches it where it shows. The view says how tall its content is and moves it by `onOffset`; a
/// drag the content cannot follow (at an end, or too short to scroll) is left to an enclosing pager.
public final class VerticalScroller {
    /// How far the content is scrolled up, in pixels; below 0 or past `maximumOffset` while rubber-banded.
    public private(set) var offset = 0.0
    /// The content's height: what there is to scroll through.
    public var contentHeight: Double { didSet { if !isScrolling { settleInside() } } }
    /// The content moved: place it `offset` pixels up.
    public var onOffset: (Double) -> Void = { _ in }
    /// A finger landed at `point`; `stoppedMotion` when it only stopped a moving (or rubber-banded) view.
    public var onCatch: (_ point: Point?, _ stoppedMotion: Bool) -> Void = { _, _ in }
    /// The drag began to scroll.
    public var onDragBegan: () -> Void = {}

    /// Below this a coasting view reads as stopped: a tap on it acts instead of only stopping it (iOS stops a
    /// view that moves visibly and leaves the tap unanswered). Our choice: about 2 px a frame at 160 dpi.
    public static let restingSpeed = MillimetresPerSecond(20)

    private let view: View
    private let scene: ViewScene
    private let metrics: GestureMetrics
    /// The unresisted offset the finger took the content at.
    private var grabbedOffset = 0.0
    /// The pan's translation when it began: subtracted, so the content starts moving from where it is instead of
    /// jumping by the slop.
    private var grab = 0.0
    private var isDragging = false
    private static let offsetKey = AnimationKey<Double>("contentOffset")

    /// Scrolls `view`'s content (the gesture is attached to `view`), `contentHeight` pixels tall. `metrics` is the
    /// panel's density (slop, speeds); `scene` runs the motions and must be the scene whose tree shows `view`.
    public init(view: View, contentHeight: Double, metrics: GestureMetrics, scene: ViewScene) {
        self.view = view
        self.contentHeight = contentHeight
        self.metrics = metrics
        self.scene = scene
        attachPan()
    }

    /// The furthest the content scrolls at rest, in pixels: its height less the view's.
    public var maximumOffset: Double { max(0, contentHeight - view.frame.height) }

    /// A finger drags the content or it coasts.
    public var isScrolling: Bool { isDragging || isCoasting }

    private var isCoasting: Bool { scene.animator.isAnimating(ObjectIdentifier(view), key: Self.offsetKey) }
    private var scroller: Scroller { Scroller(bounds: 0...maximumOffset, dimension: view.frame.height, offset: offset) }

    /// Jumps to `offset` (clamped to the content), stopping any motion.
    public func scroll(to offset: Double) {
        scene.animator.stop(ObjectIdentifier(view), key: Self.offsetKey)
        setOffset(min(max(offset, 0), maximumOffset))
    }

    /// Released at `velocity` (offset pixels per second): coasts, bounces off an end, or springs back into
    /// the content; nothing when at rest inside.
    public func coast(velocity: Double) {
        guard let motion = scroller.release(velocity: velocity) else { return }
        scene.animate(view, key: Self.offsetKey, with: motion, apply: { [weak self] _, offset in self?.setOffset(offset) },
                      completion: { [weak self] finished in
                          guard let self else { return }
                          // A spring back settles within a fraction of a pixel of the end: it rests on it, or a
                          // later touch would take the content for one still in its rubber band.
                          if finished { setOffset(scroller.clampedOffset) }
                      })
    }

    /// Content that shrank under a view at rest shows its end, not space past it.
    private func settleInside() {
        if offset > maximumOffset { setOffset(maximumOffset) }
    }

    private func attachPan() {
        let pan = Gesture(PanRecognizer(metrics: metrics, axisLock: .only(.vertical)))
        pan.dragResponse = { [weak self] direction in self?.response(to: direction) ?? .ignores }
        pan.onPhase = { [weak self, unowned pan] phase in
            guard let self else { return }
            let recognizer = pan.recognizer
            switch phase {
            case .touchDown: catchMotion(at: recognizer.startLocation)
            case .possible, .failed: break
            case .began:
                grab = recognizer.translation.y
                isDragging = true
                onDragBegan()
                fallthrough
            case .changed:
                setOffset(scroller.resisted(grabbedOffset - (recognizer.translation.y - grab)))
            case .ended:
                isDragging = false
                coast(velocity: -recognizer.velocity.y)
            case .cancelled:
                isDragging = false
                coast(velocity: 0)
            }
        }
        view.addGesture(pan)
    }

    /// Whether a drag that way scrolls: content at an end, or too short to scroll, only resists.
    private func response(to direction: SwipeDirection) -> DragResponse {
        switch direction {
        case .up: offset < maximumOffset ? .moves : .resists
        case .down: offset > 0 ? .moves : .resists
        case .left, .right: .ignores
        }
    }

    /// A finger landed: moving content stops where it shows.
    private func catchMotion(at point: Point?) {
        let caught = scene.animator.stop(ObjectIdentifier(view), key: Self.offsetKey)
        let stoppedMotion = caught.map { abs($0.velocity) >= metrics.pixelsPerSecond(Self.restingSpeed) } ?? false
            || !scroller.bounds.contains(offset)
        grabbedOffset = scroller.fingerOffset
        onCatch(point, stoppedMotion)
    }

    private func setOffset(_ offset: Double) {
        self.offset = offset
        onOffset(offset)
    }
}
