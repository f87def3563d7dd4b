/// An integer rectangle of device pixels: damage, clips and blits.
public struct PixelRect: Hashable, Sendable {
    /// The column and row of the top-left pixel, and how many pixels across and down.
    public var x: Int, y: Int, width: Int, height: Int

    /// The pixels from column `x`, row `y`, `width` across and `height` down.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The smallest pixel rectangle that contains `rect`.
    public init(enclosing rect: Rect) {
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The largest pixel rectangle inside `rect`: the pixels it covers whole.
    public init(inside rect: Rect) {
        let x0 = Int(rect.minX.rounded(.up)), y0 = Int(rect.minY.rounded(.up))
        let x1 = Int(rect.maxX.rounded(.down)), y1 = Int(rect.maxY.rounded(.down))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// No pixels, at (0, 0).
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The column just right of the last one, `x + width`.
    public var maxX: Int { x + width }
    /// The row just below the last one, `y + height`.
    public var maxY: Int { y + height }
    /// True when the width or the height is 0 or less.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// How many pixels it holds; 0 when empty.
    public var area: Int { isEmpty ? 0 : width * height }
    /// The same rectangle as a ``Rect``, its edges on pixel boundaries.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The same rectangle moved by (`dx`, `dy`) pixels.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The pixels both hold; ``PixelRect/zero`` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// The smallest rectangle holding both; an empty one counts as nothing.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

extension PixelRect {
    /// Damage as few rectangles: overlapping ones become their union (each pixel is drawn or copied once),
    /// and more than `limit` become one bounding box, where many small copies would cost more than one.
    public static func merged(_ rects: [PixelRect], limit: Int = 8) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects where !r.isEmpty {
            var r = r
            while let i = out.firstIndex(where: { !$0.intersection(r).isEmpty }) { r = r.union(out.remove(at: i)) }
            out.append(r)
        }
        return out.count > limit ? [out.reduce(PixelRect.zero) { $0.union($1) }] : out
    }
}

extension PixelRect {
    /// The same pixels as the disjoint `rects`, with rectangles stacked edge to edge over the same columns joined
    /// into one: a list's rows become one band.
    public static func joined(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects.sorted(by: { ($0.x, $0.width, $0.y) < ($1.x, $1.width, $1.y) }) where !r.isEmpty {
            if let last = out.last, last.x == r.x, last.width == r.width, last.maxY == r.y {
                out[out.count - 1].height += r.height
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// What is left of `self` once every one of `others` is taken away, as rectangles that do not overlap.
    public func subtracting(_ others: [PixelRect]) -> [PixelRect] {
        // Most of a long list of others (a list's rows) miss a given rectangle: only those that cut it split it.
        others.reduce(isEmpty ? [] : [self]) { pieces, other in
            intersection(other).isEmpty ? pieces : pieces.flatMap { $0.subtracting(other) }
        }
    }

    /// The parts of this rectangle outside `other`: up to four bands (above, below, left, right).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        return [
            PixelRect(x: x, y: y, width: width, height: cut.y - y),
            PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
            PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
            PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height),
        ].filter { !$0.isEmpty }
    }
}
