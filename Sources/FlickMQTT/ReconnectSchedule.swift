/// How long to wait before each attempt to reach the broker again: half a second, doubling to half a minute, back
/// to half a second once connected. A broker restarting is back within a second or two; one that is down for
/// long costs a kiosk one attempt every 30 s.
struct ReconnectSchedule {
    static let first = 0.5
    static let longest = 30.0

    private(set) var nextDelay = first

    /// The wait before the next attempt; the one after is twice as long, up to ``longest``.
    mutating func take() -> Double {
        defer { nextDelay = min(nextDelay * 2, Self.longest) }
        return nextDelay
    }

    mutating func reset() { nextDelay = Self.first }
}
