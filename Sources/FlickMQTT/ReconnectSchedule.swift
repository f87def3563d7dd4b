/// How long to wait before each attempt to reach the broker again: half a second, doubling to half a minute, back
/// to half a second once connected. A broker restarting is back within a second or two; one that is down for
/// long costs a kiosk one attempt every 30 s.
///
/// Each wait is drawn between half of its step and the whole step ("equal jitter"): a broker that restarts under a
/// fleet of hundreds of kiosks sees their attempts spread over each step instead of all at once, every step.
struct ReconnectSchedule {
    static let first = 0.5
    static let longest = 30.0

    private(set) var step = first
    /// A number from 0 to 1 for each wait: 1 waits the whole step, 0 half of it.
    private let random: () -> Double

    init(random: @escaping () -> Double = { Double.random(in: 0...1) }) {
        self.random = random
    }

    /// The wait before the next attempt; the step after is twice as long, up to ``longest``.
    mutating func take() -> Double {
        defer { step = min(step * 2, Self.longest) }
        return step / 2 * (1 + min(max(random(), 0), 1))
    }

    mutating func reset() { step = Self.first }
}
