import CRasterKernels

/// Span compositing: the hot loops. Each takes a destination row pointer and plain integers, allocates
/// nothing, and has no per-pixel branches on the common paths so the compiler can vectorise it.
enum Blend {
    /// A run of full coverage with one colour.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, mode: BlendMode) {
        if mode == .copy || color >> 24 == 255 {
            store(dst, count: count, color: color)
        } else if color >> 24 != 0 {
            let inv = 255 &- (color >> 24)
            let color4 = Pixels4(repeating: color), inv4 = Pixels4(repeating: inv)
            var i = 0
            while i + 4 <= count {
                storePixels(color4 &+ scalePixels(loadPixels(dst + i), by: inv4), dst + i)
                i += 4
            }
            while i < count { dst[i] = color &+ scalePixel(dst[i], by: inv); i += 1 }
        }
    }

    /// Plain stores of one pixel value; a long run through glibc's wmemset, which picks the widest stores the
    /// CPU has at run time (a baseline x86-64 build cannot).
    @inline(__always)
    static func store(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        guard count > 0 else { return }
        if count < 16 {
            dst.update(repeating: color, count: count)
        } else {
            flick_raster_store(dst, count, color)
        }
    }

    /// One colour under per-pixel coverage. Eight pixels a step where the CPU has AVX2, four elsewhere; the
    /// same pixels either way.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
                     color: UInt32, mode: BlendMode) {
        if fillWide(dst, coverage: coverage, count: count, color: color, mode: mode) { return }
        fillBaseline(dst, coverage: coverage, count: count, color: color, mode: mode)
    }

    /// The AVX2 kernel, when this CPU has it: false, and nothing written, otherwise.
    static func fillWide(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
                         color: UInt32, mode: BlendMode) -> Bool {
        #if arch(x86_64)
        guard hasWideKernels, count > 0 else { return false }
        flick_raster_fill_coverage_wide(dst, coverage, count, color, mode == .copy ? 1 : 0)
        return true
        #else
        return false
        #endif
    }

    /// One colour under every row of a mask (a glyph's): `height` rows of `width` pixels from `dst`, `stride`
    /// pixels apart, under coverage rows `coverageStride` bytes apart. The AVX2 kernel takes the whole mask in
    /// one call; elsewhere it is `fill` a row at a time.
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, stride: Int, coverage: UnsafePointer<UInt8>, coverageStride: Int,
                     width: Int, height: Int, color: UInt32, mode: BlendMode) {
        #if arch(x86_64)
        if hasWideKernels {
            flick_raster_fill_mask_wide(dst, stride, coverage, coverageStride, width, height, color, mode == .copy ? 1 : 0)
            return
        }
        #endif
        for row in 0..<height {
            fill(dst + row * stride, coverage: coverage + row * coverageStride, count: width, color: color, mode: mode)
        }
    }

    /// `row`'s `count` pixels copied into `rows` rows from `dst`, `stride` pixels apart (a horizontal gradient
    /// down the frame). The wide kernel (AVX2 or NEON) where `wide` is set: glibc's memcpy a row measured
    /// 1.2–1.5 × a fill of the frame, the kernel's plain stores about 1.1 ×. A memcpy a row elsewhere.
    static func repeatRow(_ row: UnsafePointer<UInt32>, count: Int, into dst: UnsafeMutablePointer<UInt32>, stride: Int,
                          rows: Int, wide: Bool = true) {
        #if arch(x86_64) || arch(arm64)
        if wide && hasWideKernels {
            flick_raster_repeat_row_wide(dst, stride, row, count, rows)
            return
        }
        #endif
        for y in 0..<rows { (dst + y * stride).update(from: row, count: count) }
    }

    /// Four pixels at a time: empty groups are skipped, long runs of full coverage stored in bulk, the rest
    /// blended branch-free.
    static func fillBaseline(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int,
                             color: UInt32, mode: BlendMode) {
        let color4 = Pixels4(repeating: color)
        let full = UInt32.max
        var i = 0
        while i + 4 <= count {
            let group = UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt32.self)
            if group == 0 { i += 4; continue }
            if group == full {
                var j = i + 4
                while j + 4 <= count && UnsafeRawPointer(coverage + j).loadUnaligned(as: UInt32.self) == full { j += 4 }
                fill(dst + i, count: j - i, color: color, mode: mode)
                i = j
                continue
            }
            let c = loadCoverage(coverage + i), d = loadPixels(dst + i)
            let out = mode == .copy
                ? scalePixels(color4, by: c) &+ scalePixels(d, by: Pixels4(repeating: 255) &- c)
                : sourceOver(scalePixels(color4, by: c), d)
            storePixels(out, dst + i)
            i += 4
        }
        while i < count {
            let c = UInt32(coverage[i])
            if c != 0 {
                dst[i] = mode == .copy ? lerpPixel(color, dst[i], coverage: c) : sourceOver(scalePixel(color, by: c), dst[i])
            }
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
            var i = 0
            while i + 4 <= count {
                // A per-group test for opaque or empty sources (pixman's shortcut) measured slower here:
                // it keeps the loop from pipelining, and costs on every translucent layer.
                storePixels(sourceOver(loadPixels(source + i), loadPixels(dst + i)), dst + i)
                i += 4
            }
            while i < count { dst[i] = sourceOver(source[i], dst[i]); i += 1 }
        case (.sourceOver, _):
            let alpha4 = Pixels4(repeating: alpha)
            var i = 0
            while i + 4 <= count {
                storePixels(sourceOver(scalePixels(loadPixels(source + i), by: alpha4), loadPixels(dst + i)), dst + i)
                i += 4
            }
            while i < count { dst[i] = sourceOver(scalePixel(source[i], by: alpha), dst[i]); i += 1 }
        }
    }

    /// An opaque layer at `alpha` (0...255) over what is under it: a cross-fade frame, so `fadePixel`'s
    /// one-multiply-pair weights instead of an exact lerp.
    @inline(__always)
    static func fade(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, alpha: UInt32) {
        fade(dst, over: source, under: dst, count: count, alpha: alpha)
    }

    /// `over` at `alpha` fading over `under` into `dst` in one pass: a cross-fade frame without first copying
    /// the layer underneath.
    @inline(__always)
    static func fade(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
                     count: Int, alpha: UInt32) {
        lerp(dst, over: over, under: under, count: count, weight: alpha &+ (alpha >> 7))
    }

    /// `(over·weight + under·(256 − weight)) >> 8` per channel into `dst`, weight 0...256: a cross-fade, or the
    /// two filtered rows of a scaled image. Eight pixels a step with AVX2, sixteen with NEON (bound by
    /// arithmetic as much as by memory), four elsewhere; the same pixels either way.
    @inline(__always)
    static func lerp(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
                     count: Int, weight: UInt32) {
        if lerpWide(dst, over: over, under: under, count: count, weight: weight) { return }
        lerpBaseline(dst, over: over, under: under, count: count, weight: weight)
    }

    /// The wide kernel, when this CPU has it: false, and nothing written, otherwise.
    static func lerpWide(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
                         count: Int, weight: UInt32) -> Bool {
        #if arch(x86_64) || arch(arm64)
        guard hasWideKernels, count >= 8 else { return false }
        flick_raster_lerp_wide(dst, over, under, count, weight)
        return true
        #else
        return false
        #endif
    }

    @inline(__always)
    static func lerpBaseline(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
                             count: Int, weight: UInt32) {
        var i = 0
        while i + 4 <= count {
            storePixels(lerpPixels(loadPixels(over + i), loadPixels(under + i), weight: weight), dst + i)
            i += 4
        }
        while i < count { dst[i] = lerp256(under[i], over[i], weight); i += 1 }
    }

    /// Source pixels under per-pixel coverage (already multiplied by the global alpha).
    static func blend(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>,
                      coverage: UnsafePointer<UInt8>, count: Int, mode: BlendMode) {
        switch mode {
        case .copy:
            for i in 0..<count { dst[i] = lerpPixel(source[i], dst[i], coverage: UInt32(coverage[i])) }
        case .sourceOver:
            var i = 0
            while i + 4 <= count {
                let s = scalePixels(loadPixels(source + i), by: loadCoverage(coverage + i))
                storePixels(sourceOver(s, loadPixels(dst + i)), dst + i)
                i += 4
            }
            while i < count { dst[i] = sourceOver(scalePixel(source[i], by: UInt32(coverage[i])), dst[i]); i += 1 }
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
