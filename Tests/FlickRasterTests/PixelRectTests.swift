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
