import Glibc

/// A turn is three shears (Paeth): along rows, along columns, along rows again. Each moves whole rows or
/// columns by a fraction of a pixel, so every pass is a lerp of neighbouring pixels with one weight per row or
/// column, read and written in order, instead of a bilinear sample gathered from four places per pixel. It blurs
/// a little more than one bilinear sample (three linear filters instead of two); a photo card under a finger
/// is drawn this way while it turns, and copied again once it lies still.
///
/// Positions are rounded to sixteenths of a pixel and each pass is a `lerp16` of the two pixels either side.
///
/// With output pixel (i, j) counted from `origin` and layer pixel indices (x, y):
/// A[r][c] = L[r] at x = c + pA + qA·r; B[j][c] = A at row y = j + pB + qB·c; out[j][i] = B[j] at column
/// i + qC·j. Composed, (x, y) is the inverse of the transform, which fixes the q's (a turn has determinant 1).
struct ShearPlan {
    let qA: Double, qB: Double, qC: Double, pA: Double, pB: Double
    /// Where (i, j) = (0, 0) is: the corner of everything the image touches, so that a clip changes which
    /// pixels are drawn but not their values.
    let origin: (x: Int, y: Int)
    /// The pixels drawn, counted from `origin`.
    let columns: Range<Int>, rows: Range<Int>

    /// cos 80°: turned further, the middle pass's columns spread over more rows than its kernel takes eight at a
    /// time, and the passes' taps would reach further than `Canvas.turnedSampleReach`.
    static let steepestTurnCosine = 0.17

    /// nil unless `t` turns (by at most 80°) and moves without scaling or mirroring.
    init?(deviceFromImage t: AffineTransform, imageWidth: Int, imageHeight: Int, clip: PixelRect) {
        let tolerance = 1e-9
        guard t.b != 0, t.a > Self.steepestTurnCosine, abs(t.a - t.d) < tolerance, abs(t.b + t.c) < tolerance,
              abs(t.determinant - 1) < tolerance, abs(t.tx) < 1e7, abs(t.ty) < 1e7,
              let n = t.inverted() else { return nil }
        let image = Rect(x: 0, y: 0, width: Double(imageWidth), height: Double(imageHeight))
        // Each pass may spread a pixel past the image's edge.
        let touched = PixelRect(enclosing: t.mapBounds(image).insetBy(dx: -2, dy: -2))
        let area = touched.intersection(clip)
        origin = (touched.x, touched.y)
        columns = (area.x - touched.x)..<(area.maxX - touched.x)
        rows = (area.y - touched.y)..<(area.maxY - touched.y)
        let x0 = Double(origin.x) + 0.5, y0 = Double(origin.y) + 0.5
        let m02 = n.a * x0 + n.c * y0 + n.tx - 0.5, m12 = n.b * x0 + n.d * y0 + n.ty - 0.5
        qB = n.b
        qA = -n.b / (1 + n.a)
        qC = -n.b / (1 + n.d)
        pB = m12
        pA = m02 - qA * m12
    }

    var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

    /// A position as whole pixels, rounded down, and the sixteenths past them, rounded to the nearest. Positions
    /// lie within some ten million pixels (the translation is limited to 1e7, surfaces are far smaller): moved
    /// up by 2^30 sixteenths, truncating rounds down, without a call into libm for each row and column.
    static func split(_ v: Double) -> (whole: Int, weight: UInt32) {
        let bias = 1 << 30
        let fixed = Int(v * 16 + 0.5 + Double(bias)) - bias
        return (fixed >> 4, UInt32(fixed & 15))
    }
}

extension Canvas {
    /// How far a turned image's pixel may read from where its centre lands, in the image's pixels (at a turn of
    /// 45° along its rows two and a little over and along its columns one and a little over; at 80°, 3.7 and 2):
    /// an opaque picture comes out opaque this far inside its edge.
    public static let turnedSampleReach = 4.0

    /// Columns of the middle pass computed at once, and output rows per band: the two passes' scratch stays in
    /// the second-level cache.
    static let shearStripColumns = 256
    static let shearBandRows = 128

    /// Draws `image` (its top-left corner at the origin of `t`) source-over when `t` turns it without scaling
    /// and nothing else (alpha, blend mode) applies; false, and nothing drawn, otherwise.
    func drawSheared(_ image: Surface, transform t: AffineTransform) -> Bool {
        guard shearsTurnedImages, alpha255 == 255, blendMode == .sourceOver, image.width > 0, image.height > 0,
              let plan = ShearPlan(deviceFromImage: t, imageWidth: image.width, imageHeight: image.height, clip: clipBounds)
        else { return false }
        guard !plan.isEmpty else { return true }
        // Output pixel i of row j comes from column c = i + floor(qC·j) of B: strips of B's columns, each with
        // the pixels it owns.
        let rows = plan.rows
        let slants = [ShearPlan.split(plan.qC * Double(rows.lowerBound)).whole, ShearPlan.split(plan.qC * Double(rows.upperBound - 1)).whole]
        let lastColumn = plan.columns.upperBound - 1 + slants.max()!
        var c0 = plan.columns.lowerBound + slants.min()!
        let support = ShearSupport(plan: plan, imageWidth: image.width, imageHeight: image.height)
            .spans(rows: rows, columns: c0..<(lastColumn + 2))
        while c0 <= lastColumn {
            let c1 = min(c0 + Self.shearStripColumns, lastColumn + 1)
            drawShearStrip(image, plan: plan, support: support, columns: c0..<c1)
            c0 = c1
        }
        return true
    }

    /// The output pixels whose B column lies in `columns`, band by band.
    private func drawShearStrip(_ image: Surface, plan: ShearPlan, support: ShearSpans, columns: Range<Int>) {
        let width = columns.count + 1 // B's next column too: the last pass reads c and c + 1.
        let scratch = shearScratch
        scratch.reserve(columns: width, bandRows: Self.shearBandRows)
        var lowest = Int.max, highest = Int.min
        for k in 0..<width {
            let (whole, weight) = ShearPlan.split(plan.pB + plan.qB * Double(columns.lowerBound + k))
            scratch.rowOffset[k] = Int32(truncatingIfNeeded: whole)
            scratch.weight[k] = Int32(weight)
            lowest = min(lowest, whole); highest = max(highest, whole)
        }
        for k in 0..<width { scratch.rowOffset[k] -= Int32(truncatingIfNeeded: lowest) }
        // B row j of column c reads image rows j + offset and the next: outside these rows it is transparent, and
        // nothing is drawn.
        let firstRow = max(plan.rows.lowerBound, -1 - highest)
        let rows = firstRow..<max(firstRow, min(plan.rows.upperBound, image.height - lowest))
        scratch.reserve(columns: width, aRows: min(rows.count, Self.shearBandRows) + (highest - lowest) + 1)
        var kept = 0..<0 // the image rows A holds, from its first row
        var j0 = rows.lowerBound
        while j0 < rows.upperBound {
            let j1 = min(j0 + Self.shearBandRows, rows.upperBound)
            // A's rows for this band: B row j reads A rows j + offset and the next. Those the last band used too
            // (all the rows its columns spread over) are moved up, not computed again.
            let firstImageRow = j0 + lowest, count = (j1 - j0) + (highest - lowest) + 1
            let carried = kept.isEmpty ? 0 : max(0, min(kept.upperBound - firstImageRow, count))
            if carried > 0 {
                memmove(scratch.a, scratch.a + (firstImageRow - kept.lowerBound) * width, carried * width * 4)
            }
            kept = firstImageRow..<(firstImageRow + count)
            for r in carried..<count {
                prefetchSource(of: image, row: firstImageRow + r + Self.prefetchRows, plan: plan,
                               firstColumn: columns.lowerBound, count: width)
                shearRow(of: image, row: firstImageRow + r, plan: plan, firstColumn: columns.lowerBound, count: width,
                         into: scratch.a + r * width)
            }
            // B's pixels the last pass reads: where B may not be transparent and a column either side.
            for k in 0..<width {
                let rows = support.rows(ofColumn: columns.lowerBound + k).clamped(to: j0..<j1)
                scratch.rowsFrom[k] = Int32(rows.lowerBound - j0)
                scratch.rowsTo[k] = Int32(rows.upperBound - j0)
            }
            ShearKernels.columns(scratch.b, dstStride: width, src: scratch.a, srcStride: width, rowOffset: scratch.rowOffset,
                                 k: scratch.weight, rowsFrom: scratch.rowsFrom, rowsTo: scratch.rowsTo, columns: width)
            for j in j0..<j1 {
                if j + Self.prefetchRows < j1 {
                    let ahead = outputColumns(of: plan, support: support, owned: columns, row: j + Self.prefetchRows).columns
                    Self.prefetch(surface.row(plan.origin.y + j + Self.prefetchRows) + plan.origin.x + ahead.lowerBound,
                                  count: ahead.count, forWriting: true)
                }
                let (drawn, shift, weight) = outputColumns(of: plan, support: support, owned: columns, row: j)
                guard !drawn.isEmpty else { continue }
                let under = scratch.b + (j - j0) * width + (drawn.lowerBound + shift - columns.lowerBound)
                ShearKernels.over(surface.row(plan.origin.y + j) + plan.origin.x + drawn.lowerBound, src: under,
                                  count: drawn.count, k: weight)
            }
            j0 = j1
        }
    }

    /// The output pixels of row j whose B column (i + shift and the sixteenths weight past it) lies in `owned`
    /// and which may not be transparent: their column or the next is in B's support.
    private func outputColumns(of plan: ShearPlan, support: ShearSpans, owned: Range<Int>, row j: Int)
        -> (columns: Range<Int>, shift: Int, weight: UInt32) {
        let (shift, weight) = ShearPlan.split(plan.qC * Double(j))
        let visible = support.columns(ofRow: j)
        guard !visible.isEmpty else { return (0..<0, shift, weight) }
        let i0 = max(owned.lowerBound, visible.lowerBound - 1) - shift, i1 = min(owned.upperBound, visible.upperBound) - shift
        let first = max(i0, plan.columns.lowerBound), end = min(i1, plan.columns.upperBound)
        return (first < end ? first..<end : 0..<0, shift, weight)
    }

    /// Asks for the pixels `shearRow` will read from image row r.
    private func prefetchSource(of image: Surface, row r: Int, plan: ShearPlan, firstColumn: Int, count: Int) {
        guard r >= 0, r < image.height else { return }
        let s0 = firstColumn + ShearPlan.split(plan.pA + plan.qA * Double(r)).whole
        let first = min(max(s0, 0), image.width), end = min(max(s0 + count + 1, 0), image.width)
        Self.prefetch(image.row(r) + first, count: end - first, forWriting: false)
    }

    /// A[r][c] for `count` columns from `firstColumn`, complemented (as `ShearKernels` keep it): image row r
    /// moved by pA + qA·r, transparent outside.
    private func shearRow(of image: Surface, row r: Int, plan: ShearPlan, firstColumn: Int, count: Int,
                          into dst: UnsafeMutablePointer<UInt32>) {
        let transparent = ~UInt32(0)
        guard r >= 0, r < image.height else {
            dst.update(repeating: transparent, count: count)
            return
        }
        let (whole, weight) = ShearPlan.split(plan.pA + plan.qA * Double(r))
        let source = image.row(r), width = image.width
        let s0 = firstColumn + whole // the left tap of dst[0]
        func pixel(_ x: Int) -> UInt32 { x >= 0 && x < width ? source[x] : 0 }
        // Both taps in the row from `first`, up to `end`; one pixel on either side reads one tap; the rest none.
        let first = min(count, max(0, -s0)), end = max(first, min(count, width - 1 - s0))
        let before = max(0, first - 1), after = min(count, end + 1)
        dst.update(repeating: transparent, count: before)
        for m in before..<first { dst[m] = ~lerp16(0, pixel(s0 + m + 1), weight) }
        if end > first { ShearKernels.row(dst + first, src: source + s0 + first, count: end - first, k: weight) }
        for m in end..<after { dst[m] = ~lerp16(pixel(s0 + m), pixel(s0 + m + 1), weight) }
        (dst + after).update(repeating: transparent, count: count - after)
    }
}

/// The passes' scratch, kept by the canvas: A's rows for a band, B's band, and the per-column offsets, weights
/// and rows of the middle pass.
final class ShearScratch {
    private(set) var a = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var b = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var rowOffset = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var weight = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowsFrom = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowsTo = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var aCapacity = 1, bCapacity = 1, columnCapacity = 1

    deinit {
        a.deallocate(); b.deallocate()
        for column in [rowOffset, weight, rowsFrom, rowsTo] { column.deallocate() }
    }

    func reserve(columns: Int, bandRows: Int) {
        Self.grow(&b, &bCapacity, to: columns * bandRows)
        guard columns > columnCapacity else { return }
        for column in [rowOffset, weight, rowsFrom, rowsTo] { column.deallocate() }
        (rowOffset, weight, rowsFrom, rowsTo) = (.allocate(capacity: columns), .allocate(capacity: columns),
                                                 .allocate(capacity: columns), .allocate(capacity: columns))
        columnCapacity = columns
    }

    func reserve(columns: Int, aRows: Int) { Self.grow(&a, &aCapacity, to: columns * aRows) }

    private static func grow<T>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: inout Int, to needed: Int) {
        guard needed > capacity else { return }
        buffer.deallocate()
        buffer = .allocate(capacity: needed)
        capacity = needed
    }
}
