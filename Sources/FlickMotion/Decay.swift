import Foundation

/// A released scroll coasting to a stop, UIScrollView's deceleration: the velocity shrinks by `rate` every
/// millisecond, v(t) = v₀·rate^(1000·t), so the value travels v₀ / (1000·ln(1 / rate)) in all. Complete once
/// the speed falls below `stopSpeed`; the value then stays where it is (within half a `stopSpeed`·second of
/// the projected rest, below what a whole-pixel layout shows).
public struct Decay: Motion {
    public static let normalRate = 0.998 // UIScrollView.DecelerationRate.normal, per millisecond
    public static let fastRate = 0.99 // UIScrollView.DecelerationRate.fast
    /// For pixel values: a pixel a second moves nothing a frame shows.
    public static let pixelStopSpeed = 1.0

    public var from: Double
    public var initialVelocity: Double
    public var rate: Double
    public var stopSpeed: Double

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

    public func value(at elapsed: Double) -> Double {
        let t = clamped(elapsed)
        return from + initialVelocity * (exp(k * t) - 1) / k
    }

    public func velocity(at elapsed: Double) -> Double {
        elapsed >= duration ? 0 : initialVelocity * exp(k * max(0, elapsed))
    }

    public func isComplete(at elapsed: Double) -> Bool { elapsed >= duration - Self.completionSlack }

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
