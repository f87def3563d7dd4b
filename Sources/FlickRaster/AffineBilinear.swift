#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// The inside of a turned or scaled image, where every bilinear sample's four taps lie in the image and the
/// shape covers whole pixels: samples stepped in 16.16 fixed point (the same arithmetic as `ImageShader`'s
/// clamped loop, which it equals there) and composited source-over straight into the row, with no scratch
/// row and no coverage. Eight samples a step with AVX2 (gathers), four with
/// NEON (a load for each pair of neighbouring taps), one at a time elsewhere; the
/// same pixels either way.
enum AffineBilinear {
    /// Source-over of `count` samples of `image` into `dst`, sample i at (fu + i·fdu, fv + i·fdv).
    static func sourceOver(_ dst: UnsafeMutablePointer<UInt32>, image: Surface, fu: Int, fv: Int, fdu: Int, fdv: Int,
                           count: Int) {
        if sourceOverWide(dst, image: image, fu: fu, fv: fv, fdu: fdu, fdv: fdv, count: count) { return }
        sourceOverBaseline(dst, image: image, fu: fu, fv: fv, fdu: fdu, fdv: fdv, count: count)
    }

    /// The wide kernel, when this CPU has it: false, and nothing written, otherwise.
    static func sourceOverWide(_ dst: UnsafeMutablePointer<UInt32>, image: Surface, fu: Int, fv: Int, fdu: Int, fdv: Int,
                               count: Int) -> Bool {
        #if arch(x86_64) || arch(arm64)
        guard hasWideKernels, count >= 8 else { return false }
        flick_raster_bilinear_over_wide(dst, image.pixels, image.stride, fu, fv, fdu, fdv, count)
        return true
        #else
        return false
        #endif
    }

    static func sourceOverBaseline(_ dst: UnsafeMutablePointer<UInt32>, image: Surface, fu: Int, fv: Int, fdu: Int,
                                   fdv: Int, count: Int) {
        let pixels = image.pixels, stride = image.stride
        var fu = fu, fv = fv
        for i in 0..<count {
            let top = pixels + (fv >> 16) * stride + (fu >> 16)
            let wx = UInt32(truncatingIfNeeded: fu >> 8) & 0xFF, wy = UInt32(truncatingIfNeeded: fv >> 8) & 0xFF
            let s = lerp256(lerp256(top[0], top[1], wx), lerp256(top[stride], top[stride + 1], wx), wy)
            dst[i] = FlickRaster.sourceOver(s, dst[i])
            fu &+= fdu; fv &+= fdv
        }
    }

    /// The offsets `k` in 0..<count at which a sample at f + k·df (16.16) has both its taps in 0..<size along
    /// that axis: its integer part in 0...size − 2.
    static func inside(_ f: Int, _ df: Int, size: Int, count: Int) -> Range<Int> {
        let high = (size - 1) << 16 - 1 // the last 16.16 value whose integer part is size − 2
        guard size >= 2, count > 0 else { return 0..<0 }
        if df == 0 { return f >= 0 && f <= high ? 0..<count : 0..<0 }
        // f + k·df ≥ 0 and ≤ high; the bounds swap for a negative step.
        let (lowK, highK) = df > 0 ? (ceilDiv(-f, df), floorDiv(high - f, df)) : (ceilDiv(high - f, df), floorDiv(-f, df))
        let first = max(lowK, 0), end = min(highK + 1, count)
        return first < end ? first..<end : 0..<0
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func ceilDiv(_ a: Int, _ b: Int) -> Int { -floorDiv(-a, b) }
}
