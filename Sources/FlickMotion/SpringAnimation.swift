/// A spring pulling any interpolable value from `from` (moving at `initialVelocity`) to `to`; complete
/// once settled. The way a released gesture hands its velocity to an animation:
/// `SpringAnimation(spring, from: position, to: rest, initialVelocity: fingerVelocity)`.
public struct SpringAnimation<Value: Interpolatable>: Motion {
    /// The spring's stiffness, damping and mass.
    public var spring: Spring
    /// The value it starts from.
    public var from: Value
    /// The target it settles on.
    public var to: Value
    /// Value units per second at the start: a released finger's velocity.
    public var initialVelocity: Value
    /// How close to `to`, and how slow, counts as settled.
    public var threshold: SettlingThreshold
    /// Keeps showing `to` once settled instead of handing back to the model value.
    public var holdsAtEnd: Bool

    /// A spring from `from` at `initialVelocity` to `to`. Use ``SettlingThreshold/pixels`` for pixel values,
    /// ``SettlingThreshold/standard`` (the default) for values of order 1.
    public init(_ spring: Spring, from: Value, to: Value, initialVelocity: Value = .zero,
                threshold: SettlingThreshold = .standard, holdsAtEnd: Bool = false) {
        self.spring = spring; self.from = from; self.to = to; self.initialVelocity = initialVelocity
        self.threshold = threshold; self.holdsAtEnd = holdsAtEnd
    }

    /// The exact value `elapsed` seconds after the start.
    public func value(at elapsed: Double) -> Value {
        let c = spring.coefficients(at: elapsed)
        return to + (from - to).scaled(by: c.position) + initialVelocity.scaled(by: c.positionFromVelocity)
    }

    /// The exact velocity `elapsed` seconds after the start, in value units per second.
    public func velocity(at elapsed: Double) -> Value {
        let c = spring.coefficients(at: elapsed)
        return (from - to).scaled(by: c.velocityFromPosition) + initialVelocity.scaled(by: c.velocity)
    }

    /// `to`: once settled it shows its target exactly.
    public var finalValue: Value? { to }

    /// True once both the distance from `to` and the speed are within ``threshold``.
    public func isComplete(at elapsed: Double) -> Bool {
        let c = spring.coefficients(at: elapsed)
        let offset = (from - to).scaled(by: c.position) + initialVelocity.scaled(by: c.positionFromVelocity)
        let speed = (from - to).scaled(by: c.velocityFromPosition) + initialVelocity.scaled(by: c.velocity)
        return offset.magnitudeSquared <= threshold.position * threshold.position
            && speed.magnitudeSquared <= threshold.velocity * threshold.velocity
    }

    /// Nil: a spring ends when it settles, which is not worked out in advance.
    public var endTime: Double? { nil }

    /// Keeps the same spring and starts it again from where it is, at the speed it has.
    public func retargeted(to target: Value, at elapsed: Double) -> any Motion<Value> {
        SpringAnimation(spring, from: value(at: elapsed), to: target, initialVelocity: velocity(at: elapsed),
                        threshold: threshold, holdsAtEnd: holdsAtEnd)
    }
}
