#if arch(x86_64) || arch(arm64)
import CRasterKernels
#endif

/// How overlapping parts of a path count as inside.
public enum FillRule: Sendable {
    /// Inside where the outline winds round a point any number of times but zero: overlapping parts stay filled.
    case nonZero
    /// Inside where a line out from a point crosses the outline an odd number of times: overlaps cut holes.
    case evenOdd
}

/// The accumulation rasteriser of font-rs: every edge adds its signed area to the cells it crosses, and a
/// prefix sum along each row turns that into exact area coverage. Rows are independent, so clipping to
/// the region is exact: what lies above or below is dropped, what lies left or right becomes a vertical
/// edge on the region's border.
///
/// Edges touch few cells of a row; the rest add nothing, so the sum stays as it is across them. Each row keeps
/// a bit per block of cells an edge wrote to, and the sweep sums (and zeroes) only those blocks: a big shape's
/// inside costs a byte store per pixel, not an add, a conversion and a cell cleared.
///
/// Cells hold area in 16.16 fixed point (`CoverageRun`): each edge's share of a row is rounded once, at the cell
/// boundaries, so the sums are exact and the touched blocks can be summed eight cells at a time.
final class CoverageRasterizer {
    /// Cells a shape is rasterized in at once (four bytes each); taller shapes go in bands.
    static let cellBudget = 64 * 1024
    fileprivate var cells: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private(set) var coverageRow: UnsafeMutablePointer<UInt8>
    private var coverageCapacity: Int
    private(set) var region = PixelRect.zero
    fileprivate var stride = 0
    /// Rows that received an edge: the rest are empty and skipped.
    fileprivate var firstRow = Int.max, lastRow = Int.min
    /// Per row, a bit for each block of `blockCells` cells that an edge wrote to.
    fileprivate var touched: UnsafeMutablePointer<UInt64>
    private var touchedCapacity = 0
    fileprivate var wordsPerRow = 0
    static let blockShift = 5
    static let blockCells = 1 << blockShift

    init() {
        capacity = 0
        cells = .allocate(capacity: 1)
        coverageCapacity = 0
        coverageRow = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
    }

    deinit { cells.deallocate(); coverageRow.deallocate(); touched.deallocate() }

    /// Starts a new shape limited to `region` (device pixels).
    func reset(region: PixelRect) {
        self.region = region
        // Two cells past the width take edges on the right border; rounding up to eights lets the sweep finish
        // a row with a whole group of eight that stays in the row.
        stride = (region.width + 2 + 7) & ~7
        Self.grow(&cells, capacity: &capacity, to: stride * max(region.height, 0))
        if stride > coverageCapacity {
            coverageRow.deallocate()
            coverageCapacity = stride
            coverageRow = .allocate(capacity: coverageCapacity)
        }
        wordsPerRow = ((stride + Self.blockCells - 1) >> Self.blockShift + 63) / 64
        Self.grow(&touched, capacity: &touchedCapacity, to: wordsPerRow * max(region.height, 0))
        firstRow = Int.max; lastRow = Int.min
    }

    /// A zeroed buffer at least `needed` long, doubling so that shapes of growing size do not reallocate each
    /// time (the sweep leaves what it read zero again).
    private static func grow<T: Numeric>(_ buffer: inout UnsafeMutablePointer<T>, capacity: inout Int, to needed: Int) {
        guard needed > capacity else { return }
        buffer.deallocate()
        capacity = max(needed, capacity * 2)
        buffer = .allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
    }

    func addPolyline(_ points: [Point], closed: Bool = true) {
        guard points.count > 1 else { return }
        var edges = Edges(self)
        for i in 1..<points.count { edges.add(points[i - 1], points[i]) }
        if closed { edges.add(points[points.count - 1], points[0]) }
        firstRow = edges.firstRow; lastRow = edges.lastRow
    }

    /// Calls `span(y, coverage)` for each row that has ink, `coverage` holding `region.width` bytes
    /// for x = region.x ..< region.maxX; leaves the cells zeroed for the next shape. Blocks no edge wrote to
    /// take the coverage of the sum so far, unchanged across them: the same bytes as `sweepEveryCell`.
    func sweep(rule: FillRule, _ span: (_ y: Int, _ coverage: UnsafeMutablePointer<UInt8>) -> Void) {
        guard firstRow <= lastRow else { return }
        let w = region.width, blocks = (stride + Self.blockCells - 1) >> Self.blockShift
        let out = coverageRow
        for y in firstRow...lastRow {
            let line = cells + y * stride, words = touched + y * wordsPerRow
            func isTouched(_ block: Int) -> Bool { words[block >> 6] & (1 << UInt64(block & 63)) != 0 }
            var sum: Int32 = 0
            var ink: UInt8 = 0
            var block = 0
            while block < blocks {
                let touched = isTouched(block)
                var next = block + 1
                while next < blocks && isTouched(next) == touched { next += 1 }
                let start = block << Self.blockShift, end = min(next << Self.blockShift, w)
                if !touched {
                    if start < end {
                        let c = CoverageRun.coverage(sum, rule)
                        (out + start).update(repeating: c, count: end - start)
                        ink |= c
                    }
                } else {
                    // Past the width the sum is back to zero (each edge's cells add up to its exact share), so
                    // the bytes there are zero and nobody reads them.
                    let summed = min(next << Self.blockShift, (w + 7) & ~7)
                    if start < summed {
                        sum = CoverageRun.sweep(line + start, out + start, count: summed - start, sum: sum, rule: rule, ink: &ink)
                    }
                    let cleared = max(start, summed), blockEnd = min(next << Self.blockShift, stride)
                    if cleared < blockEnd { (line + cleared).update(repeating: 0, count: blockEnd - cleared) }
                }
                block = next
            }
            words.update(repeating: 0, count: wordsPerRow)
            if ink != 0 { span(region.y + y, out) }
        }
        firstRow = Int.max; lastRow = Int.min
    }

    /// `sweep` and a fill of each row with one colour under its coverage (`Blend.fill`) in one call into the wide
    /// kernel, row 0 of the region at `dst`: the same pixels, without a call back for each row. False, and nothing
    /// done, where the CPU has no wide kernels or `wide` is off.
    func sweep(rule: FillRule, filling dst: UnsafeMutablePointer<UInt32>, stride dstStride: Int, color: UInt32,
               mode: BlendMode, wide: Bool = true) -> Bool {
        #if arch(x86_64) || arch(arm64)
        guard wide, hasWideKernels else { return false }
        if firstRow <= lastRow {
            flick_raster_sweep_fill_wide(cells, stride, touched, wordsPerRow, Self.blockShift, firstRow, lastRow,
                                         region.height, region.width, dst, dstStride, color, rule == .evenOdd ? 1 : 0,
                                         mode == .copy ? 1 : 0)
        }
        firstRow = Int.max; lastRow = Int.min
        return true
        #else
        return false
        #endif
    }

    /// The plain sweep `sweep` stands in for: every cell of every row summed. Kept for the tests.
    func sweepEveryCell(rule: FillRule, _ span: (_ y: Int, _ coverage: UnsafeMutablePointer<UInt8>) -> Void) {
        guard firstRow <= lastRow else { return }
        let w = region.width
        let out = coverageRow
        for y in firstRow...lastRow {
            let line = cells + y * stride
            var sum: Int32 = 0
            var any: UInt8 = 0
            for x in 0..<w {
                sum &+= line[x]
                let c = CoverageRun.coverage(sum, rule)
                out[x] = c
                any |= c
            }
            line.update(repeating: 0, count: stride)
            (touched + y * wordsPerRow).update(repeating: 0, count: wordsPerRow)
            if any != 0 { span(region.y + y, out) }
        }
        firstRow = Int.max; lastRow = Int.min
    }
}

/// Edges being added to a rasterizer's cells: what they need copied out of it, so that a polyline's edges read
/// and write locals, not the class's properties (each access of which Swift checks for exclusivity).
private struct Edges {
    let cells: UnsafeMutablePointer<Int32>
    let touched: UnsafeMutablePointer<UInt64>
    let region: PixelRect
    let stride: Int, wordsPerRow: Int
    var firstRow: Int, lastRow: Int

    init(_ r: CoverageRasterizer) {
        (cells, touched, region, stride, wordsPerRow) = (r.cells, r.touched, r.region, r.stride, r.wordsPerRow)
        (firstRow, lastRow) = (r.firstRow, r.lastRow)
    }

    /// Notes that an edge wrote to cells `lo...hi` of row `y`.
    @inline(__always)
    private func touch(row y: Int, _ lo: Int, _ hi: Int) {
        let words = touched + y * wordsPerRow
        for block in (lo >> CoverageRasterizer.blockShift)...(hi >> CoverageRasterizer.blockShift) {
            words[block >> 6] |= 1 << UInt64(block & 63)
        }
    }

    /// Adds one edge in device coordinates.
    mutating func add(_ a: Point, _ b: Point) {
        let w = Double(region.width), h = Double(region.height)
        guard w > 0, h > 0 else { return }
        var x0 = a.x - Double(region.x), y0 = a.y - Double(region.y)
        var x1 = b.x - Double(region.x), y1 = b.y - Double(region.y)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
        // Clip to the rows of the region.
        if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        if y0 < 0 || y1 < 0 || y0 > h || y1 > h {
            let dxdy = (x1 - x0) / (y1 - y0)
            func clampY(_ x: inout Double, _ y: inout Double) {
                if y < 0 { x += (0 - y) * dxdy; y = 0 } else if y > h { x += (h - y) * dxdy; y = h }
            }
            clampY(&x0, &y0); clampY(&x1, &y1)
        }
        if min(x0, x1) >= 0 && max(x0, x1) <= w { accumulate(x0, y0, x1, y1); return }
        // Split at the region's left and right borders; outside parts run along the border.
        let xs = [0.0, w]
        var pieces: [(Double, Double, Double, Double)] = [(x0, y0, x1, y1)]
        for border in xs {
            var next: [(Double, Double, Double, Double)] = []
            for (px0, py0, px1, py1) in pieces {
                if (px0 < border) != (px1 < border), px0 != border, px1 != border {
                    let ty = py0 + (border - px0) / (px1 - px0) * (py1 - py0)
                    next.append((px0, py0, border, ty)); next.append((border, ty, px1, py1))
                } else {
                    next.append((px0, py0, px1, py1))
                }
            }
            pieces = next
        }
        for (px0, py0, px1, py1) in pieces {
            accumulate(min(max(px0, 0), w), py0, min(max(px1, 0), w), py1)
        }
    }

    private mutating func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let dir: Float = ay < by ? 1 : -1
        let (x0, y0, x1, y1) = ay < by ? (Float(ax), Float(ay), Float(bx), Float(by))
                                       : (Float(bx), Float(by), Float(ax), Float(ay))
        // Edges flatter than Float can tell apart add no area.
        guard y1 > y0 else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        let rowStart = max(0, Int(y0)), rowEnd = min(region.height, Int(Self.ceil(y1)))
        guard rowStart < rowEnd else { return }
        firstRow = min(firstRow, rowStart); lastRow = max(lastRow, rowEnd - 1)
        let limit = region.width + 1
        for y in rowStart..<rowEnd {
            let line = cells + y * stride
            let dy = min(Float(y + 1), y1) - max(Float(y), y0)
            let xnext = x + dxdy * dy
            let d = dy * dir * CoverageRun.one
            let total = CoverageRun.fixed(d)
            // Stepping x by dxdy can stray a rounding error past the region's edges. lo ≥ 0: truncating floors it.
            let (lo, hi) = x < xnext ? (max(x, 0), xnext) : (max(xnext, 0), x)
            let loFloor = Float(Int(lo))
            let loI = min(Int(loFloor), limit - 1)
            let hiCeil = Self.ceil(hi)
            let hiI = min(Int(hiCeil), limit)
            touch(row: y, loI, max(loI + 1, hiI))
            if hiI <= loI + 1 {
                let xmf = min(max(0.5 * (x + xnext) - loFloor, 0), 1)
                let right = CoverageRun.fixed(d * xmf)
                line[loI] &+= total &- right
                line[loI + 1] &+= right
            } else {
                // The area left of each cell boundary, rounded; cells take the differences, so an edge's cells
                // add up to exactly `total` and the row sums back to zero past the shape.
                let s = 1 / (hi - lo)
                let loF = lo - loFloor
                let a0 = 0.5 * s * (1 - loF) * (1 - loF)
                let hiF = hi - hiCeil + 1
                let am = 0.5 * s * hiF * hiF
                var left = CoverageRun.fixed(d * a0)
                line[loI] &+= left
                if hiI > loI + 2 {
                    let a1 = s * (1.5 - loF)
                    var xi = loI + 1
                    while xi < hiI - 1 {
                        let next = CoverageRun.fixed(d * (a1 + Float(xi - loI - 1) * s))
                        line[xi] &+= next &- left
                        left = next
                        xi += 1
                    }
                }
                let beforeLast = CoverageRun.fixed(d * (1 - am))
                line[hiI - 1] &+= beforeLast &- left
                line[hiI] &+= total &- beforeLast
            }
            x = xnext
        }
    }

    /// `x.rounded(.up)` for x > −1 without a call into libm: x86-64's baseline has no instruction for it, and
    /// the edges of a row called it each time.
    @inline(__always)
    private static func ceil(_ x: Float) -> Float {
        let t = Float(Int(x))
        return t < x ? t + 1 : t
    }
}
