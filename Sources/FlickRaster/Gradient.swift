/// A linear gradient between two points in user space, padded beyond its ends.
public struct LinearGradient: Sendable {
    public struct Stop: Hashable, Sendable {
        public var offset: Double
        public var color: Color
        public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
    }

    public var start: Point
    public var end: Point
    public var stops: [Stop]

    public init(start: Point, end: Point, stops: [Stop]) {
        precondition(!stops.isEmpty, "a gradient needs at least one stop")
        self.start = start; self.end = end
        self.stops = stops.sorted { $0.offset < $1.offset }
    }

    public init(start: Point, end: Point, colors: [Color]) {
        let n = max(1, colors.count - 1)
        self.init(start: start, end: end, stops: colors.enumerated().map { Stop(Double($0.offset) / Double(n), $0.element) })
    }

    public func color(at t: Double) -> Color {
        let t = min(1, max(0, t))
        guard let upper = stops.firstIndex(where: { $0.offset >= t }) else { return stops.last!.color }
        if upper == 0 { return stops[0].color }
        let a = stops[upper - 1], b = stops[upper]
        let span = b.offset - a.offset
        return span > 0 ? a.color.interpolated(to: b.color, (t - a.offset) / span) : b.color
    }

    static let tableSize = 256

    /// Premultiplied colours at `tableSize` evenly spaced offsets: the per-pixel work is one lookup.
    func pixelTable() -> [UInt32] {
        (0..<Self.tableSize).map { color(at: Double($0) / Double(Self.tableSize - 1)).pixel }
    }
}

/// Gradient parameter as an affine function of device pixel position: t = dx·x + dy·y + t0.
struct GradientShader {
    let table: [UInt32]
    let dtdx: Double, dtdy: Double, t0: Double
    /// Every colour of the table is opaque: source-over draws it as a copy.
    var isOpaque: Bool { table.allSatisfy { $0 >> 24 == 255 } }

    init?(_ gradient: LinearGradient, deviceFromUser: AffineTransform) {
        guard let userFromDevice = deviceFromUser.inverted() else { return nil }
        let axis = gradient.end - gradient.start
        let len2 = axis.x * axis.x + axis.y * axis.y
        table = gradient.pixelTable()
        guard len2 > 0 else { dtdx = 0; dtdy = 0; t0 = 1; return }
        // t(user) = (p − start)·axis / |axis|², with p = userFromDevice(device).
        let ux = Point(userFromDevice.a, userFromDevice.b), uy = Point(userFromDevice.c, userFromDevice.d)
        dtdx = (ux.x * axis.x + ux.y * axis.y) / len2
        dtdy = (uy.x * axis.x + uy.y * axis.y) / len2
        let o = Point(userFromDevice.tx, userFromDevice.ty) - gradient.start
        t0 = (o.x * axis.x + o.y * axis.y) / len2
    }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let last = Double(LinearGradient.tableSize - 1)
        // Sample at pixel centres.
        var t = (t0 + dtdx * (Double(x) + 0.5) + dtdy * (Double(y) + 0.5)) * last
        let step = dtdx * last
        table.withUnsafeBufferPointer { lut in
            for i in 0..<count {
                let idx = Int(min(max(t, 0), last) + 0.5)
                out[i] = lut[idx]
                t += step
            }
        }
    }
}
