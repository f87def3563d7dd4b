import Testing
@testable import FlickRaster

@Test func scalePixelIsExactlyRoundedDivisionBy255() {
    for a in UInt32(0)...255 {
        for v in stride(from: UInt32(0), through: 255, by: 1) {
            let p = v << 24 | v << 16 | v << 8 | v
            let expected = (v * a + 127) / 255
            let got = scalePixel(p, by: a)
            #expect(got == expected << 24 | expected << 16 | expected << 8 | expected, "v=\(v) a=\(a)")
        }
    }
}

@Test func sourceOverFollowsPorterDuff() {
    let src = Color(red: 1, green: 0, blue: 0, alpha: 0.5).pixel
    let dst = Color(red: 0, green: 0, blue: 1, alpha: 1).pixel
    let out = sourceOver(src, dst)
    // result = src + dst·(1 − αs): red 128, blue 255·(1 − 128/255) = 127, alpha 255.
    #expect(red(out) == 128)
    #expect(blue(out) == 127)
    #expect(alpha(out) == 255)
    #expect(green(out) == 0)
}

@Test func translucentFillOverWhiteMatchesTheFormula() {
    let canvas = makeCanvas(4, 4)
    canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: Color(red: 0, green: 0, blue: 0, alpha: 0.25))
    let expected = 255 - Int((255 * 0.25).rounded()) // 191
    #expect(red(canvas.surface[1, 1]) == expected)
    #expect(alpha(canvas.surface[1, 1]) == 255)
}

@Test func copyModeReplacesTheDestinationIncludingAlpha() {
    let canvas = makeCanvas(4, 4)
    canvas.blendMode = .copy
    canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(canvas.surface[0, 0] == Color(red: 1, green: 0, blue: 0, alpha: 0.5).pixel)
    #expect(canvas.surface[3, 3] == 0xFFFF_FFFF)
}

@Test func globalAlphaScalesEveryPaint() {
    let canvas = makeCanvas(4, 4)
    canvas.globalAlpha = 0.5
    canvas.fill(Path.rect(Rect(x: 0, y: 0, width: 4, height: 4)), paint: .solid(.black))
    #expect(abs(red(canvas.surface[2, 2]) - 128) <= 1)
}

@Test func colorPixelIsPremultipliedInDRMByteOrder() {
    let p = Color(red: 1, green: 0.5, blue: 0, alpha: 1).pixel
    #expect(p == 0xFFFF_8000)
    withUnsafeBytes(of: p.littleEndian) { bytes in
        #expect(Array(bytes) == [0x00, 0x80, 0xFF, 0xFF]) // B, G, R, A in memory
    }
    #expect(Color(red: 1, green: 1, blue: 1, alpha: 0.5).pixel == 0x8080_8080)
}

@Test func theWideLerpKernelGivesTheSamePixelsAsTheBaselineAndTheScalarLerp() {
    // Random pixels, every weight, lengths around the kernel's 8-pixel step.
    var rng = SystemRandomNumberGenerator()
    for count in [8, 9, 15, 16, 37, 1920] {
        let over = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        let under = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        for weight in UInt32(0)...256 {
            var wide = [UInt32](repeating: 0, count: count), baseline = wide
            baseline.withUnsafeMutableBufferPointer { Blend.lerpBaseline($0.baseAddress!, over: over, under: under, count: count, weight: weight) }
            #expect(baseline == (0..<count).map { lerp256(under[$0], over[$0], weight) }, "\(count) pixels at weight \(weight)")
            let ran = wide.withUnsafeMutableBufferPointer { Blend.lerpWide($0.baseAddress!, over: over, under: under, count: count, weight: weight) }
            guard ran else { continue } // no AVX2 here: nothing to compare
            #expect(wide == baseline, "\(count) pixels at weight \(weight)")
            if wide != baseline { return }
        }
    }
}

@Test func aFadeIsTheLerpAtItsAlphasWeight() {
    let over: [UInt32] = [0xFF10_2030, 0x8040_2010, 0xFFFF_FFFF, 0x0000_0000, 0xC0A0_B0C0]
    let under: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF, 0x8080_8080, 0xFF12_3456, 0x0102_0304]
    for alpha in UInt32(0)...255 {
        var faded = [UInt32](repeating: 0, count: over.count)
        faded.withUnsafeMutableBufferPointer { Blend.fade($0.baseAddress!, over: over, under: under, count: over.count, alpha: alpha) }
        #expect(faded == (0..<over.count).map { fadePixel(over[$0], under[$0], alpha: alpha) }, "alpha \(alpha)")
    }
}

@Test(arguments: [BlendMode.sourceOver, .copy])
func theWideCoverageFillGivesThePixelsOfTheBaseline(_ mode: BlendMode) {
    // Coverage in groups of eight empty, full or mixed, so the kernel takes each of its paths; lengths that are
    // not a multiple of eight end with a group overlapping the one before; rows under eight (a glyph's) are one
    // group read and written through a mask of its lanes.
    var rng = SystemRandomNumberGenerator()
    func premultiplied(alpha a: UInt32) -> UInt32 {
        let c = { UInt32.random(in: 0...a, using: &rng) }
        return a << 24 | c() << 16 | c() << 8 | c()
    }
    for count in [1, 2, 3, 5, 7, 8, 9, 12, 15, 16, 20, 37, 300] {
        for colorAlpha: UInt32 in [0, 1, 128, 254, 255] {
            let color = premultiplied(alpha: colorAlpha)
            let under = (0..<count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255, using: &rng)) }
            let coverage = (0..<count).map { i -> UInt8 in
                switch (i / 8 + count) % 3 {
                case 0: 255
                case 1: UInt8.random(in: 0...255, using: &rng)
                default: Bool.random(using: &rng) ? 0 : .random(in: 0...255, using: &rng)
                }
            }
            var wide = under, baseline = under
            baseline.withUnsafeMutableBufferPointer {
                Blend.fillBaseline($0.baseAddress!, coverage: coverage, count: count, color: color, mode: mode)
            }
            let ran = wide.withUnsafeMutableBufferPointer {
                Blend.fillWide($0.baseAddress!, coverage: coverage, count: count, color: color, mode: mode)
            }
            guard ran else { continue } // no wide kernels here: nothing to compare
            #expect(wide == baseline, "\(count) pixels of \(String(color, radix: 16))")
        }
    }
}

@Test(arguments: [BlendMode.sourceOver, .copy])
func aWholeMaskInOneCallGivesThePixelsOfTheBaselineRowByRow(_ mode: BlendMode) {
    // Glyph-sized masks cut from a wider coverage image into a wider surface: rows apart by both strides.
    var rng = SystemRandomNumberGenerator()
    let stride = 40, coverageStride = 24
    for (width, height) in [(1, 1), (3, 9), (7, 12), (8, 5), (13, 14), (21, 3)] {
        let color = UInt32(0xC0) << 24 | UInt32.random(in: 0...0xC0, using: &rng) << 8
        let under = (0..<(stride * 16)).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) | 0xFF00_0000 }
        let coverage = (0..<(coverageStride * 16)).map { i -> UInt8 in i % 5 == 0 ? 0 : i % 7 == 0 ? 255 : .random(in: 0...255, using: &rng) }
        var whole = under, rows = under
        whole.withUnsafeMutableBufferPointer { dst in
            coverage.withUnsafeBufferPointer { cov in
                Blend.fill(dst.baseAddress! + stride + 2, stride: stride, coverage: cov.baseAddress! + 3, coverageStride: coverageStride,
                           width: width, height: height, color: color, mode: mode)
            }
        }
        rows.withUnsafeMutableBufferPointer { dst in
            coverage.withUnsafeBufferPointer { cov in
                for row in 0..<height {
                    Blend.fillBaseline(dst.baseAddress! + stride * (row + 1) + 2, coverage: cov.baseAddress! + coverageStride * row + 3,
                                       count: width, color: color, mode: mode)
                }
            }
        }
        let differing = zip(whole, rows).filter { $0 != $1 }.count
        #expect(differing == 0, "\(width)x\(height): \(differing) pixels differ")
    }
}

/// A row copied down a block (a horizontal gradient): the AVX2 kernel's pixels are the memcpy a row's, and
/// neither writes beside the block. Widths cover the kernel's 32-, 8- and 1-pixel steps.
@Test func aRowRepeatedByTheWideKernelGivesTheBaselinesPixels() {
    var rng = SystemRandomNumberGenerator()
    let stride = 80, rows = 5, start = stride + 3
    for width in [1, 7, 8, 9, 31, 32, 33, 45, 64, 71, 77] {
        let row = (0..<width).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        let under = (0..<(stride * 7)).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        func repeated(wide: Bool) -> [UInt32] {
            var pixels = under
            pixels.withUnsafeMutableBufferPointer {
                Blend.repeatRow(row, count: width, into: $0.baseAddress! + start, stride: stride, rows: rows, wide: wide)
            }
            return pixels
        }
        let wide = repeated(wide: true), baseline = repeated(wide: false)
        var expected = under
        for y in 0..<rows { expected.replaceSubrange((start + y * stride)..<(start + y * stride + width), with: row) }
        #expect(zip(wide, baseline).filter { $0 != $1 }.isEmpty, "\(width) pixels: the kernel differs from the baseline")
        #expect(zip(baseline, expected).filter { $0 != $1 }.isEmpty,
                "\(width) pixels: not the row in every row of the block and nothing beside it")
    }
}
