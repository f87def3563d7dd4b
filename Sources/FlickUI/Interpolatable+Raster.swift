import FlickMotion
import FlickRaster

// The raster's colour and transform as FlickMotion values, so one engine animates frames, colours and
// transforms. FlickMotion does not know the raster, so the conformances live here, where both meet; the
// geometry's are FlickMotion's own.

/// Straight-alpha components, matching `Color.interpolated(to:_:)`; a spring overshooting past 0 or 1
/// is clamped when the colour becomes a pixel.
extension Color: Interpolatable {
    /// All components zero (the same as `.clear`): the origin of colour space, for springs and sums.
    public static var zero: Color { .clear }
    public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
    public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
}

/// Component by component (a, b, c, d, tx, ty). Halfway between two rotations this is not a rotation —
/// 0° to 180° passes through a zero-size squash — so animate an angle as a `Double` and build the
/// transform from it when turning by more than a few degrees.
extension AffineTransform: Interpolatable {
    /// The all-zero matrix (not `.identity`): the additive origin the vector space needs.
    public static var zero: AffineTransform { AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }
    public static func + (l: AffineTransform, r: AffineTransform) -> AffineTransform {
        AffineTransform(a: l.a + r.a, b: l.b + r.b, c: l.c + r.c, d: l.d + r.d, tx: l.tx + r.tx, ty: l.ty + r.ty)
    }
    public static func - (l: AffineTransform, r: AffineTransform) -> AffineTransform {
        AffineTransform(a: l.a - r.a, b: l.b - r.b, c: l.c - r.c, d: l.d - r.d, tx: l.tx - r.tx, ty: l.ty - r.ty)
    }
    public func scaled(by f: Double) -> AffineTransform {
        AffineTransform(a: a * f, b: b * f, c: c * f, d: d * f, tx: tx * f, ty: ty * f)
    }
    public var magnitudeSquared: Double { a * a + b * b + c * c + d * d + tx * tx + ty * ty }
}
