/// A position on the screen in pixels, origin top-left, y growing downwards.
///
/// FlickGestures depends on nothing, so it has its own small point type; FlickUI converts at the boundary.
public struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    /// Pixels from the left edge.
    public var x: Double
    /// Pixels from the top edge.
    public var y: Double

    /// The point `x` pixels right of and `y` pixels below the top-left corner.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The top-left corner.
    public static let zero = ScreenPoint(x: 0, y: 0)

    /// No screen is a million pixels across: a touch farther out than this, from a device's calibration or a
    /// script, is garbage, and a position that far could not become a whole pixel (Int) downstream.
    package static let farthest = 1_000_000.0

    /// The point moved within `farthest` of the origin on each axis (NaN goes to 0): where device input enters.
    package var clampedToTouchRange: ScreenPoint {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -Self.farthest), Self.farthest) }
        return ScreenPoint(x: clamp(x), y: clamp(y))
    }

    /// The displacement from `b` to `a`.
    public static func - (a: ScreenPoint, b: ScreenPoint) -> ScreenVector { ScreenVector(x: a.x - b.x, y: a.y - b.y) }
    /// The point `v` away from `a`.
    public static func + (a: ScreenPoint, v: ScreenVector) -> ScreenPoint { ScreenPoint(x: a.x + v.x, y: a.y + v.y) }

    /// The straight-line distance to `other`, in pixels.
    public func distance(to other: ScreenPoint) -> Double { (self - other).length }

    /// The centroid of `points`, or nil for none.
    public static func centroid<C: Collection>(of points: C) -> ScreenPoint? where C.Element == ScreenPoint {
        guard !points.isEmpty else { return nil }
        var x = 0.0, y = 0.0
        for p in points { x += p.x; y += p.y }
        let n = Double(points.count)
        return ScreenPoint(x: x / n, y: y / n)
    }

    public var description: String { "(\(x), \(y))" }
}

/// A displacement in screen pixels.
public struct ScreenVector: Hashable, Sendable, CustomStringConvertible {
    /// Pixels rightwards.
    public var x: Double
    /// Pixels downwards.
    public var y: Double

    /// A displacement of `x` pixels right and `y` pixels down.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// No displacement.
    public static let zero = ScreenVector(x: 0, y: 0)

    /// The sum, component by component.
    public static func + (a: ScreenVector, b: ScreenVector) -> ScreenVector { ScreenVector(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, component by component.
    public static func - (a: ScreenVector, b: ScreenVector) -> ScreenVector { ScreenVector(x: a.x - b.x, y: a.y - b.y) }

    /// The straight-line length, in pixels.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The vector with the component across `axis` removed, or unchanged for nil.
    public func constrained(to axis: Axis?) -> ScreenVector {
        switch axis {
        case .horizontal: ScreenVector(x: x, y: 0)
        case .vertical: ScreenVector(x: 0, y: y)
        case nil: self
        }
    }

    /// The signed component along `axis`: x for horizontal, y for vertical.
    public func component(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    public var description: String { "(\(x), \(y))" }
}

/// A finger's speed in screen pixels per second.
public struct Velocity: Hashable, Sendable, CustomStringConvertible {
    /// Pixels per second rightwards.
    public var x: Double
    /// Pixels per second downwards.
    public var y: Double

    /// A velocity of `x` pixels per second right and `y` down.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// At rest.
    public static let zero = Velocity(x: 0, y: 0)

    /// The magnitude, in pixels per second.
    public var speed: Double { (x * x + y * y).squareRoot() }

    /// The velocity with the component across `axis` removed, or unchanged for nil.
    public func constrained(to axis: Axis?) -> Velocity {
        switch axis {
        case .horizontal: Velocity(x: x, y: 0)
        case .vertical: Velocity(x: 0, y: y)
        case nil: self
        }
    }

    /// The signed component along `axis`, in pixels per second.
    public func component(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    public var description: String { "(\(x), \(y)) px/s" }
}

/// A screen axis: what a pan locks to, a swipe moves along, a pinch measures.
public enum Axis: Hashable, Sendable, CaseIterable {
    /// Left and right: x.
    case horizontal
    /// Up and down: y.
    case vertical

    /// The axis a movement is mostly along. A perfect diagonal counts as vertical, as in the seed
    /// (swiping-multi-view-framework: `abs(dx) > abs(dy)` is horizontal, anything else vertical).
    public static func dominant(of movement: ScreenVector) -> Axis {
        abs(movement.x) > abs(movement.y) ? .horizontal : .vertical
    }
}

/// The part of the screen where a recogniser's view takes touches: a touch belongs to the recogniser when it
/// lands inside. Half-open, like pixel rectangles.
public struct HitRegion: Hashable, Sendable {
    /// The edges, in screen pixels: left and top inside, right and bottom just outside.
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The region `width` × `height` pixels with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    /// The region between these edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// The whole plane: a recogniser that takes every touch, as a root view's does.
    public static let everywhere = HitRegion(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    /// Whether a touch at `point` lands inside.
    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
