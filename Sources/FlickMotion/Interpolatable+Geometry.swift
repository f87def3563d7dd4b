// FlickCore's geometry as values an animation can move: a point, a displacement or velocity, a size, a frame.

extension Point: Interpolatable {
    /// Both components times `factor`.
    public func scaled(by factor: Double) -> Point { self * factor }
    /// x² + y².
    public var magnitudeSquared: Double { x * x + y * y }
}

extension Vector: Interpolatable {}

extension Size: Interpolatable {
    /// The sum, width and height apart.
    public static func + (a: Size, b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    /// The difference, width and height apart.
    public static func - (a: Size, b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    /// Width and height times `factor`.
    public func scaled(by factor: Double) -> Size { Size(width * factor, height * factor) }
    /// width² + height².
    public var magnitudeSquared: Double { width * width + height * height }
}

extension Rect: Interpolatable {
    /// The sum of the origins and of the sizes.
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    /// The difference of the origins and of the sizes.
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    /// Origin and size times `factor`.
    public func scaled(by factor: Double) -> Rect { Rect(origin: origin * factor, size: size.scaled(by: factor)) }
    /// The origin's and the size's squared magnitudes added.
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}
