/// One finger held still: begins once held long enough, then follows the finger until it lifts.
public struct LongPressRecognizer: GestureRecognizer {
    /// The long-press delay of both iOS (UILongPressGestureRecognizer) and Android (LONG_PRESS_TIMEOUT).
    public static let minimumDuration: Microseconds = 500_000
    /// Same allowance as a tap: moving further before the delay is a drag, not a press.
    public static let allowableMovement = TapRecognizer.maximumMovement

    private let minimumDuration: Microseconds
    private let allowableMovement: Double

    public private(set) var state = GestureState.possible
    /// Where the finger landed.
    public private(set) var startLocation: ScreenPoint?
    /// Where the finger is now.
    public private(set) var location: ScreenPoint?

    private var touch: TouchID?
    private var pressedAt: Microseconds?

    public init(
        metrics: GestureMetrics,
        minimumDuration: Microseconds = Self.minimumDuration,
        allowableMovement: Millimetres = Self.allowableMovement
    ) {
        self.minimumDuration = minimumDuration
        self.allowableMovement = metrics.pixels(allowableMovement)
    }

    public var deadline: Microseconds? {
        guard state == .possible, touch != nil, let pressedAt else { return nil }
        return pressedAt + minimumDuration
    }

    public mutating func handle(_ frame: TouchFrame) {
        let wasActive = state.isActive
        tick(to: frame.time)
        guard !state.isTerminal else { return }
        var moved = false
        for event in frame.events where !state.isTerminal {
            switch event.phase {
            case .down:
                if touch == nil, state == .possible, pressedAt == nil {
                    touch = event.id
                    pressedAt = event.time
                    startLocation = event.position
                    location = event.position
                } else if touch != event.id, state == .possible {
                    state = .failed // a second finger before the press began
                }
            case .move:
                guard event.id == touch, let start = startLocation else { continue }
                location = event.position
                moved = true
                if state == .possible, start.distance(to: event.position) > allowableMovement { state = .failed }
            case .up:
                guard event.id == touch else { continue }
                touch = nil
                state = state.isActive ? .ended : .failed
            case .cancel:
                guard event.id == touch else { continue }
                touch = nil
                state = state.isActive ? .cancelled : .failed
            }
        }
        // A press that began as this frame came in reports `began` for the frame before any change.
        if moved, wasActive, state.isActive { state = .changed }
    }

    public mutating func tick(to time: Microseconds) {
        if let deadline, time >= deadline { state = .began }
    }

    public mutating func cancel() {
        state = state.withdrawn
    }

    public mutating func reset() {
        state = .possible
        startLocation = nil
        location = nil
        touch = nil
        pressedAt = nil
    }
}
