import FlickGestures
import FlickRaster
import FlickUI

/// The to-do list's gestures, attached to its view, and what they do to it while they move. They compete with
/// each other and with the page swipe through the scene's dispatcher, so scroll, row swipe, pull and pinch never
/// fight:
///
/// - a drag locks to its dominant axis at the slop: sideways it slides the row under the finger, up or down it
///   scrolls the list (and pulls it down past the top to add an item). A drag up on a list that cannot scroll
///   further, or sideways where there is no row, is the page swipe's;
/// - a tap edits its row (a tap that only stopped a moving list does nothing else, as on iOS);
/// - two fingers on neighbouring rows moving apart part the list there.
///
/// A finger down catches a coasting list.
final class TodoListGestures {
    /// A tap on item `index`.
    var onTap: (_ index: Int) -> Void = { _ in }
    /// Row `index` was let go at `velocity` (pixels per second, positive rightwards) where it is.
    var onSwipeReleased: (_ index: Int, _ velocity: Double) -> Void = { _, _ in }
    /// The list was let go pulled down past one row height.
    var onPullToAdd: () -> Void = {}
    /// A pinch parted the list by more than a row at `index` (the lower row's).
    var onPinchToAdd: (_ index: Int) -> Void = { _ in }

    private let list: TodoListView
    private let drag: Gesture<PanRecognizer>
    private let tap: Gesture<TapRecognizer>
    private let pinch: Gesture<PinchRecognizer>
    /// False when the touch stopped a moving list: a tap then only stops it.
    private var tapSelects = true
    private var dragging = Dragging.none
    /// The rows a pinch parts: the upper one's index, and how far apart they already were (a gap still closing
    /// when the fingers landed).
    private var parting: (above: Int, from: Double)?

    private enum Dragging {
        case none
        case row(Int, from: Double)
        case list(from: Double)
    }

    init(list: TodoListView, metrics: GestureMetrics) {
        self.list = list
        drag = Gesture(PanRecognizer(metrics: metrics, axisLock: .dominant))
        tap = Gesture(TapRecognizer(metrics: metrics))
        // The rows part on the fingers' vertical span, so the pinch begins on it: a gap that reads "Release to Add
        // Item" (over a row's 8 mm) is always a begun pinch, whose lift adds the item.
        pinch = Gesture(PinchRecognizer(metrics: metrics, along: .vertical))
        attachDrag(metrics: metrics)
        attachTap()
        attachPinch()
    }

    /// A row, the list or a pinch follows a finger: the rows' indices must stay as they are until it lifts.
    var isTracking: Bool {
        if case .none = dragging { return parting != nil }
        return true
    }

    /// Off while an item is edited: the editor has the touches then.
    var isEnabled = true {
        didSet { for gesture in [drag, tap, pinch] as [AnyGesture] { gesture.isEnabled = isEnabled } }
    }

    private func attachDrag(metrics: GestureMetrics) {
        drag.dragResponse = { [unowned self] direction in response(to: direction) }
        drag.onPhase = { [unowned self] phase in
            let pan = drag.recognizer
            switch phase {
            case .touchDown:
                tapSelects = abs(list.catchScroll()) < metrics.pixelsPerSecond(ListView.restingSpeed)
            case .possible:
                break
            case .began:
                dragging = lock(pan)
            case .changed:
                follow(pan)
            case .ended, .cancelled:
                release(pan, cancelled: phase == .cancelled)
            case .failed:
                list.coast(velocity: 0) // a list caught past an end goes back
            }
        }
        list.view.addGesture(drag)
    }

    private func attachTap() {
        tap.onPhase = { [unowned self] phase in
            guard phase == .ended else { return }
            if tapSelects, let point = tap.recognizer.location, let index = list.index(at: point) {
                onTap(index)
            }
        }
        list.view.addGesture(tap)
    }

    private func attachPinch() {
        // Only two neighbouring rows start a pinch (the tutorial's pinchStarted).
        pinch.shouldBegin = { [unowned self] in neighbourRows(pinch.recognizer) != nil }
        pinch.onPhase = { [unowned self] phase in
            let recognizer = pinch.recognizer
            switch phase {
            case .touchDown:
                break
            case .possible, .began, .changed:
                // The rows are caught as the second finger lands (a gap still closing stops under it) and part
                // with the fingers from then on.
                if parting == nil, let above = neighbourRows(recognizer) { parting = (above, list.catchGap(above: above)) }
                part(recognizer)
            case .ended, .cancelled, .failed:
                guard let parting else { return }
                self.parting = nil
                list.coast(velocity: 0)
                if phase == .ended, 2 * delta(recognizer, from: parting.from) > list.rowHeight {
                    onPinchToAdd(parting.above + 1)
                } else {
                    list.closeGap()
                }
            }
        }
        list.view.addGesture(pinch)
    }

    // MARK: Dragging

    /// What a drag that way does: sideways it slides the row under the finger (none there: nothing), up it
    /// scrolls while there is more below, down it scrolls back or pulls to add.
    private func response(to direction: SwipeDirection) -> DragResponse {
        switch direction {
        case .left, .right:
            guard let start = drag.recognizer.startLocation, list.index(at: start) != nil else { return .ignores }
            return .moves
        case .up: return list.dragOffset < list.maximumOffset ? .moves : .resists
        case .down: return .moves
        }
    }

    /// At the slop: sideways slides the row under the finger, up or down scrolls.
    private func lock(_ pan: PanRecognizer) -> Dragging {
        switch pan.lockedAxis {
        case .horizontal?:
            guard let start = pan.startLocation, let index = list.index(at: start) else {
                list.coast(velocity: 0)
                return .none
            }
            return .row(index, from: list.catchSlide(index) - pan.translation.x)
        default:
            return .list(from: list.dragOffset + pan.translation.y)
        }
    }

    /// Rows and the list move from where they were when the drag began, not by the slop as well.
    private func follow(_ pan: PanRecognizer) {
        switch dragging {
        case .none: break
        case .row(let index, let from): list.slide(index, to: from + pan.translation.x)
        case .list(let from): list.drag(to: from - pan.translation.y)
        }
    }

    private func release(_ pan: PanRecognizer, cancelled: Bool) {
        defer { dragging = .none }
        switch dragging {
        case .none:
            break
        case .row(let index, _):
            list.coast(velocity: 0) // a list caught past an end goes back
            if cancelled {
                list.snapBack(index, velocity: 0)
            } else {
                onSwipeReleased(index, pan.velocity.x)
            }
        case .list:
            if cancelled {
                list.coast(velocity: 0)
            } else if list.isPulledToAdd {
                onPullToAdd()
            } else {
                list.coast(velocity: -pan.velocity.y)
            }
        }
    }

    // MARK: Pinching

    /// The upper of the two neighbouring rows the pinch's fingers landed on; nil before the second finger, or
    /// when the rows are not neighbours.
    private func neighbourRows(_ recognizer: PinchRecognizer) -> Int? {
        guard let points = recognizer.initialPoints, let a = list.index(at: points.upper),
              let b = list.index(at: points.lower), abs(a - b) == 1 else { return nil }
        return min(a, b)
    }

    private func part(_ recognizer: PinchRecognizer) {
        guard let parting else { return }
        list.part(above: parting.above, by: delta(recognizer, from: parting.from))
    }

    private func delta(_ recognizer: PinchRecognizer, from: Double) -> Double {
        max(0, from + Self.parting(recognizer))
    }

    /// The tutorial's pinchChanged: how far the closer-moving finger has moved away from the other, so both
    /// must part for the rows to part; negative when they come together (closing a gap the pinch caught).
    private static func parting(_ pinch: PinchRecognizer) -> Double {
        guard let initial = pinch.initialPoints, let now = pinch.points else { return 0 }
        let upper = now.upper.y - initial.upper.y, lower = initial.lower.y - now.lower.y
        return -min(upper, lower)
    }
}
