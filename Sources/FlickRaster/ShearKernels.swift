#if arch(x86_64)
import CRasterKernels
#endif

/// The row operations of a turned image drawn by shears (`Canvas.drawSheared`), moving pixels by sixteenths
/// (`lerp16`): eight pixels a step where the CPU has AVX2, four or one elsewhere; the same pixels either way.
/// The first pass writes its image complemented (every channel 255 − c) and the middle pass complements it
/// back: the middle pass's halvings, rounding up there, round down in the picture, between two passes that
/// round up, so the three do not add up to a brighter picture.
enum ShearKernels {
    /// dst[i] = ~lerp16(src[i], src[i + 1], k): a row moved by a fraction of a pixel, complemented. The pixels
    /// `ahead` past `src` (the same columns of a later row; 0: none) are asked for as it goes.
    static func row(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, k: UInt32, ahead: Int = 0) {
        #if arch(x86_64)
        if hasAVX2 { return flick_raster_shear_row_avx2(dst, src, count, k, ahead) }
        #endif
        if ahead != 0 { Canvas.prefetch(src + ahead, count: count + 1, forWriting: false) }
        rowBaseline(dst, src: src, count: count, k: k)
    }

    /// dst[j·dstStride + c] = ~lerp16(src[(j + rowOffset[c])·srcStride + c], the pixel below it, k[c]) for each
    /// row band.lowerBound + j in rowsFrom[c]..<rowsTo[c] and in `band` (dst and src start at the band's first
    /// row): each column moved up by its own whole rows and sixteenths (0...15). A column may be written in
    /// more rows of the band, up to those of its neighbours within sixteen columns (c rounded down to a multiple
    /// of sixteen and the next fifteen), and those rows read.
    static func columns(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>, srcStride: Int,
                        rowOffset: UnsafePointer<Int32>, k: UnsafePointer<Int32>, rowsFrom: UnsafePointer<Int32>,
                        rowsTo: UnsafePointer<Int32>, band: Range<Int>, columns: Int) {
        #if arch(x86_64)
        if hasAVX2 {
            return flick_raster_shear_columns_avx2(dst, dstStride, src, srcStride, rowOffset, k, rowsFrom, rowsTo,
                                                   band.lowerBound, band.upperBound, columns)
        }
        #endif
        columnsBaseline(dst, dstStride: dstStride, src: src, srcStride: srcStride, rowOffset: rowOffset, k: k,
                        rowsFrom: rowsFrom, rowsTo: rowsTo, band: band, columns: columns)
    }

    /// Column c's rows of `band`, counted from its first.
    @inline(__always)
    private static func bandRows(_ rowsFrom: UnsafePointer<Int32>, _ rowsTo: UnsafePointer<Int32>, _ c: Int, _ band: Range<Int>) -> Range<Int> {
        let from = max(Int(rowsFrom[c]), band.lowerBound), to = min(Int(rowsTo[c]), band.upperBound)
        return from < to ? (from - band.lowerBound)..<(to - band.lowerBound) : 0..<0
    }

    /// Four columns at a time down the rows (each row's lower pixels are the next row's upper ones), each
    /// written in the rows of all four, as the AVX2 kernel writes eight; the last columns one at a time.
    static func columnsBaseline(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>,
                                srcStride: Int, rowOffset: UnsafePointer<Int32>, k: UnsafePointer<Int32>,
                                rowsFrom: UnsafePointer<Int32>, rowsTo: UnsafePointer<Int32>, band: Range<Int>, columns: Int) {
        var c = 0
        while c + 4 <= columns {
            var from = Int.max, to = Int.min
            for m in c..<(c + 4) {
                let rows = bandRows(rowsFrom, rowsTo, m, band)
                if !rows.isEmpty { from = min(from, rows.lowerBound); to = max(to, rows.upperBound) }
            }
            if from < to {
                let sixteenths = SIMD4<UInt32>(UInt32(k[c]), UInt32(k[c + 1]), UInt32(k[c + 2]), UInt32(k[c + 3]))
                // Each column's pixel of the row, walking down.
                var p0 = src + (from + Int(rowOffset[c])) * srcStride + c, p1 = src + (from + Int(rowOffset[c + 1])) * srcStride + c + 1
                var p2 = src + (from + Int(rowOffset[c + 2])) * srcStride + c + 2, p3 = src + (from + Int(rowOffset[c + 3])) * srcStride + c + 3
                var top = Pixels4(p0[0], p1[0], p2[0], p3[0]), out = dst + from * dstStride + c
                for _ in from..<to {
                    p0 += srcStride; p1 += srcStride; p2 += srcStride; p3 += srcStride
                    let bottom = Pixels4(p0[0], p1[0], p2[0], p3[0])
                    storePixels(~lerp16Pixels(top, bottom, lanes: sixteenths), out)
                    top = bottom
                    out += dstStride
                }
            }
            c += 4
        }
        for c in c..<columns {
            for j in bandRows(rowsFrom, rowsTo, c, band) {
                let top = src + (j + Int(rowOffset[c])) * srcStride + c
                dst[j * dstStride + c] = ~lerp16(top[0], top[srcStride], UInt32(k[c]))
            }
        }
    }

    /// Source-over into `dst` of lerp16(src[i], src[i + 1], k): a row moved by a fraction of a pixel and
    /// composited in one pass. The pixels `ahead` past `dst` (as in `row`) are asked for, to be written.
    static func over(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, k: UInt32, ahead: Int = 0) {
        #if arch(x86_64)
        if hasAVX2 { return flick_raster_shear_over_avx2(dst, src, count, k, ahead) }
        #endif
        if ahead != 0 { Canvas.prefetch(dst + ahead, count: count, forWriting: true) }
        overBaseline(dst, src: src, count: count, k: k)
    }

    static func rowBaseline(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, k: UInt32) {
        fourAtATime(count, { storePixels(~lerp16Pixels(loadPixels(src + $0), loadPixels(src + $0 + 1), k), dst + $0) },
                    { dst[$0] = ~lerp16(src[$0], src[$0 + 1], k) })
    }

    static func overBaseline(_ dst: UnsafeMutablePointer<UInt32>, src: UnsafePointer<UInt32>, count: Int, k: UInt32) {
        fourAtATime(count, {
            storePixels(sourceOver(lerp16Pixels(loadPixels(src + $0), loadPixels(src + $0 + 1), k), loadPixels(dst + $0)), dst + $0)
        }, { dst[$0] = sourceOver(lerp16(src[$0], src[$0 + 1], k), dst[$0]) })
    }

    /// i in 0..<count: four at a time from the start, then one at a time.
    @inline(__always)
    private static func fourAtATime(_ count: Int, _ four: (Int) -> Void, _ one: (Int) -> Void) {
        var i = 0
        while i + 4 <= count { four(i); i += 4 }
        while i < count { one(i); i += 1 }
    }
}
