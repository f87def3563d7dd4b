import Glibc

/// A rectangle moving in the plane: the card in the flick-to-dismiss seed. Mass is spread evenly over
/// the rectangle, so a push at its centre only moves it and a pull off-centre also turns it.
public struct DynamicItem: Hashable, Sendable {
    /// The centre, in pixels.
    public var position: Point
    /// Pixels per second.
    public var velocity: Vector
    /// Radians, clockwise on screen.
    public var angle: Double
    /// Radians per second.
    public var angularVelocity: Double
    /// The unrotated width, in pixels.
    public var width: Double
    /// The unrotated height, in pixels.
    public var height: Double

    /// An item `width` × `height` pixels centred at `position`, upright and still unless told otherwise.
    public init(position: Point, width: Double, height: Double, velocity: Vector = .zero,
                angle: Double = 0, angularVelocity: Double = 0) {
        self.position = position; self.width = width; self.height = height
        self.velocity = velocity; self.angle = angle; self.angularVelocity = angularVelocity
    }

    /// Where a point fixed to the item sits, given by its offset from the centre in the item's own
    /// (unrotated) axes.
    public func point(atOffset offset: Vector) -> Point { position + offset.rotated(by: angle) }

    /// The offset, in the item's own axes, of the item point now at `point`: where a finger grabbed it.
    public func offset(of point: Point) -> Vector { Vector(from: position, to: point).rotated(by: -angle) }

    /// The velocity of the item point at `offset`: the centre's plus the turn's.
    public func velocity(atOffset offset: Vector) -> Vector {
        let r = offset.rotated(by: angle)
        return velocity + Vector(-angularVelocity * r.y, angularVelocity * r.x)
    }

    /// The bounding box of the rotated rectangle, like a transformed view's frame.
    public var frame: Rect {
        let c = abs(cos(angle)), s = abs(sin(angle))
        let hx = (c * width + s * height) / 2, hy = (s * width + c * height) / 2
        return Rect(x: position.x - hx, y: position.y - hy, width: hx + hx, height: hy + hy)
    }

    /// Moment of inertia over mass for a uniform rectangle about its centre, (w² + h²) / 12.
    var inertiaPerMass: Double { (width * width + height * height) / 12 }
}
