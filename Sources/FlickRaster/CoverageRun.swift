#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// A run of cells summed into coverage bytes: the inner loop of `CoverageRasterizer.sweep`.
///
/// Cells hold winding area in 16.16 fixed point. Integer sums come out the same in any order, so a wide
/// prefix sum gives exactly the bytes of the plain running sum beside it.
enum CoverageRun {
    /// A whole pixel's area.
    static let one: Float = 65536

    /// `x` rounded to the nearest integer, for |x| < 2²²: adding 1.5·2²³ leaves the integer in the low
    /// bits of the float's mantissa, with no conversion (and no trap on a stray NaN).
    @inline(__always)
    static func fixed(_ x: Float) -> Int32 {
        Int32(bitPattern: (x + 12_582_912).bitPattern) &- 0x4B40_0000
    }

    /// The coverage byte of a winding sum: min(|sum|, 1)·255 for non-zero, the distance to the nearest even
    /// winding for even-odd, rounded.
    @inline(__always)
    static func coverage(_ sum: Int32, _ rule: FillRule) -> UInt8 {
        let a = sum.magnitude
        let c: UInt32
        switch rule {
        case .nonZero: c = min(a, 65536)
        case .evenOdd:
            let f = a & 0x1FFFF
            c = min(f, 0x20000 &- f)
        }
        return UInt8(truncatingIfNeeded: ((c << 8) &- c &+ 0x8000) >> 16)
    }

    /// Adds cells[0..<count] to `sum` one by one, writing each running sum's coverage byte to `out`, OR-ing the
    /// bytes into `ink` and zeroing the cells; returns the sum after the last. Eight cells a step where the CPU
    /// has the wide kernels.
    @inline(__always)
    static func sweep(_ cells: UnsafeMutablePointer<Int32>, _ out: UnsafeMutablePointer<UInt8>, count: Int,
                      sum: Int32, rule: FillRule, ink: inout UInt8) -> Int32 {
        if let s = sweepWide(cells, out, count: count, sum: sum, rule: rule, ink: &ink) { return s }
        return sweepBaseline(cells, out, count: count, sum: sum, rule: rule, ink: &ink)
    }

    /// The wide kernel, when this CPU has it and the run is long enough: nil, and nothing written, otherwise.
    static func sweepWide(_ cells: UnsafeMutablePointer<Int32>, _ out: UnsafeMutablePointer<UInt8>, count: Int,
                          sum: Int32, rule: FillRule, ink: inout UInt8) -> Int32? {
        #if arch(x86_64) || arch(arm64)
        guard hasWideKernels, count >= 8 else { return nil }
        return flick_raster_sweep_wide(cells, out, count, sum, rule == .evenOdd ? 1 : 0, &ink)
        #else
        return nil
        #endif
    }

    @inline(__always)
    static func sweepBaseline(_ cells: UnsafeMutablePointer<Int32>, _ out: UnsafeMutablePointer<UInt8>, count: Int,
                              sum: Int32, rule: FillRule, ink: inout UInt8) -> Int32 {
        var sum = sum
        for x in 0..<count {
            sum &+= cells[x]
            let c = coverage(sum, rule)
            out[x] = c
            ink |= c
        }
        cells.update(repeating: 0, count: count)
        return sum
    }
}
