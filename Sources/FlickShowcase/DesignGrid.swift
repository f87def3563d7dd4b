import FlickRaster

/// The 1280×800 grid Flick's pictures and the kiosk config's sizes are designed on, on an actual screen:
/// scaled by `u` (the smaller ratio, so it fits) and centred.
struct DesignGrid {
    let u: Double, dx: Double, dy: Double

    init(width: Double, height: Double) {
        u = Self.scale(width: width, height: height)
        dx = ((width - 1280 * u) / 2).rounded(); dy = ((height - 800 * u) / 2).rounded()
    }

    init(width: Int, height: Int) { self.init(width: Double(width), height: Double(height)) }

    static func scale(width: Double, height: Double) -> Double { min(width / 1280, height / 800) }
    static func scale(width: Int, height: Int) -> Double { scale(width: Double(width), height: Double(height)) }

    func point(_ p: Point) -> Point { Point(dx + p.x * u, dy + p.y * u) }
    func rect(_ r: Rect) -> Rect { Rect(origin: point(r.origin), size: Size(r.width * u, r.height * u)) }
    func design(_ p: Point) -> Point { Point((p.x - dx) / u, (p.y - dy) / u) }
}
