import Glibc

/// How a stroke turns a corner.
public enum LineJoin: Sendable {
    /// A sharp point; beveled instead when it would reach further than ``StrokeStyle/miterLimit``.
    case miter
    /// Rounded, a circle of the stroke's width about the corner.
    case round
    /// Cut off straight across.
    case bevel
}

/// How a stroke ends at the two ends of an open subpath.
public enum LineCap: Sendable {
    /// Flat, at the end point.
    case butt
    /// A half circle about the end point.
    case round
    /// Flat, half the width past the end point.
    case square
}

/// How ``Canvas/stroke(_:paint:style:)`` outlines a path.
public struct StrokeStyle: Sendable {
    /// The line's width in user-space units, so it scales with the canvas transform; 0 or less draws nothing.
    public var width: Double
    /// How corners are drawn.
    public var join: LineJoin
    /// How the ends of open subpaths are drawn.
    public var cap: LineCap
    /// Longest miter, in multiples of half the width, before a miter join falls back to bevel.
    public var miterLimit: Double

    /// A style of `width` user-space units; miter joins, butt caps and a miter limit of 4 unless given.
    public init(width: Double, join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Double = 4) {
        self.width = width; self.join = join; self.cap = cap; self.miterLimit = miterLimit
    }
}

/// Turns flattened lines into filled polygons: a quad per segment plus join and cap pieces, all wound
/// the same way so a non-zero fill of the lot is their union.
struct Stroker {
    let style: StrokeStyle
    /// Device-space flattening tolerance for round joins and caps.
    let tolerance: Double

    func polygons(for polylines: [Polyline]) -> [[Point]] {
        var out: [[Point]] = []
        let half = style.width / 2
        guard half > 0 else { return out }
        for line in polylines {
            var pts = dedupe(line.points)
            if line.isClosed, pts.count > 2, pts.first! == pts.last! { pts.removeLast() }
            if pts.count == 1 {
                if style.cap == .round { out.append(circle(pts[0], half)) }
                if style.cap == .square { out.append(square(pts[0], half)) }
                continue
            }
            let closed = line.isClosed && pts.count > 2
            let n = pts.count
            let segments = closed ? n : n - 1
            for i in 0..<segments {
                var a = pts[i], b = pts[(i + 1) % n]
                let d = direction(a, b)
                if !closed && style.cap == .square {
                    if i == 0 { a = a - d * half }
                    if i == segments - 1 { b = b + d * half }
                }
                let nrm = Point(-d.y, d.x) * half
                out.append(oriented([a + nrm, b + nrm, b - nrm, a - nrm]))
            }
            let joints = closed ? Array(0..<n) : Array(1..<(n - 1))
            for i in joints {
                let prev = pts[(i - 1 + n) % n], p = pts[i], next = pts[(i + 1) % n]
                if let piece = join(prev, p, next, half) { out.append(piece) }
            }
            if !closed && style.cap == .round {
                out.append(circle(pts[0], half))
                out.append(circle(pts[n - 1], half))
            }
        }
        return out
    }

    private func join(_ prev: Point, _ p: Point, _ next: Point, _ half: Double) -> [Point]? {
        let d0 = direction(prev, p), d1 = direction(p, next)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-9 && dot > 0 { return nil }
        if style.join == .round { return circle(p, half) }
        // The outer side is opposite the turn.
        let side: Double = cross > 0 ? -1 : 1
        let offset = half * side
        let n0: Point = Point(-d0.y, d0.x) * offset, n1: Point = Point(-d1.y, d1.x) * offset
        let bevel = [p, p + n0, p + n1]
        guard style.join == .miter else { return oriented(bevel) }
        let cosHalf = ((1 + dot) / 2).squareRoot()
        guard cosHalf > 1e-9, 1 / cosHalf <= style.miterLimit else { return oriented(bevel) }
        let bisector = normalized(n0 + n1)
        let tip = p + bisector * (half / cosHalf)
        return oriented([p, p + n0, tip, p + n1])
    }

    private func circle(_ c: Point, _ r: Double) -> [Point] {
        let steps = max(8, Int((Double.pi / acos(max(-1, 1 - tolerance / max(r, tolerance)))).rounded(.up)))
        return (0..<steps).map { i in
            let t = Double(i) / Double(steps) * 2 * .pi
            return Point(c.x + r * cos(t), c.y + r * sin(t))
        }
    }

    private func square(_ c: Point, _ r: Double) -> [Point] {
        [Point(c.x - r, c.y - r), Point(c.x + r, c.y - r), Point(c.x + r, c.y + r), Point(c.x - r, c.y + r)]
    }

    private func dedupe(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        for p in points where out.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { out.append(p) }
        return out
    }
}

private func direction(_ a: Point, _ b: Point) -> Point { normalized(b - a) }

private func normalized(_ v: Point) -> Point {
    let l = v.length
    return l > 0 ? v * (1 / l) : Point(1, 0)
}

/// The same polygon wound clockwise on screen, so overlapping pieces add instead of cancelling.
private func oriented(_ polygon: [Point]) -> [Point] {
    var area = 0.0
    for i in 0..<polygon.count {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        area += a.x * b.y - b.x * a.y
    }
    return area < 0 ? polygon.reversed() : polygon
}
