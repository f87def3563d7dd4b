/// Moves one `DynamicItem` under an attachment, a snap, gravity, pushes and resistance — UIKit Dynamics
/// for a card — with fixed 240 Hz sub-steps, so where the item is at a given time does not depend on
/// how often frames ask. A value: the run loop owns it and calls `advance(to:)` once per frame.
public struct DynamicSimulation: Sendable {
    // 4 sub-steps per 60 Hz frame; short enough that the stiffest grip is well inside RK4's stability limit.
    package static let stepsPerSecond = 240.0

    /// The grip of a finger dragging the item, or nil when no finger holds it. Setting one with a new offset
    /// (a new grip) starts pulling from where its anchor is; moving the anchor of the same grip is followed in a
    /// straight line from where it was at the last `advance(to:)`.
    public var attachment: Attachment? {
        // A new grip starts where it is set; moving an existing one is followed from where it was.
        didSet { if attachment?.offset != oldValue?.offset { appliedAnchor = attachment?.anchor } }
    }
    /// Springs the item home and upright, or nil.
    public var snap: Snap?
    /// A constant pull, or nil.
    public var gravity: Gravity?
    /// Drag on the item's motion; ``Resistance/none`` by default.
    public var resistance: Resistance
    /// When the item's frame stops overlapping these, `advance(to:)` reports `.leftBounds` once.
    public var exitBounds: Rect? {
        didSet { hasLeftBounds = false }
    }

    /// The time of the last `advance(to:)`.
    public private(set) var time: Double

    /// The state on the last sub-step boundary, `origin + steps / stepsPerSecond`.
    private var stepped: DynamicItem
    private var origin: Double
    private var steps = 0
    private var presented: DynamicItem
    /// The anchor as it was at `time`: sub-steps move it in a straight line to the anchor asked for next,
    /// so a finger's path is followed the same way at any frame rate.
    private var appliedAnchor: Point?
    private var hasLeftBounds = false

    /// A simulation of `item` as it is at `time` seconds, with no attachment, snap or gravity yet.
    public init(item: DynamicItem, time: Double = 0, resistance: Resistance = .none) {
        stepped = item; presented = item; origin = time; self.time = time; self.resistance = resistance
    }

    /// The item as it is at `time`. Setting it (a finger picks the card up, the app resets it) restarts
    /// the sub-step grid from now.
    public var item: DynamicItem {
        get { presented }
        set {
            stepped = newValue; presented = newValue
            origin = time; steps = 0; hasLeftBounds = false
        }
    }

    /// Adds velocity at once, like `UIDynamicItemBehavior.addLinearVelocity(_:for:)`.
    public mutating func push(velocity: Vector, angularVelocity: Double = 0) {
        stepped.velocity = stepped.velocity + velocity
        stepped.angularVelocity += angularVelocity
        presented.velocity = presented.velocity + velocity
        presented.angularVelocity += angularVelocity
    }

    /// Something that happened during an `advance(to:)`.
    public enum Event: Hashable, Sendable {
        /// The item's frame no longer overlaps `exitBounds`; `time` is the sub-step where that happened.
        case leftBounds(time: Double)
    }

    /// Runs every whole sub-step up to `newTime`, then presents the item at exactly `newTime`. Returns
    /// what happened on the way (the seed's `dynamic.action` bounds check), for the caller to act on
    /// after the step rather than from inside it.
    @discardableResult
    public mutating func advance(to newTime: Double) -> [Event] {
        guard newTime > time else { return [] }
        let start = time, span = newTime - time
        let anchorFrom = appliedAnchor ?? attachment?.anchor, anchorTo = attachment?.anchor
        func anchor(at t: Double) -> Point? {
            guard let from = anchorFrom, let to = anchorTo else { return nil }
            return from.interpolated(to: to, amount: (t - start) / span)
        }
        let dt = 1 / Self.stepsPerSecond
        var events: [Event] = []
        while origin + Double(steps + 1) * dt <= newTime + Self.stepSlack {
            let stepStart = origin + Double(steps) * dt
            stepped = integrate(stepped, from: stepStart, by: dt, anchor: anchor(at:))
            steps += 1
            if let bounds = exitBounds, !hasLeftBounds, !stepped.frame.intersects(bounds) {
                hasLeftBounds = true
                events.append(.leftBounds(time: stepStart + dt))
            }
        }
        let last = origin + Double(steps) * dt
        presented = newTime > last ? integrate(stepped, from: last, by: newTime - last, anchor: anchor(at:)) : stepped
        time = newTime
        appliedAnchor = anchorTo
        return events
    }

    /// Advances to the clock's `now` in seconds, as `advance(to:)` with a time does.
    @discardableResult
    public mutating func advance(to clock: FrameClock) -> [Event] { advance(to: clock.now) }

    /// True when nothing will move the item any more: still, upright and home for a snap, at the anchor for
    /// an attachment, and no gravity. The run loop stops drawing frames for it then.
    public func isResting(threshold: SettlingThreshold = .pixels) -> Bool {
        let item = presented
        if let gravity, gravity.magnitude != 0 { return false }
        guard item.velocity.length <= threshold.velocity, abs(item.angularVelocity) <= Self.restingSpin else { return false }
        if let snap, (item.position - snap.point).length > threshold.position
            || abs(item.angle - snap.angle) > Self.restingAngle { return false }
        if let attachment, (item.point(atOffset: attachment.offset) - attachment.anchor).length > threshold.position {
            return false
        }
        return true
    }

    // A thousandth of a radian moves the corner of a 400 px card by a fifth of a pixel.
    private static let restingAngle = 0.001
    private static let restingSpin = 0.01
    // Absorbs the rounding in origin + n·dt so a frame landing on a sub-step boundary runs that sub-step.
    private static let stepSlack = 1e-9

    // MARK: Integration

    /// One classical Runge–Kutta step: exact for constant gravity and fourth-order for the springs, so the
    /// sub-steps follow the closed-form solutions closely rather than drifting like plain Euler.
    private func integrate(_ s: DynamicItem, from t: Double, by h: Double,
                           anchor: (Double) -> Point?) -> DynamicItem {
        func derivative(_ x: DynamicItem, _ t: Double) -> Derivative {
            let a = acceleration(of: x, anchor: anchor(t))
            return Derivative(velocity: x.velocity, acceleration: a.linear,
                              spin: x.angularVelocity, angularAcceleration: a.angular)
        }
        func moved(_ x: DynamicItem, _ d: Derivative, _ h: Double) -> DynamicItem {
            var y = x
            y.position = x.position + d.velocity * h
            y.velocity = x.velocity + d.acceleration * h
            y.angle = x.angle + d.spin * h
            y.angularVelocity = x.angularVelocity + d.angularAcceleration * h
            return y
        }
        let k1 = derivative(s, t)
        let k2 = derivative(moved(s, k1, h / 2), t + h / 2)
        let k3 = derivative(moved(s, k2, h / 2), t + h / 2)
        let k4 = derivative(moved(s, k3, h), t + h)
        let sum = Derivative(
            velocity: k1.velocity + (k2.velocity + k3.velocity) * 2 + k4.velocity,
            acceleration: k1.acceleration + (k2.acceleration + k3.acceleration) * 2 + k4.acceleration,
            spin: k1.spin + 2 * (k2.spin + k3.spin) + k4.spin,
            angularAcceleration: k1.angularAcceleration + 2 * (k2.angularAcceleration + k3.angularAcceleration)
                + k4.angularAcceleration)
        return moved(s, sum, h / 6)
    }

    private struct Derivative {
        var velocity: Vector, acceleration: Vector, spin: Double, angularAcceleration: Double
    }

    /// Acceleration per unit mass, so the item's mass cancels out: only its shape matters, for turning.
    private func acceleration(of item: DynamicItem, anchor: Point?) -> (linear: Vector, angular: Double) {
        var linear = gravity?.acceleration ?? .zero
        var angular = 0.0
        if let attachment, let anchor {
            let omega = 2 * Double.pi * attachment.frequency
            let lever = attachment.offset.rotated(by: item.angle)
            let grip = item.position + lever
            let pull = Vector(from: grip, to: anchor) * (omega * omega)
                - item.velocity(atOffset: attachment.offset) * (2 * attachment.dampingRatio * omega)
            linear = linear + pull
            // A pull at the lever turns the item: torque over moment of inertia, both per unit mass.
            if item.inertiaPerMass > 0 { angular += lever.cross(pull) / item.inertiaPerMass }
        }
        if let snap {
            let omega = 2 * Double.pi / snap.response, drag = 2 * snap.damping * omega
            linear = linear + Vector(from: item.position, to: snap.point) * (omega * omega) - item.velocity * drag
            angular += (snap.angle - item.angle) * omega * omega - item.angularVelocity * drag
        }
        linear = linear - item.velocity * resistance.linear
        angular -= item.angularVelocity * resistance.angular
        return (linear, angular)
    }
}
