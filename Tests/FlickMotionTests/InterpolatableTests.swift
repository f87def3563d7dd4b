import FlickMotion
import Testing

@Test func doublesAndPairsFormAVectorSpace() {
    #expect(3.0.interpolated(to: 7, amount: 0.25) == 4)
    #expect((-3.0).magnitudeSquared == 9)
    let a = InterpolatablePair(2.0, Vector(1, 1)), b = InterpolatablePair(4.0, Vector(3, -1))
    #expect(a + b == InterpolatablePair(6.0, Vector(4, 0)))
    #expect(b - a == InterpolatablePair(2.0, Vector(2, -2)))
    #expect(a.scaled(by: 2) == InterpolatablePair(4.0, Vector(2, 2)))
    #expect(a.interpolated(to: b, amount: 0.5) == InterpolatablePair(3.0, Vector(2, 0)))
    #expect(b.magnitudeSquared == 16 + 9 + 1)
    #expect(InterpolatablePair<Double, Vector>.zero == InterpolatablePair(0.0, .zero))
}
