/// Frame time in seconds. On hardware the run loop advances it to each page flip's timestamp; headless
/// runs and tests step it by hand, so every animation is a function of numbers handed in — no wall clock.
public struct FrameClock: Hashable, Sendable {
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    /// A clock at a display timestamp (`FlickDisplay.Microseconds`).
    public init(microseconds: Int64) { now = Self.seconds(microseconds: microseconds) }

    /// Moves to `time`. A clock never runs backwards: an earlier time is ignored, so a late or
    /// repeated page-flip timestamp cannot make animations jump back.
    public mutating func advance(to time: Double) { if time > now { now = time } }

    public mutating func advance(by interval: Double) { advance(to: now + interval) }

    public mutating func advance(toMicroseconds microseconds: Int64) {
        advance(to: Self.seconds(microseconds: microseconds))
    }

    public static func seconds(microseconds: Int64) -> Double { Double(microseconds) / 1_000_000 }
}
