import Testing
@testable import FlickRaster

/// The four-pixel loops must give exactly what the one-pixel formulas give, tails included.
private func randomPixels(_ n: Int, seed: UInt64) -> [UInt32] {
    var state = seed
    return (0..<n).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt32(truncatingIfNeeded: state >> 56)
        let raw = UInt32(truncatingIfNeeded: state >> 16)
        // Premultiplied: no channel above alpha.
        let r = min((raw >> 16) & 0xFF, a), g = min((raw >> 8) & 0xFF, a), b = min(raw & 0xFF, a)
        return a << 24 | r << 16 | g << 8 | b
    }
}

@Test(arguments: [1, 3, 4, 7, 64, 67])
func vectorSourceOverMatchesScalar(count: Int) {
    let src = randomPixels(count, seed: 1), dst = randomPixels(count, seed: 2)
    let cov = randomPixels(count, seed: 3).map { UInt8(truncatingIfNeeded: $0) }
    for alpha: UInt32 in [255, 128] {
        var out = dst
        out.withUnsafeMutableBufferPointer { o in
            Blend.blend(o.baseAddress!, source: src, count: count, alpha: alpha, mode: .sourceOver)
        }
        for i in 0..<count { #expect(out[i] == sourceOver(scalePixel(src[i], by: alpha), dst[i])) }
    }
    var covered = dst
    covered.withUnsafeMutableBufferPointer { o in
        Blend.blend(o.baseAddress!, source: src, coverage: cov, count: count, mode: .sourceOver)
    }
    for i in 0..<count { #expect(covered[i] == sourceOver(scalePixel(src[i], by: UInt32(cov[i])), dst[i])) }
}

@Test(arguments: [5, 16, 33])
func vectorTranslucentFillMatchesScalar(count: Int) {
    let dst = randomPixels(count, seed: 9)
    let color = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.4).pixel
    var out = dst
    out.withUnsafeMutableBufferPointer { Blend.fill($0.baseAddress!, count: count, color: color, mode: .sourceOver) }
    for i in 0..<count { #expect(out[i] == sourceOver(color, dst[i])) }
    var opaque = dst
    opaque.withUnsafeMutableBufferPointer { Blend.fill($0.baseAddress!, count: count, color: 0xFF12_3456, mode: .sourceOver) }
    #expect(opaque.allSatisfy { $0 == 0xFF12_3456 })
}

@Test(arguments: [3, 4, 13, 40])
func vectorCoverageFillMatchesScalar(count: Int) {
    let dst = randomPixels(count, seed: 5)
    // Runs of empty, full and partial coverage, so every branch of the group loop is taken.
    var cov = randomPixels(count, seed: 6).map { UInt8(truncatingIfNeeded: $0) }
    for i in cov.indices where i % 16 < 4 { cov[i] = 0 }
    for i in cov.indices where (4..<12).contains(i % 16) { cov[i] = 255 }
    for (mode, color) in [(BlendMode.sourceOver, Color(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.8).pixel),
                          (.sourceOver, 0xFF10_2030), (.copy, 0x8040_2010)] {
        var out = dst
        out.withUnsafeMutableBufferPointer { Blend.fill($0.baseAddress!, coverage: cov, count: count, color: color, mode: mode) }
        for i in 0..<count {
            let c = UInt32(cov[i])
            let expected = c == 0 ? dst[i]
                : c == 255 ? (mode == .copy || color >> 24 == 255 ? color : sourceOver(color, dst[i]))
                : mode == .copy ? lerpPixel(color, dst[i], coverage: c) : sourceOver(scalePixel(color, by: c), dst[i])
            #expect(out[i] == expected, "pixel \(i) mode \(mode)")
        }
    }
}

@Test func opaqueAndEmptyGroupsBlendLikeAnyOther() {
    let count = 12
    let dst = randomPixels(count, seed: 11)
    var src = [UInt32](repeating: 0xFF11_2233, count: 4) + [UInt32](repeating: 0, count: 4) + randomPixels(4, seed: 12)
    src[9] = 0x8000_0000 // one translucent pixel in the empty group
    var out = dst
    out.withUnsafeMutableBufferPointer { Blend.blend($0.baseAddress!, source: src, count: count, alpha: 255, mode: .sourceOver) }
    for i in 0..<count { #expect(out[i] == sourceOver(src[i], dst[i])) }
}

@Test(arguments: [1, 4, 7, 67])
func vectorFadeMatchesScalarAndIsExactAtTheEnds(count: Int) {
    let src = randomPixels(count, seed: 11).map { $0 | 0xFF00_0000 }, dst = randomPixels(count, seed: 12).map { $0 | 0xFF00_0000 }
    for alpha: UInt32 in [0, 1, 77, 128, 254, 255] {
        var out = dst
        out.withUnsafeMutableBufferPointer { Blend.fade($0.baseAddress!, source: src, count: count, alpha: alpha) }
        for i in 0..<count {
            #expect(out[i] == fadePixel(src[i], dst[i], alpha: alpha))
            let exact = lerpPixel(src[i], dst[i], coverage: alpha)
            for shift: UInt32 in [0, 8, 16, 24] {
                #expect(abs(Int((out[i] >> shift) & 0xFF) - Int((exact >> shift) & 0xFF)) <= 2)
            }
        }
        if alpha == 0 { #expect(out == dst) }
        if alpha == 255 { #expect(out == src) }
    }
}

/// A cross-fade: an opaque layer known to be opaque fades over the screen as source-over would, to two levels (source-over rounds twice).
@Test func anOpaqueImageFadingOverAnotherBlendsLikeSourceOver() {
    let under = Surface(width: 9, height: 3), over = Surface(width: 9, height: 3)
    under.clear(to: Color(hex: 0x3366CC).pixel)
    over.clear(to: Color(hex: 0xCC2222).pixel)
    let general = under.copy(), fast = under.copy()
    for (target, known) in [(general, false), (fast, true)] {
        over.isKnownOpaque = known
        let canvas = Canvas(surface: target)
        canvas.globalAlpha = 0.4
        canvas.draw(over, at: Point(x: 2, y: 1))
    }
    for y in 0..<3 {
        for x in 0..<9 {
            for shift: UInt32 in [0, 8, 16, 24] {
                #expect(abs(Int((fast[x, y] >> shift) & 0xFF) - Int((general[x, y] >> shift) & 0xFF)) <= 2)
            }
        }
    }
    #expect(fast[0, 0] == Color(hex: 0x3366CC).pixel)
    #expect(fast[4, 1] != Color(hex: 0x3366CC).pixel && fast[4, 1] != Color(hex: 0xCC2222).pixel)
}

/// A layer whose print is known opaque (a photo card round which lies its shadow) is copied there and blended
/// round it: the same pixels as blending all of it, placed anywhere, clipped anyhow, and after `copy(of:)`.
@Test(arguments: [(0, 0, PixelRect(x: 0, y: 0, width: 40, height: 30)), (-7, 5, PixelRect(x: 3, y: 9, width: 20, height: 14)),
                  (13, -4, PixelRect(x: 15, y: 0, width: 25, height: 30))])
func aLayerKnownOpaqueInsideIsCopiedThereAndBlendedRound(x: Int, y: Int, clip: PixelRect) {
    let layer = cardLikeImage(width: 30, height: 24)
    let opaque = PixelRect(x: 4, y: 4, width: 22, height: 16)
    let known = layer.copy()
    known.knownOpaqueArea = opaque
    let plain = gradientBackground(40, 30), fast = gradientBackground(40, 30)
    for (target, image) in [(plain, layer), (fast, known)] {
        let canvas = Canvas(surface: target)
        canvas.clip(to: clip.rect)
        canvas.draw(image, at: Point(x: Double(x), y: Double(y)))
    }
    #expect(fast.rows == plain.rows)
    #expect(plain.rows != gradientBackground(40, 30).rows)
    let part = known.copy(of: PixelRect(x: 10, y: 2, width: 20, height: 10))
    #expect(part.knownOpaqueArea == PixelRect(x: 0, y: 2, width: 16, height: 8))
}
