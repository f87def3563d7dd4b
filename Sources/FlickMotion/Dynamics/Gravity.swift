/// A constant acceleration on the item, like `UIGravityBehavior`: the seed adds a little in the flick's
/// direction so a slow flick still leaves the screen.
public struct Gravity: Hashable, Sendable {
    /// Pixels per second squared at magnitude 1, as UIKit's 1000 points/s².
    public static let standardAcceleration = 1000.0 // UIKit: magnitude 1 accelerates at 1000 points/s²

    /// Only the direction counts; its length is ignored.
    public var direction: Vector
    /// Multiples of ``standardAcceleration``.
    public var magnitude: Double

    /// Downwards at magnitude 1 by default, as UIKit.
    public init(direction: Vector = Vector(0, 1), magnitude: Double = 1) {
        self.direction = direction; self.magnitude = magnitude
    }

    /// Pixels per second squared.
    public var acceleration: Vector { direction.normalized * (magnitude * Self.standardAcceleration) }
}

/// Drag on the item's motion, like `UIDynamicItemBehavior.resistance` and `.angularResistance`: with
/// nothing else acting, speed decays as e^(−linear·t) and spin as e^(−angular·t).
public struct Resistance: Hashable, Sendable {
    /// Per second.
    public var linear: Double
    /// Per second.
    public var angular: Double

    /// Drag of `linear` and `angular` per second; none by default.
    public init(linear: Double = 0, angular: Double = 0) { self.linear = linear; self.angular = angular }

    /// No drag: the item keeps its speed and spin.
    public static let none = Resistance()
}
