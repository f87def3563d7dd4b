/// Premultiplied 32-bit pixels (0xAARRGGBB native, as `Surface`) in an array, rows `width` apart: small, immutable
/// colour images kept in caches — colour emoji glyphs.
public struct ColorBitmap: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The premultiplied pixels, row by row from the top, `width` to a row.
    public let pixels: [UInt32]

    /// A bitmap of `pixels`: premultiplied, exactly `width` × `height` of them, row by row from the top.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "bitmap needs width × height pixels")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (0, 0 the top-left).
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// The bitmap resampled to `width` × `height`: each new pixel the area average of the old pixels it covers when
    /// shrinking (a 109 px emoji drawn at 20 px keeps its detail smooth instead of aliasing), linear between the
    /// nearest old pixels when growing. Premultiplied channels average without dark fringes.
    public func resampled(width newWidth: Int, height newHeight: Int) -> ColorBitmap {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return ColorBitmap(width: max(0, newWidth), height: max(0, newHeight),
                               pixels: [UInt32](repeating: 0, count: max(0, newWidth) * max(0, newHeight)))
        }
        if newWidth == width && newHeight == height { return self }
        let columns = Self.weights(from: width, to: newWidth), rows = Self.weights(from: height, to: newHeight)
        // Horizontal pass into float channels (B, G, R, A per pixel), then vertical.
        var wide = [Float](repeating: 0, count: newWidth * height * 4)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                var sum = SIMD4<Float>.zero
                for (source, weight) in taps { sum += Self.channels(pixels[y * width + source]) * weight }
                let at = (y * newWidth + x) * 4
                wide[at] = sum[0]; wide[at + 1] = sum[1]; wide[at + 2] = sum[2]; wide[at + 3] = sum[3]
            }
        }
        var out = [UInt32](repeating: 0, count: newWidth * newHeight)
        for (y, taps) in rows.enumerated() {
            for x in 0..<newWidth {
                var sum = SIMD4<Float>.zero
                for (source, weight) in taps {
                    let at = (source * newWidth + x) * 4
                    sum += SIMD4(wide[at], wide[at + 1], wide[at + 2], wide[at + 3]) * weight
                }
                out[y * newWidth + x] = Self.pixel(sum)
            }
        }
        return ColorBitmap(width: newWidth, height: newHeight, pixels: out)
    }

    /// For each new pixel along one axis, the old pixels that make it and their weights (summing to 1).
    static func weights(from old: Int, to new: Int) -> [[(Int, Float)]] {
        let scale = Double(old) / Double(new)
        return (0..<new).map { i in
            if scale >= 1 {
                // The old pixels under [i·scale, (i+1)·scale), each weighted by how much of it is covered.
                let start = Double(i) * scale, end = start + scale
                var taps: [(Int, Float)] = []
                var j = Int(start)
                while Double(j) < end && j < old {
                    let covered = min(end, Double(j + 1)) - max(start, Double(j))
                    if covered > 0 { taps.append((j, Float(covered / scale))) }
                    j += 1
                }
                return taps
            }
            let center = (Double(i) + 0.5) * scale - 0.5
            let left = Int(center.rounded(.down)), fraction = Float(center - Double(left))
            let a = min(max(left, 0), old - 1), b = min(max(left + 1, 0), old - 1)
            return [(a, 1 - fraction), (b, fraction)]
        }
    }

    @inline(__always)
    private static func channels(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    @inline(__always)
    private static func pixel(_ c: SIMD4<Float>) -> UInt32 {
        let a = min(max(c[3].rounded(), 0), 255)
        // Premultiplied: no channel may exceed alpha, whatever rounding did.
        func channel(_ v: Float) -> UInt32 { UInt32(min(max(v.rounded(), 0), a)) }
        return UInt32(a) << 24 | channel(c[2]) << 16 | channel(c[1]) << 8 | channel(c[0])
    }
}
