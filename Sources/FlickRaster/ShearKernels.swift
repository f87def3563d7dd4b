#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// The row operations of a turned image drawn by shears (`Canvas.drawSheared`), moving pixels by sixteenths
/// (`lerp16`): the wide kernels (AVX2, NEON) where the CPU has them, four or one pixel a step elsewhere; the same
/// pixels either way.
/// The first pass writes its image complemented (every channel 255 − c) and the middle pass complements it
/// back: the middle pass's halvings, rounding up there, round down in the picture, between two passes that
/// round up, so the three do not add up to a brighter picture.
enum ShearKernels {
    /// Rows of the first pass for a strip of columns, with the image's edges: dst row n (`dstStride` pixels
    /// apart) is image row r = rows.lowerBound + n moved along by shifts[r] whole pixels and weights[r]
    /// sixteenths, complemented, in `count` columns from `firstColumn`; transparent outside the image.
    static func rows(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, image: Surface, shifts: UnsafePointer<Int32>,
                     weights: UnsafePointer<Int32>, rows: Range<Int>, firstColumn: Int, count: Int) {
        #if arch(x86_64) || arch(arm64)
        if hasWideKernels {
            return flick_raster_shear_rows_wide(dst, dstStride, image.pixels, image.stride, image.width, image.height, shifts,
                                                weights, rows.lowerBound, rows.count, firstColumn, count)
        }
        #endif
        rowsBaseline(dst, dstStride: dstStride, image: image, shifts: shifts, weights: weights, rows: rows,
                     firstColumn: firstColumn, count: count)
    }

    static func rowsBaseline(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, image: Surface, shifts: UnsafePointer<Int32>,
                             weights: UnsafePointer<Int32>, rows: Range<Int>, firstColumn: Int, count: Int) {
        let transparent = ~UInt32(0), width = image.width
        for (n, r) in rows.enumerated() {
            let dst = dst + n * dstStride
            guard r >= 0, r < image.height else {
                dst.update(repeating: transparent, count: count)
                continue
            }
            let weight = UInt32(truncatingIfNeeded: weights[r]), source = image.row(r)
            let s0 = firstColumn + Int(shifts[r]) // the left tap of dst[0]
            func pixel(_ x: Int) -> UInt32 { x >= 0 && x < width ? source[x] : 0 }
            // Both taps in the row from `first`, up to `end`; one pixel on either side reads one tap; the rest none.
            let first = min(count, max(0, -s0)), end = max(first, min(count, width - 1 - s0))
            let before = max(0, first - 1), after = min(count, end + 1)
            dst.update(repeating: transparent, count: before)
            for m in before..<first { dst[m] = ~lerp16(0, pixel(s0 + m + 1), weight) }
            if end > first {
                if r + Canvas.prefetchRows < image.height {
                    Canvas.prefetch(source + s0 + first + Canvas.prefetchRows * image.stride, count: end - first + 1, forWriting: false)
                }
                rowBaseline(dst + first, src: source + s0 + first, count: end - first, k: weight)
            }
            for m in end..<after { dst[m] = ~lerp16(pixel(s0 + m), pixel(s0 + m + 1), weight) }
            (dst + after).update(repeating: transparent, count: count - after)
        }
    }

    /// Where each output row of the last pass reads B, row after row: B column i + shift[n] and weight[n]
    /// sixteenths past it for output column i; B may not be transparent in columns visibleFrom[n]..<visibleTo[n].
    struct RowMoves {
        let shift: UnsafePointer<Int32>, weight: UnsafePointer<Int32>
        let visibleFrom: UnsafePointer<Int32>, visibleTo: UnsafePointer<Int32>
    }

    /// Rows of the last pass: for n in 0..<count, lerp16(B[c], B[c + 1], weight[n]) composited source-over into
    /// output row n (dst, `dstStride` pixels apart, from output column 0) at each column i within `columns`
    /// whose B column c = i + shift[n] lies in `owned` and may not be transparent (it or the next is visible);
    /// B's rows are src's (`srcStride` pixels apart, from B column owned.lowerBound).
    static func overRows(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>, srcStride: Int,
                         moves: RowMoves, count: Int, owned: Range<Int>, columns: Range<Int>) {
        #if arch(x86_64) || arch(arm64)
        if hasWideKernels {
            return flick_raster_shear_over_rows_wide(dst, dstStride, src, srcStride, moves.shift, moves.weight, moves.visibleFrom,
                                                     moves.visibleTo, count, owned.lowerBound, owned.upperBound,
                                                     columns.lowerBound, columns.upperBound)
        }
        #endif
        overRowsBaseline(dst, dstStride: dstStride, src: src, srcStride: srcStride, moves: moves, count: count, owned: owned,
                         columns: columns)
    }

    static func overRowsBaseline(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>, srcStride: Int,
                                 moves: RowMoves, count: Int, owned: Range<Int>, columns: Range<Int>) {
        for n in 0..<count {
            let shift = Int(moves.shift[n])
            let first = max(max(owned.lowerBound, Int(moves.visibleFrom[n]) - 1) - shift, columns.lowerBound)
            let end = min(min(owned.upperBound, Int(moves.visibleTo[n])) - shift, columns.upperBound)
            guard first < end else { continue }
            let row = dst + n * dstStride
            if n + Canvas.prefetchRows < count {
                Canvas.prefetch(row + first + Canvas.prefetchRows * dstStride, count: end - first, forWriting: true)
            }
            overBaseline(row + first, src: src + n * srcStride + first + shift - owned.lowerBound, count: end - first,
                         k: UInt32(truncatingIfNeeded: moves.weight[n]))
        }
    }

    /// dst[j·dstStride + c] = ~lerp16(src[(j + rowOffset[c])·srcStride + c], the pixel below it, k[c]) for each
    /// row band.lowerBound + j in rowsFrom[c]..<rowsTo[c] and in `band` (dst and src start at the band's first
    /// row): each column moved up by its own whole rows and sixteenths (0...15). A column may be written in
    /// more rows of the band, up to those of its neighbours within sixteen columns (c rounded down to a multiple
    /// of sixteen and the next fifteen), and those rows read.
    static func columns(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, src: UnsafePointer<UInt32>, srcStride: Int,
                        rowOffset: UnsafePointer<Int32>, k: UnsafePointer<Int32>, rowsFrom: UnsafePointer<Int32>,
                        rowsTo: UnsafePointer<Int32>, band: Range<Int>, columns: Int) {
        #if arch(x86_64) || arch(arm64)
        if hasWideKernels {
            return flick_raster_shear_columns_wide(dst, dstStride, src, srcStride, rowOffset, k, rowsFrom, rowsTo,
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
    /// written in the rows of all four, as the wide kernel writes sixteen; the last columns one at a time.
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
