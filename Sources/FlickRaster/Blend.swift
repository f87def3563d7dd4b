/// Span compositing: the hot loops. Each takes a destination row pointer and plain integers, allocates
/// nothing, and has no per-pixel branches on the common paths so the compiler can vectorise it.
enum Blend {
    /// A run of full coverage with one colour.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, mode: BlendMode) {
        if mode == .copy || color >> 24 == 255 {
            dst.update(repeating: color, count: count)
        } else if color >> 24 != 0 {
            let inv = 255 &- (color >> 24)
            for i in 0..<count { dst[i] = color &+ scalePixel(dst[i], by: inv) }
        }
    }

    /// One colour under per-pixel coverage, with runs of full coverage stored in bulk.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
                     color: UInt32, mode: BlendMode) {
        var i = 0
        while i < count {
            let c = UInt32(coverage[i])
            if c == 0 { i += 1; continue }
            if c == 255 {
                var j = i + 1
                while j < count && coverage[j] == 255 { j += 1 }
                fill(dst + i, count: j - i, color: color, mode: mode)
                i = j
                continue
            }
            dst[i] = mode == .copy ? lerpPixel(color, dst[i], coverage: c) : sourceOver(scalePixel(color, by: c), dst[i])
            i += 1
        }
    }

    /// A row of source pixels at full coverage, scaled by `alpha` (0...255).
    @inline(__always)
    static func blend(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int,
                      alpha: UInt32, mode: BlendMode) {
        switch (mode, alpha) {
        case (.copy, 255):
            dst.update(from: source, count: count)
        case (.copy, _):
            for i in 0..<count { dst[i] = lerpPixel(source[i], dst[i], coverage: alpha) }
        case (.sourceOver, 255):
            for i in 0..<count {
                let s = source[i]
                dst[i] = s &+ scalePixel(dst[i], by: 255 &- (s >> 24))
            }
        case (.sourceOver, _):
            for i in 0..<count { dst[i] = sourceOver(scalePixel(source[i], by: alpha), dst[i]) }
        }
    }

    /// Source pixels under per-pixel coverage (already multiplied by the global alpha).
    static func blend(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>,
                      coverage: UnsafePointer<UInt8>, count: Int, mode: BlendMode) {
        switch mode {
        case .copy:
            for i in 0..<count { dst[i] = lerpPixel(source[i], dst[i], coverage: UInt32(coverage[i])) }
        case .sourceOver:
            for i in 0..<count { dst[i] = sourceOver(scalePixel(source[i], by: UInt32(coverage[i])), dst[i]) }
        }
    }

    /// Multiplies coverage by a global alpha (0...255) in place.
    static func scale(_ coverage: UnsafeMutablePointer<UInt8>, count: Int, by alpha: UInt32) {
        guard alpha < 255 else { return }
        for i in 0..<count {
            let v = UInt32(coverage[i]) &* alpha &+ 128
            coverage[i] = UInt8(truncatingIfNeeded: (v &+ (v >> 8)) >> 8)
        }
    }
}
