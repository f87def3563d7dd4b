import Glibc
import Testing
@testable import FlickRaster

/// The sweep sums only the blocks of cells that edges wrote to; it must give the bytes of summing every cell.
@Suite struct CoverageSweepTests {
    private func rows(_ rule: FillRule, everyCell: Bool, region: PixelRect, polygons: [[Point]]) -> [Int: [UInt8]] {
        let rasterizer = CoverageRasterizer()
        rasterizer.reset(region: region)
        for polygon in polygons { rasterizer.addPolyline(polygon) }
        var out: [Int: [UInt8]] = [:]
        let collect = { (y: Int, coverage: UnsafeMutablePointer<UInt8>) in
            out[y] = Array(UnsafeBufferPointer(start: coverage, count: region.width))
        }
        if everyCell { rasterizer.sweepEveryCell(rule: rule, collect) } else { rasterizer.sweep(rule: rule, collect) }
        return out
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func sparseSweepEqualsSummingEveryCell(_ rule: FillRule) {
        let turned = (0..<4).map { i in
            let a = 0.37 + Double(i) * .pi / 2
            return Point(150 + 120 * cos(a) - 40 * sin(a), 60 + 120 * sin(a) + 40 * cos(a))
        }
        let star = (0..<10).map { i in
            let r = i % 2 == 0 ? 55.0 : 20.0, a = Double(i) * .pi / 5
            return Point(70 + r * cos(a), 50 + r * sin(a))
        }
        // Edges past the region's sides, a thin sliver, and shapes overlapping.
        let wide = [Point(-30, 10.5), Point(400, 14.2), Point(390, 30.7), Point(-20, 25)]
        let sliver = [Point(10.2, 90), Point(250.7, 91.3), Point(250.9, 91.6)]
        let polygons = [turned, star, wide, sliver]
        let region = PixelRect(x: 3, y: 2, width: 297, height: 117)
        #expect(rows(rule, everyCell: false, region: region, polygons: polygons)
                == rows(rule, everyCell: true, region: region, polygons: polygons))
        // Twice through one rasterizer: what the first shape left must not show in the second.
        let rasterizer = CoverageRasterizer()
        for polygon in polygons {
            rasterizer.reset(region: region)
            rasterizer.addPolyline(polygon)
            var sparse: [Int: [UInt8]] = [:]
            rasterizer.sweep(rule: rule) { y, c in sparse[y] = Array(UnsafeBufferPointer(start: c, count: region.width)) }
            #expect(sparse == rows(rule, everyCell: true, region: region, polygons: [polygon]))
        }
    }
}

@Suite struct CoverageRunTests {
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func theWideSweepKernelGivesTheBytesOfTheBaseline(_ rule: FillRule) {
        // Cells of an edge's size, of many overlapping edges and at the extremes; lengths around the 8-cell step.
        var rng = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<Int32>] = [-65536...65536, -400_000...400_000, Int32.min / 2...Int32.max / 2]
        for count in [8, 9, 15, 16, 37, 300] {
            for range in ranges {
                let cells = (0..<count).map { _ in Int32.random(in: range, using: &rng) }
                let start = Int32.random(in: -200_000...200_000, using: &rng)
                var wideCells = cells, baseCells = cells
                var wideOut = [UInt8](repeating: 0, count: count), baseOut = wideOut
                var wideInk: UInt8 = 0, baseInk: UInt8 = 0
                let wide = wideCells.withUnsafeMutableBufferPointer { c in
                    wideOut.withUnsafeMutableBufferPointer { o in
                        CoverageRun.sweepWide(c.baseAddress!, o.baseAddress!, count: count, sum: start, rule: rule, ink: &wideInk)
                    }
                }
                let base = baseCells.withUnsafeMutableBufferPointer { c in
                    baseOut.withUnsafeMutableBufferPointer { o in
                        CoverageRun.sweepBaseline(c.baseAddress!, o.baseAddress!, count: count, sum: start, rule: rule, ink: &baseInk)
                    }
                }
                #expect(baseCells.allSatisfy { $0 == 0 })
                guard let wide else { continue } // no wide kernels here: nothing to compare
                #expect(wide == base && wideOut == baseOut && wideInk == baseInk, "\(count) cells in \(range)")
                #expect(wideCells.allSatisfy { $0 == 0 })
            }
        }
    }

    @Test func coverageIsTheAreaRoundedToAByte() {
        #expect(CoverageRun.coverage(0, .nonZero) == 0)
        #expect(CoverageRun.coverage(32768, .nonZero) == 128)
        #expect(CoverageRun.coverage(-65536, .nonZero) == 255)
        #expect(CoverageRun.coverage(3 * 65536, .nonZero) == 255)
        #expect(CoverageRun.coverage(2 * 65536, .evenOdd) == 0)
        #expect(CoverageRun.coverage(-3 * 65536, .evenOdd) == 255)
        #expect(CoverageRun.coverage(65536 + 16384, .evenOdd) == 191)
    }
}

/// A shape of one colour is swept and filled in one call into the wide kernel (`Canvas.sweepFillsWide`): it must
/// give the pixels of the sweep handing each row's coverage to the fill. Shapes cover what the kernel treats apart:
/// the width ending inside a group of eight, interiors no edge touched (filled without summing), runs of touched
/// blocks longer than a word of bits (a shape over 2048 pixels wide), bands of a tall shape, holes under even-odd,
/// a clip, opaque and translucent colours, copy and source-over.
@Suite struct SweepFillTests {
    static let width = 2300, height = 300

    private func drawn(wide: Bool, mode: BlendMode, color: Color) -> Surface {
        let surface = Surface(width: Self.width, height: Self.height)
        for y in 0..<Self.height { for x in 0..<Self.width { surface[x, y] = (x ^ y) & 4 == 0 ? 0xFF20_4060 : 0x8010_2030 } }
        let canvas = Canvas(surface: surface)
        canvas.sweepFillsWide = wide
        canvas.blendMode = mode
        let star = Path.polygon((0..<10).map { i in
            let r = i % 2 == 0 ? 90.0 : 35.0, a = Double(i) * .pi / 5
            return Point(400 + r * cos(a), 150 + r * sin(a))
        })
        canvas.fill(star, paint: .solid(color), rule: .evenOdd)
        canvas.fill(star, paint: .solid(color.withAlpha(0.7)))
        canvas.fill(Path.ellipse(in: Rect(x: 20.3, y: 10.6, width: 173.1, height: 91.7)), paint: .solid(color))
        canvas.fill(Path.roundedRect(Rect(x: 3.5, y: 120.25, width: 2290.6, height: 60.4), radius: 20), paint: .solid(color))
        canvas.fill(Path.polygon([Point(600.2, 5), Point(611.9, 290), Point(605.1, 295.5)]), paint: .solid(color))
        canvas.fill(Path.rect(Rect(x: 700, y: 0, width: 33, height: 300)), paint: .solid(color))
        // Two squares as one path: where they overlap the winding is two, empty under even-odd, far from any edge.
        var squares = Path()
        squares.addRect(Rect(x: 1300.5, y: 20.5, width: 200, height: 200))
        squares.addRect(Rect(x: 1350.5, y: 60.5, width: 250, height: 200))
        canvas.fill(squares, paint: .solid(color), rule: .evenOdd)
        // Clipped on both sides, to a width that ends on a group of eight: the cells on the right border lie past
        // the groups summed and must still be cleared for the next shape.
        for clip in [Rect(x: 900.4, y: 30, width: 301, height: 200), Rect(x: 900, y: 30, width: 296, height: 200)] {
            canvas.save()
            canvas.clip(to: clip)
            canvas.fill(Path.ellipse(in: Rect(x: 850, y: -40, width: 420, height: 380)), paint: .solid(color))
            canvas.restore()
            canvas.fill(Path.ellipse(in: Rect(x: 880.5, y: 20.5, width: 330, height: 250)), paint: .solid(color))
        }
        return surface
    }

    @Test(arguments: [(BlendMode.sourceOver, Color(hex: 0x3366CC, alpha: 0.6)), (.sourceOver, Color(hex: 0xEE8844)),
                      (.copy, Color(hex: 0x3366CC, alpha: 0.6)), (.copy, Color(hex: 0xEE8844))])
    func oneCallGivesThePixelsOfTheFillARowAtATime(_ mode: BlendMode, _ color: Color) {
        let wide = drawn(wide: true, mode: mode, color: color), rows = drawn(wide: false, mode: mode, color: color)
        var differing = 0
        for y in 0..<Self.height { for x in 0..<Self.width where wide[x, y] != rows[x, y] { differing += 1 } }
        #expect(differing == 0, "\(mode), alpha \(color.alpha): \(differing) pixels differ")
    }
}
