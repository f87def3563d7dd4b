import FlickMotion
import Testing

@Test func doublesAndPairsFormAVectorSpace() {
    #expect(3.0.interpolated(to: 7, amount: 0.25) == 4)
    #expect((-3.0).magnitudeSquared == 9)
    let a = InterpolatablePair(2.0, Vector2(1, 1)), b = InterpolatablePair(4.0, Vector2(3, -1))
    #expect(a + b == InterpolatablePair(6.0, Vector2(4, 0)))
    #expect(b - a == InterpolatablePair(2.0, Vector2(2, -2)))
    #expect(a.scaled(by: 2) == InterpolatablePair(4.0, Vector2(2, 2)))
    #expect(a.interpolated(to: b, amount: 0.5) == InterpolatablePair(3.0, Vector2(2, 0)))
    #expect(b.magnitudeSquared == 16 + 9 + 1)
    #expect(InterpolatablePair<Double, Vector2>.zero == InterpolatablePair(0.0, .zero))
}

@Test func vectorsRotateClockwiseOnScreen() {
    let right = Vector2(1, 0).rotated(by: .pi / 2)
    #expect(isClose(right, Vector2(0, 1), 1e-12)) // x right, y down: a quarter turn points down
    #expect(Vector2(1, 0).cross(Vector2(0, 1)) == 1)
    #expect(Vector2(3, 4).normalized == Vector2(0.6, 0.8) && Vector2.zero.normalized == .zero)
    #expect(Bounds(x: 0, y: 0, width: 10, height: 10).intersects(Bounds(x: 9, y: 9, width: 5, height: 5)))
    #expect(!Bounds(x: 0, y: 0, width: 10, height: 10).intersects(Bounds(x: 10, y: 0, width: 5, height: 5)))
}
