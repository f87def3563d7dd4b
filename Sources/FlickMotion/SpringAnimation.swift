/// A spring pulling any interpolable value from `from` (moving at `initialVelocity`) to `to`; complete
/// once settled. The way a released gesture hands its velocity to an animation:
/// `SpringAnimation(spring, from: position, to: rest, initialVelocity: fingerVelocity)`.
public struct SpringAnimation<Value: Interpolatable>: Motion {
    public var spring: Spring
    public var from: Value
    public var to: Value
    public var initialVelocity: Value
    public var threshold: SettlingThreshold
    public var holdsAtEnd: Bool

    public init(_ spring: Spring, from: Value, to: Value, initialVelocity: Value = .zero,
                threshold: SettlingThreshold = .standard, holdsAtEnd: Bool = false) {
        self.spring = spring; self.from = from; self.to = to; self.initialVelocity = initialVelocity
        self.threshold = threshold; self.holdsAtEnd = holdsAtEnd
    }

    public func value(at elapsed: Double) -> Value {
        let c = spring.coefficients(at: elapsed)
        return to + (from - to).scaled(by: c.position) + initialVelocity.scaled(by: c.positionFromVelocity)
    }

    public func velocity(at elapsed: Double) -> Value {
        let c = spring.coefficients(at: elapsed)
        return (from - to).scaled(by: c.velocityFromPosition) + initialVelocity.scaled(by: c.velocity)
    }

    public func isComplete(at elapsed: Double) -> Bool {
        let c = spring.coefficients(at: elapsed)
        let offset = (from - to).scaled(by: c.position) + initialVelocity.scaled(by: c.positionFromVelocity)
        let speed = (from - to).scaled(by: c.velocityFromPosition) + initialVelocity.scaled(by: c.velocity)
        return offset.magnitudeSquared <= threshold.position * threshold.position
            && speed.magnitudeSquared <= threshold.velocity * threshold.velocity
    }

    public var endTime: Double? { nil }

    /// Keeps the same spring and starts it again from where it is, at the speed it has.
    public func retargeted(to target: Value, at elapsed: Double) -> any Motion<Value> {
        SpringAnimation(spring, from: value(at: elapsed), to: target, initialVelocity: velocity(at: elapsed),
                        threshold: threshold, holdsAtEnd: holdsAtEnd)
    }
}
