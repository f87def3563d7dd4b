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
                guard let wide else { continue } // no AVX2 here: nothing to compare
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
