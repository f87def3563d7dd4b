import FlickGestures
import FlickRaster

/// The one place that decides who owns a finger, for every view of a tree.
///
/// A touch sequence runs from the first finger down until every finger has lifted and every gesture that took
/// part has finished (a tap waiting for a double tap outlasts its finger). When it starts, the tree is hit-tested
/// under the first finger: the gestures of the view found and of each of its ancestors take part, deepest first,
/// and compete in a `GestureArena`. Later fingers go to those whose view they land in, or only to the winner
/// once there is one. The rules a kiosk designer can rely on:
///
/// 1. The first gesture to be sure by its own rule wins and the others fail: a pan or swipe at its slop along
///    an axis it takes, a tap when the finger lifts, a pinch when two fingers part or close. Claims in the same
///    frame go to the deeper view. A gesture can wait for another to fail (`require(toFail:)`).
/// 2. Nested scrolling: a gesture that drags something (`dragResponse`) but cannot move it in the drag's
///    direction (a list at its top, a short list) leaves the touch to an enclosing gesture that can move that
///    way (the page swipe); when none can, the inner one keeps it and resists. One that does not take that
///    direction at all leaves it to an enclosing one that at least resists.
/// 3. Edge swipes: a drag that starts within `edgeWidth` of a screen edge and moves away from it belongs to
///    navigation (`isNavigation`: the page swipe, a detail's swipe back), whatever lies under the finger, as
///    long as a navigation gesture takes that axis. Taps at the edge are not affected.
/// 4. A cancelled touch (a `cancel` event, the device unplugged) cancels the gesture under way, which commits
///    nothing; the others fail.
public final class TouchDispatcher {
    /// iOS's screen-edge swipes start within about 20 pt of the edge (3 mm on a 163 ppi phone); a finger pad is
    /// wider than that on a panel's bezel, so a little more.
    public static let edgeWidth = Millimetres(4)

    private let tree: ViewTree
    /// The panel's density, for the edge zone.
    public var metrics: GestureMetrics
    private var sequence: Sequence?

    private struct Participant {
        let gesture: AnyGesture
        let id: GestureID
        let depth: Int
    }

    private struct Sequence {
        var arena = GestureArena()
        var participants: [Participant] = []
        let finger: TouchID
        let start: Point
        var latest: Point
        /// The screen edges the first finger landed next to.
        let edges: Set<SwipeDirection>
    }

    /// The dispatcher for the views of `tree` (a ``ViewScene`` makes its own); `metrics` is the panel's density.
    public init(tree: ViewTree, metrics: GestureMetrics = .unknownPanel) {
        self.tree = tree
        self.metrics = metrics
    }

    /// A touch sequence is under way.
    public var isTracking: Bool { sequence != nil }

    /// When `advance(to:)` must run for a gesture to decide without another frame (a double tap giving up), in
    /// seconds.
    public var deadline: Double? { sequence?.arena.deadline?.seconds }

    /// Hands one frame of touches (screen pixels) to the gestures taking part, starting a touch sequence at a
    /// finger down when none is under way. Their `onPhase` is called from here.
    public func handle(_ frame: TouchFrame) {
        withdrawDisabled(at: frame.time)
        var starting = false
        if sequence == nil, let down = frame.events.first(where: { $0.phase == .down }) {
            start(at: down)
            starting = true
        }
        guard var current = sequence else { return }
        if let mine = frame.events.last(where: { $0.id == current.finger && $0.phase != .cancel }) {
            current.latest = mine.position
        }
        sequence = current
        let changes = current.arena.handle(frame) { [unowned self] claim in allows(claim) }
        finish(current, changes: changes, time: frame.time, starting: starting)
    }

    /// Lets gestures waiting on time decide (the double tap's interval running out); `seconds` on the loop's clock.
    public func advance(to seconds: Double) {
        withdrawDisabled(at: Microseconds(seconds: seconds))
        guard var current = sequence, let due = current.arena.deadline, due <= Microseconds(seconds: seconds) else { return }
        let time = Microseconds(due)
        let changes = current.arena.tick(to: time) { [unowned self] claim in allows(claim) }
        finish(current, changes: changes, time: time)
    }

    // MARK: The sequence

    private func start(at down: TouchEvent) {
        var chain: [View] = []
        var view = tree.hitTest(down.position)
        while let v = view {
            chain.append(v)
            view = v.parent
        }
        var started = Sequence(finger: down.id, start: down.position, latest: down.position, edges: edges(at: down.position))
        for (index, view) in chain.enumerated() {
            let region = view.parent == nil ? nil : view.visibleRootBounds
            for gesture in view.gestures where gesture.isEnabled {
                let id = gesture.join(&started.arena, region: region, depth: chain.count - index)
                started.participants.append(Participant(gesture: gesture, id: id, depth: chain.count - index))
            }
        }
        for waiting in started.participants {
            for other in waiting.gesture.requiredToFail {
                if let failing = started.participants.first(where: { $0.gesture === other }) {
                    started.arena.require(waiting.id, toFail: failing.id)
                }
            }
        }
        sequence = started
    }

    /// Tells the participants that the touch landed (with its first frame), what the arena decided, then which
    /// are still in the running; ends the sequence once nothing more can happen.
    private func finish(_ current: Sequence, changes: [GestureChange], time: Microseconds, starting: Bool = false) {
        sequence = current.arena.isIdle ? nil : current
        if starting {
            for participant in current.participants {
                participant.gesture.read(current.arena.recognizer(of: participant.id))
                participant.gesture.time = time
                participant.gesture.deliver(.touchDown)
            }
        }
        for change in changes {
            guard let participant = current.participants.first(where: { $0.id == change.gesture }),
                  let phase = GesturePhase(change.state) else { continue }
            participant.gesture.read(current.arena.recognizer(of: change.gesture))
            participant.gesture.time = time
            participant.gesture.deliver(phase)
        }
        for participant in current.participants where current.arena.isUndecided(participant.id) {
            participant.gesture.read(current.arena.recognizer(of: participant.id))
            participant.gesture.time = time
            participant.gesture.deliver(.possible)
        }
    }

    /// Gestures their owners disabled since the last frame leave the touch under way: one that had begun is
    /// cancelled (a row swipe when an edit starts does not then delete the row being edited), as UIKit does.
    private func withdrawDisabled(at time: Microseconds) {
        guard var current = sequence else { return }
        var changes: [GestureChange] = []
        for participant in current.participants where !participant.gesture.isEnabled {
            changes += current.arena.withdraw(participant.id, at: time) { [unowned self] claim in allows(claim) }
        }
        guard !changes.isEmpty else { return }
        sequence = current
        finish(current, changes: changes, time: time)
    }

    // MARK: Rules

    /// Rules 2 and 3, asked by the arena before it grants a claim.
    private func allows(_ claim: GestureClaim) -> Bool {
        guard let current = sequence,
              let claimant = current.participants.first(where: { $0.id == claim.gesture }) else { return true }
        let gesture = claimant.gesture
        gesture.read(claim.recognizer)
        if let shouldBegin = gesture.shouldBegin, !shouldBegin() { return false }
        guard let direction = dragDirection(current) else { return true }
        let rivals = claim.rivals.compactMap { id in current.participants.first { $0.id == id } }

        if !gesture.isNavigation, !gesture.isDiscrete, current.edges.contains(direction),
           rivals.contains(where: { $0.gesture.isNavigation && response($0.gesture, direction) != .ignores }) {
            return false
        }
        if let own = gesture.dragResponse?(direction),
           rivals.contains(where: { $0.depth < claimant.depth && response($0.gesture, direction) > own }) {
            return false
        }
        return true
    }

    private func response(_ gesture: AnyGesture, _ direction: SwipeDirection) -> DragResponse {
        gesture.dragResponse?(direction) ?? .ignores
    }

    /// The way the first finger has moved, along its dominant axis; nil while it has not moved.
    private func dragDirection(_ sequence: Sequence) -> SwipeDirection? {
        let dx = sequence.latest.x - sequence.start.x, dy = sequence.latest.y - sequence.start.y
        guard dx != 0 || dy != 0 else { return nil }
        let axis = Axis.dominant(of: Vector(x: dx, y: dy))
        return axis == .horizontal ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
    }

    /// Edges named by the way a finger leaves them: `.right` is the left edge.
    private func edges(at point: Point) -> Set<SwipeDirection> {
        let zone = metrics.pixels(Self.edgeWidth)
        let width = Double(tree.bounds.width), height = Double(tree.bounds.height)
        var edges: Set<SwipeDirection> = []
        if point.x < zone { edges.insert(.right) }
        if point.x >= width - zone { edges.insert(.left) }
        if point.y < zone { edges.insert(.down) }
        if point.y >= height - zone { edges.insert(.up) }
        return edges
    }
}

extension GesturePhase {
    init?(_ state: GestureState) {
        switch state {
        case .possible: return nil
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}
