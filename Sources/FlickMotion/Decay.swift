import Glibc

/// A released scroll coasting to a stop, UIScrollView's deceleration: the velocity shrinks by `rate` every
/// millisecond, v(t) = v₀·rate^(1000·t), so the value travels v₀ / (1000·ln(1 / rate)) in all. Complete once
/// the speed falls below `stopSpeed`; the value then stays where it is (within half a `stopSpeed`·second of
/// the projected rest, below what a whole-pixel layout shows).
public struct Decay: Motion {
    /// UIScrollView's `DecelerationRate.normal`: the velocity keeps 99.8 % of itself each millisecond.
    public static let normalRate = 0.998 // UIScrollView.DecelerationRate.normal, per millisecond
    /// UIScrollView's `DecelerationRate.fast`: 99 % each millisecond, a much shorter coast.
    public static let fastRate = 0.99 // UIScrollView.DecelerationRate.fast
    /// For pixel values: a pixel a second moves nothing a frame shows.
    public static let pixelStopSpeed = 1.0

    /// The value at release.
    public var from: Double
    /// Units per second at release.
    public var initialVelocity: Double
    /// The share of the velocity kept each millisecond, between 0 and 1 exclusive.
    public var rate: Double
    /// Units per second below which the coast counts as stopped; positive.
    public var stopSpeed: Double

    /// A coast from `from` at `velocity` units per second. `rate` must be between 0 and 1 and `stopSpeed`
    /// positive (a precondition).
    public init(from: Double, velocity: Double, rate: Double = Decay.normalRate,
                stopSpeed: Double = Decay.pixelStopSpeed) {
        precondition(rate > 0 && rate < 1, "a deceleration rate is between 0 and 1")
        precondition(stopSpeed > 0, "a decay stops at a positive speed")
        self.from = from; self.initialVelocity = velocity; self.rate = rate; self.stopSpeed = stopSpeed
    }

    /// The exponent per second, negative: v(t) = v₀·e^(k·t).
    private var k: Double { 1000 * log(rate) }

    /// Where the value would come to rest if it coasted for ever (the WWDC18 "projection").
    public var projectedRest: Double { from - initialVelocity / k }

    /// The value `elapsed` seconds after release; it stays put from ``duration`` on.
    public func value(at elapsed: Double) -> Double {
        let t = clamped(elapsed)
        return from + initialVelocity * (exp(k * t) - 1) / k
    }

    /// Units per second at `elapsed`; zero from ``duration`` on.
    public func velocity(at elapsed: Double) -> Double {
        elapsed >= duration ? 0 : initialVelocity * exp(k * max(0, elapsed))
    }

    /// True from ``duration`` on.
    public func isComplete(at elapsed: Double) -> Bool { elapsed >= duration - Self.completionSlack }

    /// ``duration``: a coast's end is known in advance.
    public var endTime: Double? { duration }

    /// Becomes a critically damped spring from the current value and velocity, as a scroll sent somewhere
    /// else mid-coast (the end of the content) should.
    public func retargeted(to target: Double, at elapsed: Double) -> any Motion<Double> {
        SpringAnimation(BoundedDecay.bounceSpring, from: value(at: elapsed), to: target,
                        initialVelocity: velocity(at: elapsed), threshold: .pixels)
    }

    /// Seconds until the speed falls below `stopSpeed`.
    public var duration: Double {
        let speed = abs(initialVelocity)
        return speed <= stopSpeed ? 0 : log(stopSpeed / speed) / k
    }

    private func clamped(_ elapsed: Double) -> Double { min(max(0, elapsed), duration) }

    // A nanosecond, as Timing's: a frame landing on the end completes the motion.
    private static let completionSlack = 1e-9
}
