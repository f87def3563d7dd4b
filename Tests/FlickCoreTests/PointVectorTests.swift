import FlickCore
import Testing

@Test func aPointMovedByAVectorLandsWhereTheVectorPoints() {
    let start = Point(10, 20)
    let moved = start + Vector(3, -4)
    #expect(moved == Point(13, 16))
    #expect(moved - Vector(3, -4) == start)
    #expect(Vector(from: start, to: moved) == Vector(3, -4))
    #expect(start.distance(to: moved) == 5)
}

@Test func pointsAddAndScaleComponentByComponent() {
    #expect(Point(1, 2) + Point(3, 5) == Point(4, 7))
    #expect(Point(1, 2) - Point(3, 5) == Point(-2, -3))
    #expect(Point(1, -2) * 3 == Point(3, -6))
    #expect(Point(3, 4).length == 5)
}

@Test func theCentroidIsTheMeanOfThePointsAndNoneHaveNone() {
    #expect(Point.centroid(of: [Point(0, 0), Point(4, 0), Point(2, 6)]) == Point(2, 2))
    #expect(Point.centroid(of: [Point]()) == nil)
}

@Test func vectorsAddScaleAndMeasure() {
    let v = Vector(3, 4)
    #expect(v.length == 5 && v.magnitudeSquared == 25)
    #expect(v + Vector(1, 1) == Vector(4, 5) && v - Vector(1, 1) == Vector(2, 3))
    #expect(-v == Vector(-3, -4) && v * 2 == Vector(6, 8) && 2 * v == v * 2 && v / 2 == Vector(1.5, 2))
    #expect(v.scaled(by: -1) == -v)
    #expect(v.normalized == Vector(0.6, 0.8))
    #expect(Vector.zero.normalized == .zero)
    #expect(v.dot(Vector(-4, 3)) == 0)
    #expect(Vector(1, 0).cross(Vector(0, 1)) == 1)
}

@Test func aQuarterTurnIsClockwiseOnAScreenWhoseYGrowsDown() {
    let turned = Vector(1, 0).rotated(by: .pi / 2)
    #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
}

@Test func anAxisKeepsItsOwnComponentAndADiagonalCountsAsVertical() {
    let v = Vector(5, -7)
    #expect(v.constrained(to: .horizontal) == Vector(5, 0))
    #expect(v.constrained(to: .vertical) == Vector(0, -7))
    #expect(v.constrained(to: nil) == v)
    #expect(v.component(along: .horizontal) == 5 && v.component(along: .vertical) == -7)
    #expect(Axis.dominant(of: Vector(8, -3)) == .horizontal)
    #expect(Axis.dominant(of: Vector(4, 4)) == .vertical)
}

@Test func pointsAndVectorsPrintTheirComponents() {
    #expect("\(Point(1, 2.5))" == "(1.0, 2.5)")
    #expect("\(Vector(-1, 0))" == "(-1.0, 0.0)")
}
