import Glibc

/// x' = a·x + c·y + tx, y' = b·x + d·y + ty (the CGAffineTransform layout).
public struct AffineTransform: Hashable, Sendable {
    /// The matrix entries: `a`, `b`, `c`, `d` the linear part (scale, turn, shear), `tx`, `ty` the translation.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these matrix entries (see ``AffineTransform`` for how they map a point).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by (`dx`, `dy`).
    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Scales about the origin: x by `sx`, y by `sy` (a negative factor mirrors).
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Turns about the origin by `radians`; with y pointing down, a positive angle turns clockwise on screen.
    public static func rotation(_ radians: Double) -> AffineTransform {
        let s = sin(radians), c = cos(radians)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A transform that applies `other` first and then `self` (how Canvas.translate/scale/rotate compose).
    public func prepending(_ other: AffineTransform) -> AffineTransform { other.concatenating(self) }

    /// `a·d − b·c`: the factor by which areas grow; negative when the transform mirrors, 0 when it collapses the
    /// plane.
    public var determinant: Double { a * d - b * c }

    /// nil when the transform collapses the plane to a line or a point.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Where the point `p` lands.
    public func map(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// Maps a direction: the translation does not apply.
    public func mapVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

    /// The upright bounding box of `r`'s four corners once mapped: `r` mapped exactly when the transform keeps
    /// edges upright, a larger box when it turns or shears.
    public func mapBounds(_ r: Rect) -> Rect {
        let corners = [map(Point(r.minX, r.minY)), map(Point(r.maxX, r.minY)),
                       map(Point(r.minX, r.maxY)), map(Point(r.maxX, r.maxY))]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// True for ``AffineTransform/identity``.
    public var isIdentity: Bool { self == .identity }
    /// True when the transform only moves points: no scale, turn, shear or mirror.
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
    /// Edges upright stay upright (scaled, mirrored or moved, not turned or sheared).
    public var keepsEdgesUpright: Bool { b == 0 && c == 0 }
    /// True when the transform only moves points, and by whole units: an image drawn under it lands on whole
    /// pixels and is copied, not resampled.
    public var isIntegerTranslation: Bool {
        isTranslationOnly && tx == tx.rounded() && ty == ty.rounded()
    }

    /// The factor by which lengths grow on average: scales stroke widths, text and flattening tolerance.
    public var meanScale: Double { abs(determinant).squareRoot() }
}
