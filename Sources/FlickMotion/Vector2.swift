import Glibc

/// A 2D vector in screen coordinates (x right, y down): offsets, positions and velocities of the
/// dynamics and the transitions. FlickUI converts it to and from the raster's `Point`.
public struct Vector2: Hashable, Sendable, Interpolatable {
    /// Rightwards.
    public var x: Double
    /// Downwards.
    public var y: Double

    /// The vector (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The vector (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// (0, 0).
    public static let zero = Vector2(0, 0)

    /// The sum, component by component.
    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    /// The difference, component by component.
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    /// The same length, pointing the other way.
    public static prefix func - (v: Vector2) -> Vector2 { Vector2(-v.x, -v.y) }
    /// Both components times `s`.
    public static func * (v: Vector2, s: Double) -> Vector2 { Vector2(v.x * s, v.y * s) }
    /// Both components times `s`.
    public static func * (s: Double, v: Vector2) -> Vector2 { Vector2(v.x * s, v.y * s) }
    /// Both components divided by `s`.
    public static func / (v: Vector2, s: Double) -> Vector2 { Vector2(v.x / s, v.y / s) }

    /// Both components times `factor`.
    public func scaled(by factor: Double) -> Vector2 { self * factor }
    /// x² + y².
    public var magnitudeSquared: Double { x * x + y * y }
    /// The Euclidean length, √(x² + y²).
    public var length: Double { magnitudeSquared.squareRoot() }

    /// The unit vector in the same direction; zero stays zero.
    public var normalized: Vector2 {
        let l = length
        return l > 0 ? self / l : .zero
    }

    /// The dot product, x·x′ + y·y′.
    public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product: the torque of force `other` applied at lever `self`.
    public func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }

    /// Rotated by `radians`; positive turns clockwise on screen (y down), like `AffineTransform.rotation`.
    public func rotated(by radians: Double) -> Vector2 {
        let s = sin(radians), c = cos(radians)
        return Vector2(c * x - s * y, s * x + c * y)
    }
}

/// An axis-aligned rectangle: the region an item may leave, its rotated frame's bounding box.
public struct Bounds: Hashable, Sendable {
    /// The edges, in pixels: left, top, right and bottom (y grows downwards).
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The rectangle between these edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// The rectangle `width` × `height` with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// True when the two share area; touching edges do not count.
    public func intersects(_ other: Bounds) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
