/// A clock a frame loop reads: seconds that never run backwards. ``MonotonicClock`` on a board, ``VirtualClock``
/// headless and in tests, ``FrameClock`` for the time animations are at.
public protocol TimeSource {
    /// The time now, in seconds.
    var now: Double { get }
}

/// Frame time in seconds. On hardware the run loop advances it to each page flip's timestamp; headless
/// runs and tests step it by hand, so every animation is a function of numbers handed in — no wall clock.
public struct FrameClock: TimeSource, Hashable, Sendable {
    /// The current frame time, in seconds.
    public private(set) var now: Double

    /// A clock at `now` seconds.
    public init(now: Double = 0) { self.now = now }

    /// A clock at a display timestamp.
    public init(microseconds: Microseconds) { now = microseconds.seconds }

    /// Moves to `time`. A clock never runs backwards: an earlier time is ignored, so a late or
    /// repeated page-flip timestamp cannot make animations jump back.
    public mutating func advance(to time: Double) { if time > now { now = time } }

    /// Moves on by `interval` seconds (a negative interval is ignored).
    public mutating func advance(by interval: Double) { advance(to: now + interval) }

    /// Moves to a display timestamp; never backwards.
    public mutating func advance(toMicroseconds microseconds: Microseconds) { advance(to: microseconds.seconds) }
}
