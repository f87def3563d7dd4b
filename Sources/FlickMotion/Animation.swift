/// A timed animation of any interpolable value: from/to, a `Timing` (duration, delay, curve, repeats,
/// autoreverse, speed), and `startProgress`/`endProgress` as in `CATransition`. `value(at:)` is a pure
/// function of the seconds since it was added.
public struct Animation<Value: Interpolatable>: Motion {
    /// The value at progress 0.
    public var from: Value
    /// The value at progress 1.
    public var to: Value
    /// When and how fast it runs: duration and delay in seconds, curve, repeats, autoreverse, speed.
    public var timing: Timing
    /// The share of the from→to change at the start and the end of a pass: 0 and 1 run all of it,
    /// 0 and 0.25 the first quarter (the seed's edge bounce), 0.25 and 0 back again.
    public var startProgress: Double
    /// The share of the from→to change at the end of a pass (see ``startProgress``); below the start runs backwards.
    public var endProgress: Double
    /// Keeps showing the final value once complete instead of handing back to the model value
    /// (see ``Motion/holdsAtEnd``).
    public var holdsAtEnd: Bool

    /// An animation from `from` to `to` with full control of its timing. The defaults run the whole change once
    /// in ``Timing/defaultDuration`` (0.3 s), eased in and out.
    public init(from: Value, to: Value, timing: Timing = Timing(), startProgress: Double = 0,
                endProgress: Double = 1, holdsAtEnd: Bool = false) {
        self.from = from; self.to = to; self.timing = timing
        self.startProgress = startProgress; self.endProgress = endProgress; self.holdsAtEnd = holdsAtEnd
    }

    /// One pass of `duration` seconds, starting `delay` seconds after it is added, eased by `curve`.
    public init(from: Value, to: Value, duration: Double, curve: TimingCurve = .easeInEaseOut,
                delay: Double = 0, holdsAtEnd: Bool = false) {
        self.init(from: from, to: to, timing: Timing(duration: duration, delay: delay, curve: curve),
                  holdsAtEnd: holdsAtEnd)
    }

    /// Moves `by` from `from` (Core Animation's `byValue`).
    public init(from: Value, by change: Value, timing: Timing = Timing(), holdsAtEnd: Bool = false) {
        self.init(from: from, to: from + change, timing: timing, holdsAtEnd: holdsAtEnd)
    }

    /// The share of from→to covered at `elapsed`, after timing curve and start/end progress.
    public func progress(at elapsed: Double) -> Double {
        startProgress + (endProgress - startProgress) * timing.phase(at: elapsed).fraction
    }

    /// The value `elapsed` seconds after the animation was added: `from` mixed toward `to` by ``progress(at:)``.
    /// Before the delay it holds where the first pass starts; after the end, where the last pass ended.
    public func value(at elapsed: Double) -> Value {
        from.interpolated(to: to, amount: progress(at: elapsed))
    }

    /// Value units per second at `elapsed`: zero before the delay and once complete.
    public func velocity(at elapsed: Double) -> Value {
        (to - from).scaled(by: (endProgress - startProgress) * timing.phase(at: elapsed).rate)
    }

    /// True once the last pass has ended; never for `repeatCount` `.infinity` or a speed of 0 or less.
    public func isComplete(at elapsed: Double) -> Bool { timing.phase(at: elapsed).isComplete }

    /// ``Timing/totalDuration``: the delay plus every pass at the speed, in seconds; infinite when it never ends.
    public var endTime: Double? { timing.totalDuration }

    /// `to` (or `from`) exactly when the last pass ends there; nil when it ends part-way, or never.
    public var finalValue: Value? {
        guard let end = endTime, end.isFinite else { return nil }
        switch progress(at: end) {
        case 1: return to
        case 0: return from
        default: return nil
        }
    }

    /// Becomes a critically damped spring from the current value and velocity. Re-timing a curve from a
    /// mid-flight velocity cannot both start at that velocity and keep its shape; a spring starts at any
    /// velocity by construction. Its response is this animation's duration, so it lands in about the
    /// time a fresh animation would have taken (within 1.4 % at one response).
    public func retargeted(to target: Value, at elapsed: Double) -> any Motion<Value> {
        let response = timing.duration > 0 ? timing.duration : Timing.defaultDuration
        return SpringAnimation(Spring(dampingRatio: 1, response: response), from: value(at: elapsed),
                               to: target, initialVelocity: velocity(at: elapsed), holdsAtEnd: holdsAtEnd)
    }
}
