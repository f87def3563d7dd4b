import Glibc

/// A released scroll with ends, UIScrollView's: it coasts as a `Decay`, and where it would pass an end of
/// `bounds` a spring takes over at that end with the speed the coast had there, carries it out past the end
/// and pulls it back to rest on it. Released outside the bounds (a rubber-banded drag) it springs straight
/// back to the nearer end. Position and velocity are continuous throughout.
public struct BoundedDecay: Motion {
    /// Critically damped, so the end never wobbles; our choice: about half a second back from a 50 px
    /// overshoot, close to UIScrollView's bounce.
    public static let bounceSpring = Spring(dampingRatio: 1, response: 0.4)

    /// The coast, as if there were no ends.
    public let decay: Decay
    /// The range the value comes to rest in, in the value's units (pixels of scroll offset).
    public let bounds: ClosedRange<Double>
    /// Seconds after the start at which the spring takes over; nil when the coast stays within the bounds.
    public let bounceTime: Double?
    private let bounce: SpringAnimation<Double>?

    /// A coast from `from` at `velocity` units per second, kept within `bounds`.
    ///
    /// - Parameters:
    ///   - from: The value at release.
    ///   - velocity: Units per second at release (the finger's velocity for a scroll).
    ///   - bounds: Where it may rest; the spring takes over at whichever end the coast would pass.
    ///   - rate: The coast's deceleration per millisecond (see ``Decay/rate``).
    ///   - stopSpeed: Units per second below which the coast counts as stopped.
    ///   - spring: Carries the value past an end and back; ``bounceSpring`` by default.
    public init(from: Double, velocity: Double, bounds: ClosedRange<Double>, rate: Double = Decay.normalRate,
                stopSpeed: Double = Decay.pixelStopSpeed, spring: Spring = Self.bounceSpring) {
        decay = Decay(from: from, velocity: velocity, rate: rate, stopSpeed: stopSpeed)
        self.bounds = bounds
        func springBack(to end: Double, from start: Double, velocity: Double) -> SpringAnimation<Double> {
            SpringAnimation(spring, from: start, to: end, initialVelocity: velocity, threshold: .pixels)
        }
        if !bounds.contains(from) {
            let end = from < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            bounceTime = 0
            bounce = springBack(to: end, from: from, velocity: velocity)
        } else if let crossing = Self.crossing(of: decay, bounds: bounds) {
            bounceTime = crossing.time
            bounce = springBack(to: crossing.end, from: crossing.end, velocity: decay.velocity(at: crossing.time))
        } else {
            bounceTime = nil
            bounce = nil
        }
    }

    /// The end the coast reaches and when, or nil when it comes to rest inside.
    private static func crossing(of decay: Decay, bounds: ClosedRange<Double>) -> (end: Double, time: Double)? {
        let rest = decay.value(at: decay.duration)
        let end: Double
        if rest < bounds.lowerBound { end = bounds.lowerBound }
        else if rest > bounds.upperBound { end = bounds.upperBound }
        else { return nil }
        // x(t) = x₀ + v₀·(e^(k·t) − 1)/k = end  ⇒  e^(k·t) = 1 + (end − x₀)·k / v₀.
        let k = 1000 * log(decay.rate)
        let time = log(1 + (end - decay.from) * k / decay.initialVelocity) / k
        return (end, max(0, time))
    }

    /// The value `elapsed` seconds after release: the coast's, then the spring's from ``bounceTime`` on.
    public func value(at elapsed: Double) -> Double {
        if let bounce, let bounceTime, elapsed >= bounceTime { return bounce.value(at: elapsed - bounceTime) }
        return decay.value(at: elapsed)
    }

    /// Units per second at `elapsed`, continuous across the hand-over to the spring.
    public func velocity(at elapsed: Double) -> Double {
        if let bounce, let bounceTime, elapsed >= bounceTime { return bounce.velocity(at: elapsed - bounceTime) }
        return decay.velocity(at: elapsed)
    }

    /// True once the coast has stopped inside the bounds, or the spring has settled on an end (within
    /// ``SettlingThreshold/pixels``).
    public func isComplete(at elapsed: Double) -> Bool {
        if let bounce, let bounceTime {
            return elapsed >= bounceTime && bounce.isComplete(at: elapsed - bounceTime)
        }
        return decay.isComplete(at: elapsed)
    }

    /// The coast's ``Decay/duration`` when it stays inside; nil when a spring ends it, as it ends when it settles.
    public var endTime: Double? { bounce == nil ? decay.endTime : nil }

    /// Where it comes to rest.
    public var rest: Double { bounce?.to ?? decay.value(at: decay.duration) }

    /// Becomes a ``bounceSpring`` toward `target` from the value and velocity at `elapsed`.
    public func retargeted(to target: Double, at elapsed: Double) -> any Motion<Double> {
        SpringAnimation(Self.bounceSpring, from: value(at: elapsed), to: target,
                        initialVelocity: velocity(at: elapsed), threshold: .pixels)
    }
}
