/// A timed animation of any interpolable value: from/to, a `Timing` (duration, delay, curve, repeats,
/// autoreverse, speed), and `startProgress`/`endProgress` as in `CATransition`. `value(at:)` is a pure
/// function of the seconds since it was added.
public struct Animation<Value: Interpolatable>: Motion {
    public var from: Value
    public var to: Value
    public var timing: Timing
    /// The share of the from→to change at the start and the end of a pass: 0 and 1 run all of it,
    /// 0 and 0.25 the first quarter (the seed's edge bounce), 0.25 and 0 back again.
    public var startProgress: Double
    public var endProgress: Double
    public var holdsAtEnd: Bool

    public init(from: Value, to: Value, timing: Timing = Timing(), startProgress: Double = 0,
                endProgress: Double = 1, holdsAtEnd: Bool = false) {
        self.from = from; self.to = to; self.timing = timing
        self.startProgress = startProgress; self.endProgress = endProgress; self.holdsAtEnd = holdsAtEnd
    }

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

    public func value(at elapsed: Double) -> Value {
        from.interpolated(to: to, amount: progress(at: elapsed))
    }

    public func velocity(at elapsed: Double) -> Value {
        (to - from).scaled(by: (endProgress - startProgress) * timing.phase(at: elapsed).rate)
    }

    public func isComplete(at elapsed: Double) -> Bool { timing.phase(at: elapsed).isComplete }

    public var endTime: Double? { timing.totalDuration }

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
