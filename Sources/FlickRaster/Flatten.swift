/// A subpath flattened to straight segments.
package struct Polyline: Sendable {
    package var points: [Point]
    package var isClosed: Bool
}

extension Path {
    /// Replaces curves by line segments no further than `tolerance` from the true curve.
    package func flattened(tolerance: Double = 0.2) -> [Polyline] {
        var out: [Polyline] = []
        var points: [Point] = []
        var current = Point.zero
        func finish(closed: Bool) {
            if points.count > 1 { out.append(Polyline(points: points, isClosed: closed)) }
            points = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                points = [p]; current = p
            case .line(let p):
                points.append(p); current = p
            case .quad(let c, let p):
                flattenQuad(current, c, p, tolerance: tolerance, into: &points); current = p
            case .cubic(let c1, let c2, let p):
                flattenCubic(current, c1, c2, p, tolerance: tolerance, into: &points); current = p
            case .close:
                let first = points.first
                finish(closed: true)
                if let first { current = first }
            }
        }
        finish(closed: false)
        return out
    }
}

// Segment counts from the curves' second differences (Wang's formula): uniform steps that keep the
// chord within `tolerance`, with no recursion and no allocation beyond the output.
private func flattenQuad(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double, into out: inout [Point]) {
    let dd = (p0 - p1 * 2 + p2).length
    let n = max(1, min(1000, Int((dd / (4 * tolerance)).squareRoot().rounded(.up))))
    out.reserveCapacity(out.count + n)
    for i in 1...n {
        let t = Double(i) / Double(n), u = 1 - t
        out.append(Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                         u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
    }
}

private func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double,
                          into out: inout [Point]) {
    let d1 = (p0 - p1 * 2 + p2).length, d2 = (p1 - p2 * 2 + p3).length
    let dd = max(d1, d2)
    let n = max(1, min(1000, Int((3 * dd / (4 * tolerance)).squareRoot().rounded(.up))))
    out.reserveCapacity(out.count + n)
    for i in 1...n {
        let t = Double(i) / Double(n), u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        out.append(Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                         a * p0.y + b * p1.y + c * p2.y + d * p3.y))
    }
}
