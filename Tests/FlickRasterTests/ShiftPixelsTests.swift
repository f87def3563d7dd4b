import Testing
@testable import FlickRaster

/// Moving pixels in place, as a slide does: each pixel of the regions takes the value from where the move came
/// from, read before anything overwrote it; the rest stays.
@Suite struct ShiftPixelsTests {
    private func numbered(_ width: Int, _ height: Int) -> Surface {
        let surface = Surface(width: width, height: height)
        for y in 0..<height { for x in 0..<width { surface[x, y] = UInt32(y * width + x) | 0xFF00_0000 } }
        return surface
    }

    private func expectShifted(_ regions: [PixelRect], dx: Int, dy: Int, width: Int = 24, height: Int = 30) {
        let surface = numbered(width, height), before = numbered(width, height)
        surface.shiftPixels(in: regions, dx: dx, dy: dy)
        for y in 0..<height {
            for x in 0..<width {
                let moved = regions.contains { $0.contains(x, y) }
                let expected = moved ? before[x - dx, y - dy] : before[x, y]
                #expect(surface[x, y] == expected, "\(regions) by (\(dx), \(dy)) at (\(x), \(y))")
                if surface[x, y] != expected { return }
            }
        }
    }

    @Test(arguments: [-7, -1, 1, 5])
    func wholeRowsMoveUpAndDownInOnePass(_ dy: Int) {
        expectShifted([PixelRect(x: 0, y: 8, width: 24, height: 14)], dx: 0, dy: dy)
    }

    @Test func spansOfRowsMoveAgainstTheMotion() {
        expectShifted([PixelRect(x: 2, y: 8, width: 10, height: 14), PixelRect(x: 12, y: 8, width: 9, height: 10)], dx: 0, dy: -3)
        expectShifted([PixelRect(x: 4, y: 3, width: 10, height: 14), PixelRect(x: 14, y: 3, width: 6, height: 14)], dx: 3, dy: 2)
    }

    @Test func stackedRowsAreJoinedIntoOneBandAndNothingElseIs() {
        let rows = (0..<5).map { PixelRect(x: 0, y: 40 - 10 * $0, width: 64, height: 10) }
        #expect(PixelRect.joined(rows) == [PixelRect(x: 0, y: 0, width: 64, height: 50)])
        let apart = [PixelRect(x: 0, y: 0, width: 64, height: 10), PixelRect(x: 0, y: 11, width: 64, height: 10),
                     PixelRect(x: 1, y: 21, width: 63, height: 10), PixelRect(x: 0, y: 31, width: 0, height: 4)]
        #expect(PixelRect.joined(apart) == Array(apart.prefix(3)), "a gap, another span, nothing: kept apart")
    }
}
