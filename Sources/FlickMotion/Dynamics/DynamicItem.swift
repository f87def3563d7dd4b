import Glibc

/// A rectangle moving in the plane: the card in the flick-to-dismiss seed. Mass is spread evenly over
/// the rectangle, so a push at its centre only moves it and a pull off-centre also turns it.
public struct DynamicItem: Hashable, Sendable {
    /// The centre, in pixels.
    public var position: Vector2
    /// Pixels per second.
    public var velocity: Vector2
    /// Radians, clockwise on screen.
    public var angle: Double
    /// Radians per second.
    public var angularVelocity: Double
    /// The unrotated width, in pixels.
    public var width: Double
    /// The unrotated height, in pixels.
    public var height: Double

    /// An item `width` × `height` pixels centred at `position`, upright and still unless told otherwise.
    public init(position: Vector2, width: Double, height: Double, velocity: Vector2 = .zero,
                angle: Double = 0, angularVelocity: Double = 0) {
        self.position = position; self.width = width; self.height = height
        self.velocity = velocity; self.angle = angle; self.angularVelocity = angularVelocity
    }

    /// Where a point fixed to the item sits, given by its offset from the centre in the item's own
    /// (unrotated) axes.
    public func point(atOffset offset: Vector2) -> Vector2 { position + offset.rotated(by: angle) }

    /// The offset, in the item's own axes, of the item point now at `point`: where a finger grabbed it.
    public func offset(of point: Vector2) -> Vector2 { (point - position).rotated(by: -angle) }

    /// The velocity of the item point at `offset`: the centre's plus the turn's.
    public func velocity(atOffset offset: Vector2) -> Vector2 {
        let r = offset.rotated(by: angle)
        return velocity + Vector2(-angularVelocity * r.y, angularVelocity * r.x)
    }

    /// The bounding box of the rotated rectangle, like a transformed view's frame.
    public var frame: Bounds {
        let c = abs(cos(angle)), s = abs(sin(angle))
        let hx = (c * width + s * height) / 2, hy = (s * width + c * height) / 2
        return Bounds(minX: position.x - hx, minY: position.y - hy, maxX: position.x + hx, maxY: position.y + hy)
    }

    /// Moment of inertia over mass for a uniform rectangle about its centre, (w² + h²) / 12.
    var inertiaPerMass: Double { (width * width + height * height) / 12 }
}
