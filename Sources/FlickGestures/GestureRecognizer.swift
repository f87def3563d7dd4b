/// possible → began → changed → ended / cancelled, or possible → failed. Discrete gestures (taps) go from
/// possible straight to ended.
public enum GestureState: String, Hashable, Sendable {
    /// Watching the touches, not yet decided: every recogniser starts here.
    case possible
    /// Recognised: a continuous gesture is under way and owns its touches.
    case began
    /// Under way, with something new since the last report.
    case changed
    /// Finished as recognised: the fingers lifted, or a discrete gesture was recognised.
    case ended
    /// Was under way and stopped without finishing: a touch was cancelled or the touches went elsewhere.
    case cancelled
    /// Never recognised: the touches did not match, or another gesture won them.
    case failed

    /// Ended, cancelled or failed: nothing more happens until the recogniser is reset for the next touch.
    public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Began or changed: the gesture is under way and owns its touches.
    public var isActive: Bool { self == .began || self == .changed }

    /// What `cancel()` leaves: a gesture under way is cancelled; one that never began (or whose recognition the
    /// arena held back and then refused) failed; a finished one stays as it was.
    public var withdrawn: GestureState {
        switch self {
        case .began, .changed: .cancelled
        case .possible, .ended: .failed
        case .cancelled, .failed: self
        }
    }
}

/// A small state machine fed the touch frames of the touches it owns.
///
/// Recognisers are values: they hold no references and read no clock. Time passes through the frames' timestamps
/// and, between frames, through `tick(to:)`, which the run loop calls at `deadline`.
public protocol GestureRecognizer: Sendable {
    /// The recogniser's own decision so far; the arena may hold it back (see `GestureArena.state(of:)`).
    var state: GestureState { get }
    /// Discrete gestures report only `ended`; continuous ones report `began` and `changed` first.
    var isDiscrete: Bool { get }
    /// When `tick(to:)` must be called for the recogniser to decide without another frame (a long press
    /// beginning, a double tap giving up), or nil.
    var deadline: Microseconds? { get }

    /// Frames must come in time order. Events for touches the recogniser does not track are ignored.
    mutating func handle(_ frame: TouchFrame)
    /// Time has reached `time` (microseconds) with no frame: decide whatever a deadline decides.
    mutating func tick(to time: Microseconds)
    /// The arena gave the touches to another gesture: one under way is cancelled, anything else fails.
    mutating func cancel()
    /// Back to `possible`, forgetting every touch, for the next gesture.
    mutating func reset()
}

extension GestureRecognizer {
    /// Continuous by default: the recogniser reports `began` and `changed` before it ends.
    public var isDiscrete: Bool { false }
    /// No deadline by default: the recogniser decides only on frames.
    public var deadline: Microseconds? { nil }
    /// Does nothing by default, for recognisers without a deadline.
    public mutating func tick(to time: Microseconds) {}
}

/// The touches a recogniser follows, in the order they landed.
struct TouchTracks: Hashable, Sendable {
    private(set) var ids: [TouchID] = []
    private(set) var positions: [TouchID: Point] = [:]

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    func contains(_ id: TouchID) -> Bool { positions[id] != nil }

    subscript(id: TouchID) -> Point? { positions[id] }

    var centroid: Point? { Point.centroid(of: ids.compactMap { positions[$0] }) }

    mutating func add(_ id: TouchID, at position: Point) {
        if positions.updateValue(position, forKey: id) == nil { ids.append(id) }
    }

    mutating func move(_ id: TouchID, to position: Point) {
        if positions[id] != nil { positions[id] = position }
    }

    mutating func remove(_ id: TouchID) {
        if positions.removeValue(forKey: id) != nil { ids.removeAll { $0 == id } }
    }

    mutating func removeAll() {
        ids.removeAll()
        positions.removeAll()
    }
}
