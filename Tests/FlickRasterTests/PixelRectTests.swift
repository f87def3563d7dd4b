import Testing
import FlickRaster

@Test func subtractingLeavesTheBandsAroundTheCut() {
    let r = PixelRect(x: 0, y: 0, width: 10, height: 10)
    let pieces = r.subtracting(PixelRect(x: 3, y: 4, width: 2, height: 2))
    #expect(pieces.map(\.area).reduce(0, +) == 96)
    for y in 0..<10 {
        for x in 0..<10 {
            let inCut = (3..<5).contains(x) && (4..<6).contains(y)
            #expect(pieces.filter { $0.contains(x, y) }.count == (inCut ? 0 : 1))
        }
    }
    #expect(r.subtracting(PixelRect(x: -5, y: -5, width: 30, height: 30)).isEmpty)
    #expect(r.subtracting(PixelRect(x: 20, y: 0, width: 5, height: 5)) == [r])
    #expect(r.subtracting(PixelRect(x: 5, y: 0, width: 10, height: 10)) == [PixelRect(x: 0, y: 0, width: 5, height: 10)])
}

/// Shifts a 24x16 surface whose every pixel is different by each of a few moves, and returns the first pixel
/// that `expected(x, y, before)` disagrees with (nil: none), per move.
private func checkShifts(_ shift: (Surface, Int, Int) -> Void,
                         expected: (_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, _ before: Surface) -> UInt32?) {
    let width = 24, height = 16
    for (dx, dy) in [(3, 0), (-3, 0), (0, 2), (0, -2), (5, -3), (-4, 4)] {
        let surface = Surface(width: width, height: height)
        for y in 0..<height { for x in 0..<width { surface[x, y] = UInt32(y * 1000 + x) } }
        let before = surface.copy()
        shift(surface, dx, dy)
        let wrong = (0..<height).lazy.flatMap { y in (0..<width).lazy.map { (x: $0, y: y) } }.first { p in
            expected(p.x, p.y, dx, dy, before).map { surface[p.x, p.y] != $0 } ?? false
        }
        #expect(wrong == nil, "moved by (\(dx), \(dy)): first wrong pixel \(String(describing: wrong))")
    }
}

@Test func shiftingPixelsMovesEachRegionFromWhereItWasInAnyDirection() {
    // Two regions side by side and one below: each reads pixels the others write.
    let regions = [PixelRect(x: 6, y: 4, width: 6, height: 6), PixelRect(x: 12, y: 4, width: 6, height: 6),
                   PixelRect(x: 6, y: 10, width: 12, height: 2)]
    checkShifts({ $0.shiftPixels(in: regions, dx: $1, dy: $2) }) { x, y, dx, dy, before in
        regions.contains { $0.contains(x, y) } ? before[x - dx, y - dy] : before[x, y]
    }
}

@Test func shiftingTheWholePictureMovesEveryPixelThatHasASource() {
    checkShifts({ $0.shiftAll(dx: $1, dy: $2) }) { x, y, dx, dy, before in
        // The edge that had nothing to come from may hold anything.
        before.bounds.intersection(before.bounds.offsetBy(dx: dx, dy: dy)).contains(x, y) ? before[x - dx, y - dy] : nil
    }
}
