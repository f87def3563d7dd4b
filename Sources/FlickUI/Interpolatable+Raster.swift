import FlickMotion
import FlickRaster

// The raster's geometry and colour as FlickMotion values, so one engine animates frames, colours
// and transforms. FlickMotion depends on nothing, so the conformances live here, where both meet.

extension Point: Interpolatable {
    public func scaled(by factor: Double) -> Point { self * factor }
    public var magnitudeSquared: Double { x * x + y * y }
}

extension Size: Interpolatable {
    public static func + (a: Size, b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    public func scaled(by factor: Double) -> Size { Size(width * factor, height * factor) }
    public var magnitudeSquared: Double { width * width + height * height }
}

extension Rect: Interpolatable {
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    public func scaled(by factor: Double) -> Rect { Rect(origin: origin * factor, size: size.scaled(by: factor)) }
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}

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

extension Point {
    /// The point at `vector`'s x and y: a FlickMotion value back in the raster's geometry.
    public init(_ vector: Vector2) { self.init(vector.x, vector.y) }
}

extension Vector2 {
    /// The vector with `point`'s x and y, for FlickMotion's dynamics.
    public init(_ point: Point) { self.init(point.x, point.y) }
}

extension Bounds {
    /// FlickMotion's bounds covering the raster's `rect`: the same edges.
    public init(_ rect: Rect) { self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) }
}

extension LayerPlacement {
    /// The layer's offset in pixels, for a layer of `size`.
    public func offset(in size: Size) -> Point { Point(pixelOffset(width: size.width, height: size.height)) }
}
