#if arch(x86_64)
import CRasterKernels
#endif

/// The row operations of a turned image drawn by shears (`Canvas.drawSheared`): eight pixels a step where the
/// CPU has AVX2, four or one elsewhere; the same pixels either way.
enum ShearKernels {
    /// dst[j·dstStride + c] = lerp256(src[(j + rowOffset[c])·srcStride + c], the pixel below it, weight[c]):
    /// each column moved up by its own whole rows and fraction (0...255).
    static func columns(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>, srcStride: Int,
                        rowOffset: UnsafePointer<Int32>, weight: UnsafePointer<Int32>, columns: Int, rows: Int) {
        #if arch(x86_64)
        if hasAVX2 {
            flick_raster_shear_columns_avx2(dst, dstStride, src, srcStride, rowOffset, weight, columns, rows)
            return
        }
        #endif
        columnsBaseline(dst, dstStride: dstStride, src: src, srcStride: srcStride, rowOffset: rowOffset, weight: weight,
                        columns: columns, rows: rows)
    }

    static func columnsBaseline(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>,
                                srcStride: Int, rowOffset: UnsafePointer<Int32>, weight: UnsafePointer<Int32>,
                                columns: Int, rows: Int) {
        for j in 0..<rows {
            let out = dst + j * dstStride
            for c in 0..<columns {
                let top = src + (j + Int(rowOffset[c])) * srcStride + c
                out[c] = lerp256(top[0], top[srcStride], UInt32(weight[c]))
            }
        }
    }

    /// Source-over into `dst` of `(over·weight + under·(256 − weight)) >> 8` per channel, weight 0...256: a row
    /// moved by a fraction of a pixel and composited in one pass.
    static func lerpOver(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>, under: UnsafePointer<UInt32>,
                         count: Int, weight: UInt32) {
        #if arch(x86_64)
        if hasAVX2 {
            flick_raster_lerp_over_avx2(dst, over, under, count, weight)
            return
        }
        #endif
        lerpOverBaseline(dst, over: over, under: under, count: count, weight: weight)
    }

    static func lerpOverBaseline(_ dst: UnsafeMutablePointer<UInt32>, over: UnsafePointer<UInt32>,
                                 under: UnsafePointer<UInt32>, count: Int, weight: UInt32) {
        var i = 0
        while i + 4 <= count {
            let s = lerpPixels(loadPixels(over + i), loadPixels(under + i), weight: weight)
            storePixels(sourceOver(s, loadPixels(dst + i)), dst + i)
            i += 4
        }
        while i < count { dst[i] = sourceOver(lerp256(under[i], over[i], weight), dst[i]); i += 1 }
    }
}
