import FlickCore
import Testing

@Test func aRectKnowsItsEdgesAndCentre() {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(r.minX == 10 && r.minY == 20 && r.maxX == 40 && r.maxY == 60)
    #expect(r.center == Point(25, 40) && r.midX == 25 && r.midY == 40)
    #expect(r == Rect(origin: Point(10, 20), size: Size(30, 40)))
    #expect(!r.isEmpty && Rect(x: 0, y: 0, width: 0, height: 5).isEmpty && Rect(x: 0, y: 0, width: 5, height: -1).isEmpty)
}

@Test func containmentIsHalfOpen() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.contains(Point(0, 0)) && r.contains(Point(9.99, 9.99)))
    #expect(!r.contains(Point(10, 5)) && !r.contains(Point(5, 10)) && !r.contains(Point(-0.01, 5)))
}

@Test func rectsThatOnlyTouchDoNotIntersect() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
    #expect(!r.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    #expect(r.intersection(Rect(x: 5, y: -5, width: 10, height: 10)) == Rect(x: 5, y: 0, width: 5, height: 5))
    #expect(r.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == .zero)
}

@Test func aUnionIgnoresAnEmptyRect() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.union(Rect(x: 20, y: 5, width: 5, height: 10)) == Rect(x: 0, y: 0, width: 25, height: 15))
    #expect(r.union(Rect(x: 100, y: 100, width: 0, height: 0)) == r)
    #expect(Rect.zero.union(r) == r)
}

@Test func insetsAndOffsetsMoveTheEdges() {
    let r = Rect(x: 0, y: 0, width: 100, height: 50)
    #expect(r.inset(by: Insets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 94, height: 46))
    #expect(r.inset(by: Insets(all: 5)) == r.insetBy(dx: 5, dy: 5))
    #expect(r.insetBy(dx: -1, dy: -2) == Rect(x: -1, y: -2, width: 102, height: 54))
    #expect(r.offsetBy(dx: 3, dy: -3) == Rect(x: 3, y: -3, width: 100, height: 50))
}
