#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// Samples an image for device pixels through the inverse of its placement.
struct ImageShader {
    let image: Surface
    let filter: ImageFilter
    let imageFromDevice: AffineTransform

    /// Image rows filtered horizontally, kept while consecutive device rows sample the same ones.
    private let filteredRows = FilteredRows()

    /// Bilinear with the image's rows running across device rows: each device pixel samples on its own.
    var isTurnedBilinear: Bool { filter == .bilinear && Int((imageFromDevice.b * 65536).rounded()) != 0 }

    init?(_ paint: ImagePaint, deviceFromUser: AffineTransform) {
        guard paint.image.width > 0, paint.image.height > 0,
              let inverse = paint.transform.concatenating(deviceFromUser).inverted() else { return nil }
        image = paint.image; filter = paint.filter; imageFromDevice = inverse
    }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let t = imageFromDevice
        let p = t.map(Point(Double(x) + 0.5, Double(y) + 0.5))
        switch filter {
        case .nearest: nearest(u: p.x, v: p.y, du: t.a, dv: t.b, count: count, out)
        case .bilinear:
            let f = fixedPoint(y: y, x: x)
            bilinear(fu: f.fu, fv: f.fv, fdu: f.fdu, fdv: f.fdv, count: count, out)
        }
    }

    /// Where bilinear sampling of device pixel (x, y) starts in the image, and its step along the row, in 16.16
    /// fixed point: pixel x + k samples at (fu + k·fdu, fv + k·fdv).
    func fixedPoint(y: Int, x: Int) -> (fu: Int, fv: Int, fdu: Int, fdv: Int) {
        let t = imageFromDevice
        let p = t.map(Point(Double(x) + 0.5, Double(y) + 0.5))
        return (Int(((p.x - 0.5) * 65536).rounded()), Int(((p.y - 0.5) * 65536).rounded()),
                Int((t.a * 65536).rounded()), Int((t.b * 65536).rounded()))
    }

    private func nearest(u: Double, v: Double, du: Double, dv: Double, count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let maxX = image.width - 1, maxY = image.height - 1
        var u = u, v = v
        for i in 0..<count {
            let ix = min(max(Int(u.rounded(.down)), 0), maxX)
            let iy = min(max(Int(v.rounded(.down)), 0), maxY)
            out[i] = image.row(iy)[ix]
            u += du; v += dv
        }
    }

    /// 16.16 fixed point keeps the inner loop in integers; taps outside the image are clamped to its edge.
    func bilinear(fu: Int, fv: Int, fdu: Int, fdv: Int, count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let maxX = image.width - 1, maxY = image.height - 1
        var fu = fu, fv = fv
        if fdv == 0 {
            // A row of an upright image reads two image rows, filtered across the same way for every device row
            // that reads them (a scaled photo): each is filtered once and the rows are only blended.
            let wy = UInt32((fv >> 8) & 0xFF)
            filteredRows.reserve(count)
            let upper = filteredRows.row(min(max(fv >> 16, 0), maxY), of: self, fu: fu, fdu: fdu, count: count)
            let lower = filteredRows.row(min(max((fv >> 16) + 1, 0), maxY), of: self, fu: fu, fdu: fdu, count: count)
            Blend.lerp(out, over: lower, under: upper, count: count, weight: wy)
            return
        }
        for i in 0..<count {
            let x0 = fu >> 16, y0 = fv >> 16
            let wx = UInt32((fu >> 8) & 0xFF), wy = UInt32((fv >> 8) & 0xFF)
            let xa = min(max(x0, 0), maxX), xb = min(max(x0 + 1, 0), maxX)
            let ya = min(max(y0, 0), maxY), yb = min(max(y0 + 1, 0), maxY)
            let top = image.row(ya), bottom = image.row(yb)
            let upper = lerp256(top[xa], top[xb], wx)
            let lower = lerp256(bottom[xa], bottom[xb], wx)
            out[i] = lerp256(upper, lower, wy)
            fu += fdu; fv += fdv
        }
    }
}

/// The last image rows filtered horizontally (the first lerp of `bilinear`, same arithmetic) for one run of device
/// pixels: a scaled image's consecutive device rows read the same image rows. Two rows in two buffers kept for
/// the shader's life, so a row filtered costs no allocation.
private final class FilteredRows {
    private struct Key: Equatable { var row: Int, fu: Int, fdu: Int, count: Int }
    private var keys: [Key?] = [nil, nil]
    private var buffers: [UnsafeMutablePointer<UInt32>] = []
    private var capacity = 0
    /// The slot the next row missing goes into: the older of the two.
    private var older = 0

    deinit { for buffer in buffers { buffer.deallocate() } }

    /// Makes room for rows of `count` pixels; call before taking the rows of a device row, since growing lets
    /// go of the rows taken before.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        for buffer in buffers { buffer.deallocate() }
        capacity = max(count, capacity * 2)
        buffers = [.allocate(capacity: capacity), .allocate(capacity: capacity)]
        keys = [nil, nil]
    }

    func row(_ row: Int, of shader: ImageShader, fu: Int, fdu: Int, count: Int) -> UnsafePointer<UInt32> {
        let key = Key(row: row, fu: fu, fdu: fdu, count: count)
        if keys[0] == key { return UnsafePointer(buffers[0]) }
        if keys[1] == key { return UnsafePointer(buffers[1]) }
        precondition(count <= capacity, "FilteredRows: reserve first")
        // Two rows are read per device row; the older of the pair goes when a third is needed.
        let slot = older
        older = 1 - slot
        keys[slot] = key
        let pixels = buffers[slot], source = shader.image.row(row), maxX = shader.image.width - 1
        // Where both taps are inside the row no clamping is needed: the same pixels, fewer instructions.
        let inside = AffineBilinear.inside(fu, fdu, size: shader.image.width, count: count)
        func clamped(_ range: Range<Int>) {
            var f = fu &+ range.lowerBound &* fdu
            for i in range {
                let x0 = f >> 16, wx = UInt32((f >> 8) & 0xFF)
                pixels[i] = lerp256(source[min(max(x0, 0), maxX)], source[min(max(x0 + 1, 0), maxX)], wx)
                f += fdu
            }
        }
        guard !inside.isEmpty else { clamped(0..<count); return UnsafePointer(pixels) }
        clamped(0..<inside.lowerBound)
        let wide = filterWide(pixels + inside.lowerBound, source: source, width: shader.image.width,
                              count: inside.count, fu: fu &+ inside.lowerBound &* fdu, fdu: fdu)
        var f = fu &+ (inside.lowerBound + wide) &* fdu
        for i in (inside.lowerBound + wide)..<inside.upperBound {
            let x0 = f >> 16, wx = UInt32(truncatingIfNeeded: f >> 8) & 0xFF
            pixels[i] = lerp256(source[x0], source[x0 + 1], wx)
            f &+= fdu
        }
        clamped(inside.upperBound..<count)
        return UnsafePointer(pixels)
    }
}

/// How many pixels from the start of an inside run the wide kernel (AVX2 or NEON) filtered (eight a step, for an
/// image scaled up): the rest are filtered one at a time, the same arithmetic.
func filterWide(_ out: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, width: Int, count: Int, fu: Int,
                fdu: Int) -> Int {
    #if arch(x86_64) || arch(arm64)
    guard hasWideKernels else { return 0 }
    return flick_raster_filter_row_wide(out, source, width, count, fu, fdu)
    #else
    return 0
    #endif
}

/// a + (b − a)·w/256 per channel, w in 0...255.
@inline(__always)
func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
    return rb | ag
}
