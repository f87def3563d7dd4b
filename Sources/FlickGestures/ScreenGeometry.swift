/// A position on the screen in pixels, origin top-left, y growing downwards.
///
/// FlickGestures depends on nothing, so it has its own small point type; FlickUI converts at the boundary.
public struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = ScreenPoint(x: 0, y: 0)

    /// No screen is a million pixels across: a touch farther out than this, from a device's calibration or a
    /// script, is garbage, and a position that far could not become a whole pixel (Int) downstream.
    public static let farthest = 1_000_000.0

    /// The point moved within `farthest` of the origin on each axis (NaN goes to 0): where device input enters.
    public var clampedToTouchRange: ScreenPoint {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -Self.farthest), Self.farthest) }
        return ScreenPoint(x: clamp(x), y: clamp(y))
    }

    public static func - (a: ScreenPoint, b: ScreenPoint) -> ScreenVector { ScreenVector(x: a.x - b.x, y: a.y - b.y) }
    public static func + (a: ScreenPoint, v: ScreenVector) -> ScreenPoint { ScreenPoint(x: a.x + v.x, y: a.y + v.y) }

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
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = ScreenVector(x: 0, y: 0)

    public static func + (a: ScreenVector, b: ScreenVector) -> ScreenVector { ScreenVector(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: ScreenVector, b: ScreenVector) -> ScreenVector { ScreenVector(x: a.x - b.x, y: a.y - b.y) }

    public var length: Double { (x * x + y * y).squareRoot() }

    /// The vector with the component across `axis` removed, or unchanged for nil.
    public func constrained(to axis: Axis?) -> ScreenVector {
        switch axis {
        case .horizontal: ScreenVector(x: x, y: 0)
        case .vertical: ScreenVector(x: 0, y: y)
        case nil: self
        }
    }

    public func component(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    public var description: String { "(\(x), \(y))" }
}

/// A finger's speed in screen pixels per second.
public struct Velocity: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Velocity(x: 0, y: 0)

    public var speed: Double { (x * x + y * y).squareRoot() }

    public func constrained(to axis: Axis?) -> Velocity {
        switch axis {
        case .horizontal: Velocity(x: x, y: 0)
        case .vertical: Velocity(x: 0, y: y)
        case nil: self
        }
    }

    public func component(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    public var description: String { "(\(x), \(y)) px/s" }
}

public enum Axis: Hashable, Sendable, CaseIterable {
    case horizontal, vertical

    /// The axis a movement is mostly along. A perfect diagonal counts as vertical, as in the seed
    /// (swiping-multi-view-framework: `abs(dx) > abs(dy)` is horizontal, anything else vertical).
    public static func dominant(of movement: ScreenVector) -> Axis {
        abs(movement.x) > abs(movement.y) ? .horizontal : .vertical
    }
}

/// The part of the screen where a recogniser's view takes touches: a touch belongs to the recogniser when it
/// lands inside. Half-open, like pixel rectangles.
public struct HitRegion: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    public static let everywhere = HitRegion(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
