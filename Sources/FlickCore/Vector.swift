import Glibc

/// A displacement or a velocity on the screen (x right, y down): how far a finger moved, in pixels, or how fast,
/// in pixels per second (a velocity is a vector whose name says per second, as `PanRecognizer.velocity` does).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// Rightwards.
    public var x: Double
    /// Downwards.
    public var y: Double

    /// The vector (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The vector (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The displacement from `start` to `end`.
    public init(from start: Point, to end: Point) { self.init(end.x - start.x, end.y - start.y) }

    /// No displacement; at rest.
    public static let zero = Vector(0, 0)

    /// The sum, component by component.
    public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    /// The difference, component by component.
    public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    /// The same length, pointing the other way.
    public static prefix func - (v: Vector) -> Vector { Vector(-v.x, -v.y) }
    /// Both components times `s`.
    public static func * (v: Vector, s: Double) -> Vector { Vector(v.x * s, v.y * s) }
    /// Both components times `s`.
    public static func * (s: Double, v: Vector) -> Vector { Vector(v.x * s, v.y * s) }
    /// Both components divided by `s`.
    public static func / (v: Vector, s: Double) -> Vector { Vector(v.x / s, v.y / s) }

    /// Both components times `factor`.
    public func scaled(by factor: Double) -> Vector { self * factor }
    /// x² + y².
    public var magnitudeSquared: Double { x * x + y * y }
    /// The Euclidean length, √(x² + y²): a distance in pixels, or a speed in pixels per second.
    public var length: Double { magnitudeSquared.squareRoot() }

    /// The unit vector in the same direction; zero stays zero.
    public var normalized: Vector {
        let l = length
        return l > 0 ? self / l : .zero
    }

    /// The dot product, x·x′ + y·y′.
    public func dot(_ other: Vector) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product: the torque of force `other` applied at lever `self`.
    public func cross(_ other: Vector) -> Double { x * other.y - y * other.x }

    /// Rotated by `radians`; positive turns clockwise on screen (y down), like `AffineTransform.rotation`.
    public func rotated(by radians: Double) -> Vector {
        let s = sin(radians), c = cos(radians)
        return Vector(c * x - s * y, s * x + c * y)
    }

    /// The vector with the component across `axis` removed, or unchanged for nil.
    public func constrained(to axis: Axis?) -> Vector {
        switch axis {
        case .horizontal: Vector(x: x, y: 0)
        case .vertical: Vector(x: 0, y: y)
        case nil: self
        }
    }

    /// The signed component along `axis`: x for horizontal, y for vertical.
    public func component(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
