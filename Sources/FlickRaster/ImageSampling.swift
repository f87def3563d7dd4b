/// Samples an image for device pixels through the inverse of its placement.
struct ImageShader {
    let image: Surface
    let filter: ImageFilter
    let imageFromDevice: AffineTransform

    /// Image rows filtered horizontally, kept while consecutive device rows sample the same ones.
    private let filteredRows = FilteredRows()

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
        case .bilinear: bilinear(u: p.x - 0.5, v: p.y - 0.5, du: t.a, dv: t.b, count: count, out)
        }
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

    private func bilinear(u: Double, v: Double, du: Double, dv: Double, count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let maxX = image.width - 1, maxY = image.height - 1
        // 16.16 fixed point keeps the inner loop in integers.
        var fu = Int((u * 65536).rounded()), fv = Int((v * 65536).rounded())
        let fdu = Int((du * 65536).rounded()), fdv = Int((dv * 65536).rounded())
        if fdv == 0 {
            // A row of an upright image reads two image rows, filtered across the same way for every device row
            // that reads them (a scaled photo): each is filtered once and the rows are only blended.
            let wy = UInt32((fv >> 8) & 0xFF)
            let upper = filteredRows.row(min(max(fv >> 16, 0), maxY), of: self, fu: fu, fdu: fdu, count: count)
            let lower = filteredRows.row(min(max((fv >> 16) + 1, 0), maxY), of: self, fu: fu, fdu: fdu, count: count)
            for i in 0..<count { out[i] = lerp256(upper[i], lower[i], wy) }
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
/// pixels: a scaled image's consecutive device rows read the same image rows.
private final class FilteredRows {
    private var cached: [(key: Key, pixels: [UInt32])] = []

    private struct Key: Equatable { var row: Int, fu: Int, fdu: Int, count: Int }

    func row(_ row: Int, of shader: ImageShader, fu: Int, fdu: Int, count: Int) -> [UInt32] {
        let key = Key(row: row, fu: fu, fdu: fdu, count: count)
        if let hit = cached.first(where: { $0.key == key }) { return hit.pixels }
        let source = shader.image.row(row), maxX = shader.image.width - 1
        var pixels = [UInt32](repeating: 0, count: count)
        var fu = fu
        for i in 0..<count {
            let x0 = fu >> 16, wx = UInt32((fu >> 8) & 0xFF)
            pixels[i] = lerp256(source[min(max(x0, 0), maxX)], source[min(max(x0 + 1, 0), maxX)], wx)
            fu += fdu
        }
        // Two rows are read per device row; the older of the pair goes when a third is needed.
        if cached.count == 2 { cached.removeFirst() }
        cached.append((key, pixels))
        return pixels
    }
}

/// a + (b − a)·w/256 per channel, w in 0...255.
@inline(__always)
private func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
    return rb | ag
}
