/// A position on the screen or in user space, in pixels: origin at the top-left, x growing right, y growing down
/// (device pixels unless a transform says otherwise).
///
/// Points add, subtract and scale component by component (a point is also the vector from the origin to it),
/// which is what lets an animation move one; a displacement or a velocity is a ``Vector``.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Across, growing to the right from the origin at the top-left.
    public var x: Double
    /// Down, growing downward from the origin at the top-left.
    public var y: Double

    /// The point (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The point (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0): the top-left corner.
    public static let zero = Point(0, 0)

    /// The sum, component by component: `a` moved by `b` taken as a vector.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// The difference, component by component: the vector from `b` to `a`, as a point.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Both components multiplied by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// The point `v` away from `p`.
    public static func + (p: Point, v: Vector) -> Point { Point(p.x + v.x, p.y + v.y) }
    /// The point `v` back from `p`.
    public static func - (p: Point, v: Vector) -> Point { Point(p.x - v.x, p.y - v.y) }

    /// The distance from the origin: the length of the point taken as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The centroid of `points`, or nil for none.
    public static func centroid<C: Collection>(of points: C) -> Point? where C.Element == Point {
        guard !points.isEmpty else { return nil }
        var x = 0.0, y = 0.0
        for p in points { x += p.x; y += p.y }
        let n = Double(points.count)
        return Point(x: x / n, y: y / n)
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
