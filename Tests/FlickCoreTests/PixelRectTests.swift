import FlickCore
import Testing

@Test func enclosingRoundsOutAndInsideRoundsIn() {
    let r = Rect(x: 0.5, y: 1.25, width: 10, height: 2.5)
    #expect(PixelRect(enclosing: r) == PixelRect(x: 0, y: 1, width: 11, height: 3))
    #expect(PixelRect(inside: r) == PixelRect(x: 1, y: 2, width: 9, height: 1))
    #expect(PixelRect(inside: Rect(x: 0.2, y: 0.2, width: 0.5, height: 0.5)).isEmpty)
    #expect(PixelRect(x: 1, y: 2, width: 3, height: 4).rect == Rect(x: 1, y: 2, width: 3, height: 4))
}

@Test func pixelRectsIntersectUniteAndCount() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.intersection(b) == PixelRect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)) == .zero)
    #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.area == 100 && PixelRect(x: 0, y: 0, width: -1, height: 4).area == 0)
    #expect(a.offsetBy(dx: 2, dy: -1) == PixelRect(x: 2, y: -1, width: 10, height: 10))
}

@Test func overlappingDamageMergesAndTooManyPiecesBecomeOneBox() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 5, y: 5, width: 10, height: 10)
    let apart = PixelRect(x: 100, y: 100, width: 1, height: 1)
    #expect(PixelRect.merged([a, b, apart]) == [a.union(b), apart])
    let dots = (0..<5).map { PixelRect(x: $0 * 10, y: 0, width: 1, height: 1) }
    #expect(PixelRect.merged(dots, limit: 4) == [PixelRect(x: 0, y: 0, width: 41, height: 1)])
}

@Test func rowsStackedOverTheSameColumnsJoinIntoOneBand() {
    let rows = [PixelRect(x: 0, y: 10, width: 50, height: 10), PixelRect(x: 0, y: 0, width: 50, height: 10),
                PixelRect(x: 60, y: 0, width: 5, height: 5)]
    #expect(PixelRect.joined(rows) == [PixelRect(x: 0, y: 0, width: 50, height: 20), PixelRect(x: 60, y: 0, width: 5, height: 5)])
}

@Test func subtractingAHoleLeavesFourBandsThatCoverTheRest() {
    let r = PixelRect(x: 0, y: 0, width: 10, height: 10), hole = PixelRect(x: 3, y: 3, width: 4, height: 4)
    let pieces = r.subtracting(hole)
    #expect(pieces.count == 4)
    #expect(pieces.reduce(0) { $0 + $1.area } == 100 - 16)
    #expect(pieces.allSatisfy { $0.intersection(hole).isEmpty })
    #expect(r.subtracting([PixelRect(x: 0, y: 0, width: 10, height: 5), PixelRect(x: 0, y: 5, width: 10, height: 5)]).isEmpty)
    #expect(r.subtracting(PixelRect(x: 50, y: 50, width: 1, height: 1)) == [r])
}
