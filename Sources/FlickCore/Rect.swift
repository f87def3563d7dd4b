/// A rectangle in pixels (device pixels unless a transform says otherwise): its top-left corner and its size,
/// y growing downward. Half-open: the left and top edges are inside, the right and bottom edges just outside.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// Width and height; a rectangle with either 0 or less is empty.
    public var size: Size

    /// The rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle whose top-left corner is (`x`, `y`), `width` across and `height` down.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge, `origin.x`.
    public var minX: Double { origin.x }
    /// The top edge, `origin.y`.
    public var minY: Double { origin.y }
    /// The right edge, `origin.x + width`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge, `origin.y + height`.
    public var maxY: Double { origin.y + size.height }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }
    /// The point halfway across and halfway down.
    public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// True when the width or the height is 0 or less.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The rectangle with each edge moved in by its inset in `insets`.
    public func inset(by insets: Insets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// The rectangle with its left and right edges moved in by `dx`, its top and bottom by `dy` (out when negative).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The same rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// What both rectangles cover; ``Rect/zero`` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// The smallest rectangle holding both; an empty one counts as nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// True when the two share area; touching edges do not count.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `p` lies inside: on the left or top edge counts, on the right or bottom edge does not.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}
