import FlickGestures
import FlickRaster
import FlickUI

/// Decides what the fingers on the list mean, one gesture at a time, and drives the list while they move.
///
/// A finger down catches a coasting list. Before the slop a second finger on a neighbouring row turns the touch
/// into a pinch that parts the list there (a finger on any other row is ignored). At the slop the drag locks
/// to its dominant axis: sideways it slides the row under it, up or down it scrolls the list (and pulls it
/// down past the top). A finger lifted before the slop is a tap on its row. Whatever follows until every
/// finger is up is ignored, so scroll, row swipe, pull and pinch never fight.
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
    private let metrics: GestureMetrics
    private var gesture = Gesture.idle
    private var fingers: Set<TouchID> = []

    private struct Drag {
        var id: TouchID
        var pan: PanRecognizer
        var start: ScreenPoint
        /// The drag's movement at the slop: what follows is measured from there, so nothing jumps by the slop.
        var grab = ScreenVector.zero
        /// False when the touch stopped a moving list: iOS then only stops it.
        var tapSelects: Bool
    }

    private enum Gesture {
        case idle
        /// One finger, not yet past the slop.
        case pending(Drag)
        case swiping(Drag, index: Int, from: Double)
        case scrolling(Drag, from: Double)
        /// `from`: how far apart the rows already were (a gap still closing when the fingers landed).
        case pinching(PinchRecognizer, ids: Set<TouchID>, above: Int, from: Double)
        /// Done; the fingers still down are ignored until they lift.
        case over
    }

    init(list: TodoListView, metrics: GestureMetrics) {
        self.list = list
        self.metrics = metrics
    }

    func handle(_ frame: TouchFrame) {
        for event in frame.events where event.phase == .down {
            fingers.insert(event.id)
            fingerDown(event, time: frame.time)
        }
        switch gesture {
        case .idle, .over: break
        case .pending(let drag): pending(drag, frame)
        case .swiping(let drag, let index, let from): swiping(drag, index: index, from: from, frame)
        case .scrolling(let drag, let from): scrolling(drag, from: from, frame)
        case .pinching(let pinch, let ids, let above, let from): pinching(pinch, ids: ids, above: above, from: from, frame)
        }
        for event in frame.events where event.phase == .up || event.phase == .cancel { fingers.remove(event.id) }
        if fingers.isEmpty { gesture = .idle }
    }

    private func pending(_ waiting: Drag, _ frame: TouchFrame) {
        guard let mine = frame.only(waiting.id) else { return }
        var drag = waiting
        drag.pan.handle(mine)
        if drag.pan.state == .began {
            lock(drag)
        } else if isLifted(mine) {
            gesture = .over
            if drag.tapSelects, isTap(mine, from: drag.start), let index = list.index(at: drag.start.point) {
                onTap(index)
            } else {
                list.coast(velocity: 0)
            }
        } else {
            gesture = .pending(drag)
        }
    }

    private func swiping(_ moving: Drag, index: Int, from: Double, _ frame: TouchFrame) {
        guard let mine = frame.only(moving.id) else { return }
        var drag = moving
        drag.pan.handle(mine)
        list.slide(index, to: from + drag.pan.translation.x - drag.grab.x)
        guard isLifted(mine) else { return gesture = .swiping(drag, index: index, from: from) }
        gesture = .over
        list.coast(velocity: 0) // a list caught past an end goes back
        if isCancelled(mine) {
            list.snapBack(index, velocity: 0)
        } else {
            onSwipeReleased(index, drag.pan.velocity.x)
        }
    }

    private func scrolling(_ moving: Drag, from: Double, _ frame: TouchFrame) {
        guard let mine = frame.only(moving.id) else { return }
        var drag = moving
        drag.pan.handle(mine)
        list.drag(to: from - (drag.pan.translation.y - drag.grab.y))
        guard isLifted(mine) else { return gesture = .scrolling(drag, from: from) }
        gesture = .over
        if isCancelled(mine) {
            list.coast(velocity: 0)
        } else if list.isPulledToAdd {
            onPullToAdd()
        } else {
            list.coast(velocity: -drag.pan.velocity.y)
        }
    }

    private func pinching(_ parting: PinchRecognizer, ids: Set<TouchID>, above: Int, from: Double, _ frame: TouchFrame) {
        let mine = TouchFrame(time: frame.time, events: frame.events.filter { ids.contains($0.id) })
        guard !mine.events.isEmpty else { return }
        var pinch = parting
        pinch.handle(mine)
        let delta = max(0, from + Self.parting(pinch))
        list.part(above: above, by: delta)
        guard pinch.state.isTerminal else { return gesture = .pinching(pinch, ids: ids, above: above, from: from) }
        gesture = .over
        list.coast(velocity: 0)
        if pinch.state != .cancelled && 2 * delta > list.rowHeight {
            onPinchToAdd(above + 1)
        } else {
            list.closeGap()
        }
    }

    private func fingerDown(_ down: TouchEvent, time: Microseconds) {
        switch gesture {
        case .idle:
            let speed = abs(list.catchScroll())
            let pan = PanRecognizer(metrics: metrics, axisLock: .dominant)
            gesture = .pending(Drag(id: down.id, pan: pan, start: down.position,
                                    tapSelects: speed < metrics.pixelsPerSecond(ListView.restingSpeed)))
        case .pending(let drag):
            // Only two neighbouring rows start a pinch (the tutorial's pinchStarted); another finger is ignored.
            let first = drag.pan.location ?? drag.start
            guard let a = list.index(at: first.point), let b = list.index(at: down.position.point), abs(a - b) == 1 else { return }
            var pinch = PinchRecognizer(metrics: metrics)
            pinch.handle(TouchFrame(time: time, events: [TouchEvent(.down, id: drag.id, at: first, time: time), down]))
            let above = min(a, b)
            gesture = .pinching(pinch, ids: [drag.id, down.id], above: above, from: list.catchGap(above: above))
        default:
            return
        }
    }

    /// At the slop: sideways slides the row under the finger, up or down scrolls.
    private func lock(_ dragAtSlop: Drag) {
        var drag = dragAtSlop
        drag.grab = drag.pan.translation
        switch drag.pan.lockedAxis {
        case .horizontal?:
            guard let index = list.index(at: drag.start.point) else {
                gesture = .over
                return list.coast(velocity: 0)
            }
            gesture = .swiping(drag, index: index, from: list.catchSlide(index))
        default:
            gesture = .scrolling(drag, from: list.dragOffset)
        }
    }

    /// The tutorial's pinchChanged: how far the closer-moving finger has moved away from the other, so both
    /// must part for the rows to part; negative when they come together (closing a gap the pinch caught).
    private static func parting(_ pinch: PinchRecognizer) -> Double {
        guard let initial = pinch.initialPoints, let now = pinch.points else { return 0 }
        let upper = now.upper.y - initial.upper.y, lower = initial.lower.y - now.lower.y
        return -min(upper, lower)
    }

    /// Lifted where it landed: a finger that moved and lifted in one frame never reached the slop, but is no tap.
    private func isTap(_ frame: TouchFrame, from start: ScreenPoint) -> Bool {
        frame.events.allSatisfy { $0.phase != .cancel && $0.position.distance(to: start) < metrics.pixels(PanRecognizer.slop) }
    }

    private func isLifted(_ frame: TouchFrame) -> Bool { frame.events.contains { $0.phase == .up || $0.phase == .cancel } }
    private func isCancelled(_ frame: TouchFrame) -> Bool { frame.events.contains { $0.phase == .cancel } }
}
