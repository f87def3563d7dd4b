/// One finger touching and lifting without moving far or staying long; `taps: 2` makes it a double tap.
public struct TapRecognizer: GestureRecognizer {
    /// A fingertip rolls this far on a resistive panel; iOS allows 10 pt (1.6 mm) on glass.
    public static let maximumMovement = Millimetres(3)
    /// Android's LONG_PRESS_TIMEOUT: held longer, it is a press, not a tap.
    public static let maximumDuration: Microseconds = 500_000
    /// Android's DOUBLE_TAP_TIMEOUT, from one lift to the next touch.
    public static let maximumInterval: Microseconds = 300_000
    /// Android's DOUBLE_TAP_SLOP (100 dp): how far apart the taps of a double tap may land.
    public static let maximumTapDistance = Millimetres(16)

    /// How many taps in a row it takes: 1 for a tap, 2 for a double tap.
    public let taps: Int
    private let maximumMovement: Double
    private let maximumDuration: Microseconds
    private let maximumInterval: Microseconds
    private let maximumTapDistance: Double

    public private(set) var state = GestureState.possible
    /// Taps completed so far in this gesture.
    public private(set) var tapCount = 0
    /// Where the first tap landed.
    public private(set) var location: Point?

    private enum Phase: Hashable, Sendable {
        case waiting
        case pressed(TouchID, at: Point, since: Microseconds)
        case lifted(at: Microseconds)
    }
    private var phase = Phase.waiting

    /// A recogniser of `taps` taps in a row. The thresholds are physical, converted to pixels with `metrics`.
    ///
    /// - Parameters:
    ///   - metrics: The display's density.
    ///   - taps: How many taps, at least 1.
    ///   - maximumMovement: How far a finger may move from where it landed and still tap; 3 mm by default.
    ///   - maximumDuration: Microseconds a finger may stay down; 500 ms by default.
    ///   - maximumInterval: Microseconds from one lift to the next touch of a multiple tap; 300 ms by default.
    ///   - maximumTapDistance: How far from the first tap the later ones may land; 16 mm by default.
    public init(
        metrics: GestureMetrics,
        taps: Int = 1,
        maximumMovement: Millimetres = Self.maximumMovement,
        maximumDuration: Microseconds = Self.maximumDuration,
        maximumInterval: Microseconds = Self.maximumInterval,
        maximumTapDistance: Millimetres = Self.maximumTapDistance
    ) {
        precondition(taps >= 1, "a tap needs at least one touch")
        self.taps = taps
        self.maximumMovement = metrics.pixels(maximumMovement)
        self.maximumDuration = maximumDuration
        self.maximumInterval = maximumInterval
        self.maximumTapDistance = metrics.pixels(maximumTapDistance)
    }

    public var isDiscrete: Bool { true }

    public var deadline: Microseconds? {
        guard state == .possible else { return nil }
        switch phase {
        case .waiting: return nil
        case .pressed(_, _, let since): return since + maximumDuration
        case .lifted(let at): return at + maximumInterval
        }
    }

    public mutating func handle(_ frame: TouchFrame) {
        tick(to: frame.time)
        for event in frame.events where state == .possible {
            apply(event)
        }
    }

    private mutating func apply(_ event: TouchEvent) {
        switch (phase, event.phase) {
        case (.waiting, .down), (.lifted, .down):
            if let first = location, first.distance(to: event.position) > maximumTapDistance {
                state = .failed
                return
            }
            if location == nil { location = event.position }
            phase = .pressed(event.id, at: event.position, since: event.time)
        case (.pressed(let id, _, _), .down) where id != event.id:
            state = .failed // a second finger: not a tap
        case (.pressed(let id, let start, _), .move) where id == event.id,
             (.pressed(let id, let start, _), .down) where id == event.id:
            if start.distance(to: event.position) > maximumMovement { state = .failed }
        case (.pressed(let id, _, let since), .up) where id == event.id:
            guard event.time - since < maximumDuration else { state = .failed; return }
            tapCount += 1
            if tapCount == taps {
                state = .ended
            } else {
                phase = .lifted(at: event.time)
            }
        case (.pressed(let id, _, _), .cancel) where id == event.id:
            state = .failed
        default:
            break // events of touches this tap does not follow
        }
    }

    public mutating func tick(to time: Microseconds) {
        if let deadline, time >= deadline { state = .failed }
    }

    public mutating func cancel() {
        state = state.withdrawn
    }

    public mutating func reset() {
        state = .possible
        tapCount = 0
        location = nil
        phase = .waiting
    }
}
