import Glibc

/// A vector outline: subpaths of lines, quadratic and cubic Béziers.
///
/// Coordinates are user space, mapped by the canvas transform when the path is drawn. Build one with ``Path/init()``
/// and the `move`/`line`/`quad`/`cubic`/`close` calls, or take a ready shape (``Path/rect(_:)``,
/// ``Path/roundedRect(_:radius:)``, ``Path/ellipse(in:)``, ``Path/polygon(_:)``).
public struct Path: Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A quadratic Bézier: its control point, then the point it ends at.
        case quad(Point, Point)
        /// A cubic Bézier: its two control points, then the point it ends at.
        case cubic(Point, Point, Point)
        /// A straight line back to the subpath's start, closing it.
        case close
    }

    /// The steps, in the order added.
    public private(set) var elements: [Element] = []
    private var start = Point.zero
    private var current = Point.zero

    /// An empty path.
    public init() {}

    /// True when nothing has been added.
    public var isEmpty: Bool { elements.isEmpty }
    /// Where the next line or curve starts: the last point added, or after ``Path/close()`` the subpath's start;
    /// `Point.zero` on an empty path.
    public var currentPoint: Point { current }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { elements.append(.move(p)); start = p; current = p }

    /// A straight line from the current point to `p`. On an empty or just closed path it first starts a subpath at
    /// ``Path/currentPoint``, as do the curves.
    public mutating func line(to p: Point) { ensureStarted(); elements.append(.line(p)); current = p }

    /// A quadratic Bézier from the current point to `p`, pulled toward control point `c`.
    public mutating func quad(to p: Point, control c: Point) {
        ensureStarted(); elements.append(.quad(c, p)); current = p
    }

    /// A cubic Bézier from the current point to `p`, leaving toward `c1` and arriving from `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureStarted(); elements.append(.cubic(c1, c2, p)); current = p
    }

    /// Closes the subpath with a straight line back to its start; does nothing on an empty path.
    public mutating func close() {
        guard !elements.isEmpty else { return }
        elements.append(.close); current = start
    }

    /// A circular arc around `center`, angles in radians, y down (positive angles turn clockwise on screen).
    /// Joins the current point with a line, as Canvas 2D's `arc` does.
    public mutating func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                             clockwise: Bool = true) {
        var sweep = endAngle - startAngle
        if clockwise, sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
        if !clockwise, sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi }
        let first = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if elements.isEmpty || elements.last == .close { move(to: first) } else { line(to: first) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        // Control-point distance for a cubic that best fits a circular arc of angle `step`.
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(cos(angle), sin(angle)), p1 = Point(cos(next), sin(next))
            let c1 = Point(p0.x - k * p0.y, p0.y + k * p0.x)
            let c2 = Point(p1.x + k * p1.y, p1.y - k * p1.x)
            cubic(to: center + p1 * radius, control1: center + c1 * radius, control2: center + c2 * radius)
            angle = next
        }
    }

    /// Adds `r` as a closed subpath, from its top-left corner clockwise on screen.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY)); line(to: Point(r.maxX, r.minY))
        line(to: Point(r.maxX, r.maxY)); line(to: Point(r.minX, r.maxY)); close()
    }

    /// Adds the ellipse inscribed in `r` as a closed subpath of four cubic Béziers.
    public mutating func addEllipse(in r: Rect) {
        let rx = r.width / 2, ry = r.height / 2, c = r.center
        let k = 0.5522847498307936 // 4/3·(√2 − 1): a quarter circle as one cubic
        move(to: Point(c.x + rx, c.y))
        cubic(to: Point(c.x, c.y + ry), control1: Point(c.x + rx, c.y + k * ry), control2: Point(c.x + k * rx, c.y + ry))
        cubic(to: Point(c.x - rx, c.y), control1: Point(c.x - k * rx, c.y + ry), control2: Point(c.x - rx, c.y + k * ry))
        cubic(to: Point(c.x, c.y - ry), control1: Point(c.x - rx, c.y - k * ry), control2: Point(c.x - k * rx, c.y - ry))
        cubic(to: Point(c.x + rx, c.y), control1: Point(c.x + k * rx, c.y - ry), control2: Point(c.x + rx, c.y - k * ry))
        close()
    }

    /// Adds `r` with rounded corners as a closed subpath; each radius is cut to half the shorter side, and a corner
    /// of radius 0 stays square.
    public mutating func addRoundedRect(_ r: Rect, radii: CornerRadii) {
        let limit = min(r.width, r.height) / 2
        let tl = min(radii.topLeft, limit), tr = min(radii.topRight, limit)
        let br = min(radii.bottomRight, limit), bl = min(radii.bottomLeft, limit)
        let k = 0.5522847498307936
        move(to: Point(r.minX + tl, r.minY))
        line(to: Point(r.maxX - tr, r.minY))
        if tr > 0 {
            cubic(to: Point(r.maxX, r.minY + tr), control1: Point(r.maxX - tr + k * tr, r.minY),
                  control2: Point(r.maxX, r.minY + tr - k * tr))
        }
        line(to: Point(r.maxX, r.maxY - br))
        if br > 0 {
            cubic(to: Point(r.maxX - br, r.maxY), control1: Point(r.maxX, r.maxY - br + k * br),
                  control2: Point(r.maxX - br + k * br, r.maxY))
        }
        line(to: Point(r.minX + bl, r.maxY))
        if bl > 0 {
            cubic(to: Point(r.minX, r.maxY - bl), control1: Point(r.minX + bl - k * bl, r.maxY),
                  control2: Point(r.minX, r.maxY - bl + k * bl))
        }
        line(to: Point(r.minX, r.minY + tl))
        if tl > 0 {
            cubic(to: Point(r.minX + tl, r.minY), control1: Point(r.minX, r.minY + tl - k * tl),
                  control2: Point(r.minX + tl - k * tl, r.minY))
        }
        close()
    }

    /// Adds `r` with every corner rounded by `radius` (cut to half the shorter side).
    public mutating func addRoundedRect(_ r: Rect, radius: Double) {
        addRoundedRect(r, radii: CornerRadii(all: radius))
    }

    /// A path of the rectangle `r`.
    public static func rect(_ r: Rect) -> Path { var p = Path(); p.addRect(r); return p }
    /// A path of the ellipse inscribed in `r`.
    public static func ellipse(in r: Rect) -> Path { var p = Path(); p.addEllipse(in: r); return p }
    /// A path of `r` with every corner rounded by `radius`.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        var p = Path(); p.addRoundedRect(r, radius: radius); return p
    }
    /// A path of `r` with each corner rounded by its own radius.
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path {
        var p = Path(); p.addRoundedRect(r, radii: radii); return p
    }

    /// A polygon through `points`, closed.
    public static func polygon(_ points: [Point]) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }

    /// The path with every point, control points included, mapped by `t`.
    public func transformed(by t: AffineTransform) -> Path {
        var out = Path()
        out.elements = elements.map {
            switch $0 {
            case .move(let p): .move(t.map(p))
            case .line(let p): .line(t.map(p))
            case .quad(let c, let p): .quad(t.map(c), t.map(p))
            case .cubic(let c1, let c2, let p): .cubic(t.map(c1), t.map(c2), t.map(p))
            case .close: .close
            }
        }
        out.start = t.map(start); out.current = t.map(current)
        return out
    }

    /// The bounds of all points, control points included (a cheap, conservative box).
    public var controlBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    private mutating func ensureStarted() {
        if elements.isEmpty || elements.last == .close { move(to: current) }
    }
}

/// A radius for each corner of a rounded rectangle, in user space.
public struct CornerRadii: Hashable, Sendable {
    /// Each corner's radius; 0 leaves that corner square.
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// A radius of its own for each corner.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// The radius `r` at every corner.
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
}
