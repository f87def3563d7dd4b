#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// A linear gradient between two points in user space, padded beyond its ends.
public struct LinearGradient: Sendable {
    /// A colour at a place along the gradient.
    public struct Stop: Hashable, Sendable {
        /// Where along the gradient: 0 at ``LinearGradient/start``, 1 at ``LinearGradient/end``.
        public var offset: Double
        /// The colour there.
        public var color: Color
        /// `color` at `offset` (0...1) along the gradient.
        public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
    }

    /// Where offset 0 lies, in user space; before it the first stop's colour goes on.
    public var start: Point
    /// Where offset 1 lies, in user space; beyond it the last stop's colour goes on.
    public var end: Point
    /// The colour stops, by offset (the initializers sort them).
    public var stops: [Stop]

    /// A gradient from `start` to `end` through `stops`, which are sorted by offset here; there must be at least one.
    public init(start: Point, end: Point, stops: [Stop]) {
        precondition(!stops.isEmpty, "a gradient needs at least one stop")
        self.start = start; self.end = end
        self.stops = stops.sorted { $0.offset < $1.offset }
    }

    /// A gradient through `colors` (at least one), spaced evenly from `start` to `end`.
    public init(start: Point, end: Point, colors: [Color]) {
        let n = max(1, colors.count - 1)
        self.init(start: start, end: end, stops: colors.enumerated().map { Stop(Double($0.offset) / Double(n), $0.element) })
    }

    /// The colour at offset `t` (clamped to 0...1): the stops either side mixed linearly.
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
    /// `LinearGradient.tableSize` colours and the last repeated seven times, so the wide kernel's window of
    /// eight never reads past the end.
    let table: [UInt32]
    let dtdx: Double, dtdy: Double, t0: Double
    /// Every colour of the table is opaque: source-over draws it as a copy.
    var isOpaque: Bool { table.allSatisfy { $0 >> 24 == 255 } }

    /// `table` is `GradientShader.table(gradient)`, perhaps kept from an earlier fill with the same stops.
    init?(_ gradient: LinearGradient, deviceFromUser: AffineTransform, table: [UInt32]) {
        guard let userFromDevice = deviceFromUser.inverted() else { return nil }
        let axis = gradient.end - gradient.start
        let len2 = axis.x * axis.x + axis.y * axis.y
        self.table = table
        guard len2 > 0 else { dtdx = 0; dtdy = 0; t0 = 1; return }
        // t(user) = (p − start)·axis / |axis|², with p = userFromDevice(device).
        let ux = Point(userFromDevice.a, userFromDevice.b), uy = Point(userFromDevice.c, userFromDevice.d)
        dtdx = (ux.x * axis.x + ux.y * axis.y) / len2
        dtdy = (uy.x * axis.x + uy.y * axis.y) / len2
        let o = Point(userFromDevice.tx, userFromDevice.ty) - gradient.start
        t0 = (o.x * axis.x + o.y * axis.y) / len2
    }

    init?(_ gradient: LinearGradient, deviceFromUser: AffineTransform) {
        self.init(gradient, deviceFromUser: deviceFromUser, table: Self.table(gradient))
    }

    static func table(_ gradient: LinearGradient) -> [UInt32] {
        let colors = gradient.pixelTable()
        return colors + [UInt32](repeating: colors[colors.count - 1], count: 7)
    }

    private static let last = Double(LinearGradient.tableSize - 1)

    /// The table index at device pixel `x` of a row whose parameter is `rowBase` at x = 0 (table units, pixel
    /// centres): where a row is padded beyond the gradient's ends, and where a ramp is too steep for fixed point.
    @inline(__always) private static func index(_ rowBase: Double, _ x: Int, _ step: Double) -> Int {
        let t = rowBase + step * (Double(x) + 0.5)
        return t > 0 ? Int(min(t, last) + 0.5) : 0
    }

    private func rowBase(_ y: Int) -> Double { (t0 + dtdy * (Double(y) + 0.5)) * Self.last }

    /// The colour of row `y` when the parameter does not change along rows (`dtdx == 0`): what `shade` gives for
    /// every pixel of it, without its per-call setup (a page background asks for it once per row).
    func rowColor(_ y: Int) -> UInt32 {
        let base = rowBase(y), k = Self.index(base, 0, 0)
        if k == 0 || k == LinearGradient.tableSize - 1 { return table[k] }
        let t = Int32((base * 65536).rounded()) &+ 0x8000
        return table[Int(min(max(t >> 16, 0), Int32(LinearGradient.tableSize - 1)))]
    }

    /// Shades `count` pixels from `x` on row `y`: the padding beyond either end of the gradient as runs of one
    /// colour, the ramp between them from a 16.16 fixed-point position (`shadeRamp`).
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>, wide: Bool = true) {
        let base = rowBase(y), step = dtdx * Self.last, limit = x + count
        table.withUnsafeBufferPointer { lut in
            var position = x
            while position < limit {
                let k = Self.index(base, position, step)
                let padded = k == 0 || k == LinearGradient.tableSize - 1
                // A ramp runs until the index reaches an end of the table.
                let end = padded ? Self.firstPast(k, from: position, limit: limit, base: base, step: step)
                    : Self.firstPast(step > 0 ? LinearGradient.tableSize - 2 : 1, from: position, limit: limit, base: base, step: step)
                let span = out + (position - x)
                if padded {
                    span.update(repeating: lut[k], count: end - position)
                } else if abs(step) < 1024 {
                    let t = Int32(((base + step * (Double(position) + 0.5)) * 65536).rounded()) &+ 0x8000
                    Self.shadeRamp(span, lut: lut.baseAddress!, count: end - position, t: t,
                                   step: Int32((step * 65536).rounded()), wide: wide)
                } else {
                    for p in position..<end { span[p - position] = lut[Self.index(base, p, step)] }
                }
                position = end
            }
        }
    }

    /// `out[i] = lut[clamp((t + i·step) >> 16)]`: eight pixels a step with the wide kernel (AVX2 or
    /// NEON) where `wide` is set, one at a time otherwise (the baseline, on every CPU; the same pixels).
    static func shadeRamp(_ out: UnsafeMutablePointer<UInt32>, lut: UnsafePointer<UInt32>, count: Int, t: Int32,
                          step: Int32, wide: Bool) {
        #if arch(x86_64) || arch(arm64)
        if wide && hasWideKernels {
            flick_raster_gradient_span_wide(out, lut, count, t, step)
            return
        }
        #endif
        var position = t
        for i in 0..<count {
            out[i] = lut[Int(min(max(position >> 16, 0), 255))]
            position &+= step
        }
    }

    /// The first pixel in `position + 1 ..< limit` whose index has moved past `k` along the row (above it on a
    /// rising ramp, below it on a falling one), or `limit`: estimated where the parameter crosses the half
    /// step, then moved until it is exact (the index is monotonic along a row).
    private static func firstPast(_ k: Int, from position: Int, limit: Int, base: Double, step: Double) -> Int {
        if step == 0 || (k == 0 && step < 0) || (k == LinearGradient.tableSize - 1 && step > 0) { return limit }
        let crossing = ((step > 0 ? Double(k) + 0.5 : Double(k) - 0.5) - base) / step - 0.5
        guard !crossing.isNaN else { return limit }
        var end = Int(min(max(crossing.rounded(.up), Double(position + 1)), Double(limit)))
        let past = { (p: Int) in step > 0 ? index(base, p, step) > k : index(base, p, step) < k }
        while end > position + 1, past(end - 1) { end -= 1 }
        while end < limit, !past(end) { end += 1 }
        return end
    }
}

/// The last gradient's table, kept by a canvas: a page's background is the same gradient frame after frame, and
/// building its table (256 colours interpolated) cost about a twentieth of filling a 1280x800 frame with it.
final class GradientTableCache {
    private var stops: [LinearGradient.Stop] = []
    private var table: [UInt32] = []

    func table(for gradient: LinearGradient) -> [UInt32] {
        if table.isEmpty || gradient.stops != stops {
            stops = gradient.stops
            table = GradientShader.table(gradient)
        }
        return table
    }
}
