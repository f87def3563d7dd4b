import FlickGestures
import FlickUI

/// What the page swipe tells the pages, in order, for one touch sequence: the pages decide, the swipe only reports.
protocol PageSwipeHandler: AnyObject {
    /// The axes a new drag may lock to, and how far the pages already stand from rest along the one axis they
    /// move on when a finger catches them mid-flight (nil: at rest, any allowed axis).
    func swipeAxes() -> (axes: Set<Axis>, caughtAt: Double?)
    /// What a drag that way would do to the pages (the dispatcher's nested-scrolling and edge rules ask).
    func swipeResponse(to direction: SwipeDirection) -> DragResponse
    /// A finger landed on the pages.
    func swipeTouchedDown()
    /// The finger dragged the pages `offset` pixels from where it caught them, along the locked `axis`.
    func swipeDragged(_ offset: Double, along axis: Axis)
    /// The finger lifted: the swipe's `decision`, the axis it locked to (nil: it never dragged) and the finger's
    /// velocity.
    func swipeReleased(_ decision: SwipeDecision?, lockedAxis: Axis?, velocity: Vector)
    /// The touch went elsewhere or was cancelled: caught pages carry on to rest.
    func swipeAbandoned()
}

/// The swipe between pages: a navigation gesture on the root view that competes through the scene's
/// `TouchDispatcher` with the gestures of the page under the finger, reporting each phase to its handler.
final class PageSwipe {
    /// The gesture on the root view; disabled while the page at rest is modal.
    let gesture: Gesture<SwipeRecognizer>

    /// A swipe on `root` for a panel of `metrics`, reporting to `handler` (which owns the swipe).
    init(on root: View, metrics: GestureMetrics, handler: some PageSwipeHandler) {
        gesture = Gesture { [unowned handler] in
            let (axes, caughtAt) = handler.swipeAxes()
            // Caught mid-flight, the drag carries on along the axis the pages are moving on, from where they are.
            return SwipeRecognizer(metrics: metrics, axes: axes, initialOffset: caughtAt ?? 0)
        }
        gesture.isNavigation = true
        gesture.dragResponse = { [unowned handler] direction in handler.swipeResponse(to: direction) }
        gesture.onPhase = { [unowned handler, unowned gesture] phase in
            let recognizer = gesture.recognizer
            switch phase {
            case .touchDown: handler.swipeTouchedDown()
            case .possible: break
            case .began, .changed:
                if let axis = recognizer.axis { handler.swipeDragged(recognizer.offset, along: axis) }
            case .ended: handler.swipeReleased(recognizer.decision, lockedAxis: recognizer.axis, velocity: recognizer.velocity)
            case .cancelled, .failed: handler.swipeAbandoned() // a touch that never dragged lets caught pages carry on
            }
        }
        root.addGesture(gesture)
    }
}
