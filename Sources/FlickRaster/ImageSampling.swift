/// Samples an image for device pixels through the inverse of its placement.
struct ImageShader {
    let image: Surface
    let filter: ImageFilter
    let imageFromDevice: AffineTransform

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

/// a + (b − a)·w/256 per channel, w in 0...255.
@inline(__always)
private func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
    return rb | ag
}
