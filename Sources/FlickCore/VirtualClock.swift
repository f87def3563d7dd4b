/// Seconds on a virtual clock, shared by a headless display, a scripted input source and the run loop's waiter:
/// nothing moves it but the loop, so the same script gives the same frames on every run.
public final class VirtualClock: TimeSource {
    private var time = FrameClock()

    /// The time now, in seconds since the clock was made (it starts at 0).
    public var now: Double { time.now }

    /// A clock at 0.
    public init() {}

    /// Moves the clock to `time`; like every ``FrameClock`` it never runs backwards.
    public func advance(to time: Double) { self.time.advance(to: time) }
}
