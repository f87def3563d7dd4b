/// Fingers pressing things directly, as on the keys of an on-screen keyboard: begins the moment the first finger
/// lands (nothing to wait for: a key shows pressed at once and competes with no drag), then follows every finger
/// that lands, moves or lifts until the last one is up. `events` holds what the latest frame did.
public struct PressRecognizer: GestureRecognizer {
    /// Began at the first finger, changed on each frame after, ended when the last lifts, cancelled by a cancel.
    public private(set) var state = GestureState.possible
    /// The events of the latest frame, for the touches the recogniser follows.
    public private(set) var events: [TouchEvent] = []
    private var touches: Set<TouchID> = []

    /// A press recogniser waiting for a finger.
    public init() {}

    /// Follows every finger that lands (in its region, as the arena routes them) until the last one is up.
    public mutating func handle(_ frame: TouchFrame) {
        guard !state.isTerminal else { return }
        events = []
        for event in frame.events {
            if event.phase == .down { touches.insert(event.id) }
            guard touches.contains(event.id) else { continue }
            events.append(event)
            if event.phase == .up || event.phase == .cancel { touches.remove(event.id) }
        }
        guard !events.isEmpty else { return }
        if events.contains(where: { $0.phase == .cancel }) {
            state = state.withdrawn
        } else if touches.isEmpty {
            state = .ended
        } else {
            state = state == .possible ? .began : .changed
        }
    }

    /// Cancelled when under way, failed before.
    public mutating func cancel() { state = state.withdrawn }

    /// Back to `possible`, with no fingers and no events.
    public mutating func reset() {
        state = .possible
        events = []
        touches = []
    }
}
