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
    package static let turnedSampleReach = 4.0

    /// Columns of the middle pass computed at once, and output rows per band: the two passes' scratch stays in
    /// the second-level cache. With the first pass's rows kept round a ring, 384 by 96 drew a turning card at
    /// 1920x1080 2–3 % quicker than 256 by 128 (in turns in one process; 320–448 by 80–112 alike) and at
    /// 1280x800 within 1 %.
    static let shearStripColumns = 384
    static let shearBandRows = 96

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
        let tables = shearScratch.tables(for: plan, imageHeight: image.height, columns: c0..<(lastColumn + 2),
                                         support: ShearSupport(plan: plan, imageWidth: image.width, imageHeight: image.height))
        while c0 <= lastColumn {
            let c1 = min(c0 + Self.shearStripColumns, lastColumn + 1)
            drawShearStrip(image, plan: plan, tables: tables, columns: c0..<c1)
            c0 = c1
        }
        return true
    }

    /// The output pixels whose B column lies in `columns`, band by band.
    private func drawShearStrip(_ image: Surface, plan: ShearPlan, tables: ShearTables, columns: Range<Int>) {
        let width = columns.count + 1 // B's next column too: the last pass reads c and c + 1.
        let stride = Self.scratchStride(width)
        let scratch = shearScratch
        scratch.reserve(columns: stride, bandRows: Self.shearBandRows)
        let rowOffset = scratch.rowOffset
        let shifts = tables.columnShift(columns.lowerBound), weights = tables.columnWeight(columns.lowerBound)
        let rowsRead = tables.columnRows(columns.lowerBound)
        var lowest = Int32.max, highest = Int32.min
        for k in 0..<width { lowest = min(lowest, shifts[k]); highest = max(highest, shifts[k]) }
        for k in 0..<width { rowOffset[k] = shifts[k] &- lowest }
        let spread = Int(highest &- lowest), low = Int(lowest)
        // B row j of column c reads image rows j + offset and the next: outside these rows it is transparent, and
        // nothing is drawn.
        let firstRow = max(plan.rows.lowerBound, -1 - Int(highest))
        let rows = firstRow..<max(firstRow, min(plan.rows.upperBound, image.height - low))
        let ring = scratch.aRing, rowBytes = stride * 4, firstARow = rows.lowerBound + low
        ring.reserve(bytes: (min(rows.count, Self.shearBandRows) + spread + 1) * rowBytes)
        let b = scratch.b
        var j0 = rows.lowerBound
        while j0 < rows.upperBound {
            let j1 = min(j0 + Self.shearBandRows, rows.upperBound)
            // A's rows for this band: B row j reads A rows j + offset and the next. The first spread + 1 of them
            // the band before used too (its last rows): they are where it left them, round the ring.
            let firstImageRow = j0 + low, count = (j1 - j0) + spread + 1
            let carried = ring.wraps && j0 > rows.lowerBound ? spread + 1 : 0
            let a = ring.row(firstImageRow - firstARow, rowBytes: rowBytes)
            ShearKernels.rows(a + carried * stride, dstStride: stride, image: image, shifts: tables.imageRowShifts,
                              weights: tables.imageRowWeights, rows: (firstImageRow + carried)..<(firstImageRow + count),
                              firstColumn: columns.lowerBound, count: width)
            // B's pixels the last pass reads: where B may not be transparent and a column either side.
            ShearKernels.columns(b, dstStride: stride, src: a, srcStride: stride, rowOffset: rowOffset, k: weights,
                                 rowsFrom: rowsRead.from, rowsTo: rowsRead.to, band: j0..<j1, columns: width)
            ShearKernels.overRows(surface.row(plan.origin.y + j0) + plan.origin.x, dstStride: surface.stride, src: b,
                                  srcStride: stride, moves: tables.rows(from: j0), count: j1 - j0, owned: columns,
                                  columns: plan.columns)
            j0 = j1
        }
    }

    /// Pixels from one row of A or B to the next, for rows of `width`: an odd number of cache lines, so the
    /// middle pass, walking down a column, meets every set of the first-level cache (rows of 257 pixels, a few
    /// bytes over 1 KiB apart, met a sixteenth of them; measured 2–4 % of a turning card's frame).
    static func scratchStride(_ width: Int) -> Int {
        let lines = (width + 15) / 16
        return (lines | 1) * 16
    }
}

/// One drawing's moves, worked out once for all its strips (each visits every row again): each image row's
/// along its row (the first pass), each output row's (the last pass) with the B columns it may show, and each
/// B column's down its column (the middle pass) with the rows where the last pass reads it.
struct ShearTables {
    private let storage: UnsafeMutablePointer<Int32>
    private let imageRows: Int, firstRow: Int, rowCount: Int, firstColumn: Int, columnCount: Int

    /// Int32s needed for the tables.
    static func size(imageRows: Int, rows: Int, columns: Int) -> Int { 2 * imageRows + 4 * rows + 4 * columns }

    /// Fills `storage` (at least `size` Int32s).
    init(_ storage: UnsafeMutablePointer<Int32>, plan: ShearPlan, imageHeight: Int, columns: Range<Int>, support: ShearSupport) {
        self.storage = storage
        (imageRows, firstRow, rowCount) = (imageHeight, plan.rows.lowerBound, plan.rows.count)
        (firstColumn, columnCount) = (columns.lowerBound, columns.count)
        func int32(_ v: Int) -> Int32 { Int32(clamping: v) }
        for r in 0..<imageRows {
            let (whole, weight) = ShearPlan.split(plan.pA + plan.qA * Double(r))
            storage[r] = int32(whole)
            storage[imageRows + r] = Int32(weight)
        }
        let rowBase = storage + 2 * imageRows
        for (n, j) in plan.rows.enumerated() {
            let (shift, weight) = ShearPlan.split(plan.qC * Double(j))
            let visible = support.columns(ofRow: j)
            rowBase[n] = int32(shift)
            rowBase[rowCount + n] = Int32(weight)
            rowBase[2 * rowCount + n] = int32(visible.lowerBound)
            rowBase[3 * rowCount + n] = int32(visible.upperBound)
        }
        let columnBase = rowBase + 4 * rowCount
        for (n, c) in columns.enumerated() {
            let (whole, weight) = ShearPlan.split(plan.pB + plan.qB * Double(c))
            let read = support.rows(ofColumn: c, reach: 1)
            columnBase[n] = int32(whole)
            columnBase[columnCount + n] = Int32(weight)
            columnBase[2 * columnCount + n] = int32(read.lowerBound)
            columnBase[3 * columnCount + n] = int32(read.upperBound)
        }
    }

    /// Image row r (in the image) moves along its row by imageRowShifts[r] pixels and imageRowWeights[r] sixteenths.
    var imageRowShifts: UnsafePointer<Int32> { UnsafePointer(storage) }
    var imageRowWeights: UnsafePointer<Int32> { UnsafePointer(storage + imageRows) }

    /// From output row j on: each reads B from column i + shift and `weight` sixteenths past it; B may not be
    /// transparent in its columns visibleFrom..<visibleTo.
    func rows(from j: Int) -> ShearKernels.RowMoves {
        let base = UnsafePointer(storage + 2 * imageRows + (j - firstRow))
        return ShearKernels.RowMoves(shift: base, weight: base + rowCount, visibleFrom: base + 2 * rowCount, visibleTo: base + 3 * rowCount)
    }

    private var columnBase: UnsafeMutablePointer<Int32> { storage + 2 * imageRows + 4 * rowCount }

    /// From B column c on: the image rows each moves up by (whole rows of `columnShift`, sixteenths of
    /// `columnWeight`), and the rows where the last pass reads it.
    func columnShift(_ c: Int) -> UnsafePointer<Int32> { UnsafePointer(columnBase + (c - firstColumn)) }
    func columnWeight(_ c: Int) -> UnsafePointer<Int32> { UnsafePointer(columnBase + columnCount + (c - firstColumn)) }
    func columnRows(_ c: Int) -> (from: UnsafePointer<Int32>, to: UnsafePointer<Int32>) {
        (UnsafePointer(columnBase + 2 * columnCount + (c - firstColumn)), UnsafePointer(columnBase + 3 * columnCount + (c - firstColumn)))
    }
}

/// The passes' scratch, kept by the canvas: A's rows round a ring, B's band, the per-column offsets of the
/// middle pass, and the drawing's `ShearTables`.
final class ShearScratch {
    let aRing: ShearRing
    private(set) var b = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var rowOffset = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var tableStorage = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var bCapacity = 1, columnCapacity = 1, tableCapacity = 1

    init(aRing: ShearRing = ShearRing()) { self.aRing = aRing }

    deinit {
        b.deallocate(); rowOffset.deallocate(); tableStorage.deallocate()
    }

    func reserve(columns: Int, bandRows: Int) {
        Self.grow(&b, &bCapacity, to: columns * bandRows)
        Self.grow(&rowOffset, &columnCapacity, to: columns)
    }

    /// The tables of a drawing, valid until the next call.
    func tables(for plan: ShearPlan, imageHeight: Int, columns: Range<Int>, support: ShearSupport) -> ShearTables {
        Self.grow(&tableStorage, &tableCapacity,
                  to: ShearTables.size(imageRows: imageHeight, rows: plan.rows.count, columns: columns.count))
        return ShearTables(tableStorage, plan: plan, imageHeight: imageHeight, columns: columns, support: support)
    }

    private static func grow<T>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: inout Int, to needed: Int) {
        guard needed > capacity else { return }
        buffer.deallocate()
        buffer = .allocate(capacity: needed)
        capacity = needed
    }
}
