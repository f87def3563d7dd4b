import FlickMotion
import FlickTestFixtures
import Testing

/// The curve evaluated straight from its definition, B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³·P3 with P0 at
/// the origin: the reference the solver is checked against.
private func parametric(_ c: (Double, Double, Double, Double), _ t: Double) -> (x: Double, y: Double) {
    let u = 1 - t
    let b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
    return (b1 * c.0 + b2 * c.2 + b3, b1 * c.1 + b2 * c.3 + b3)
}

private let coreAnimationCurves: [(String, TimingCurve, (Double, Double, Double, Double))] = [
    ("linear", .linear, (0, 0, 1, 1)),
    ("easeIn", .easeIn, (0.42, 0, 1, 1)),
    ("easeOut", .easeOut, (0, 0, 0.58, 1)),
    ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)),
    ("default", .default, (0.25, 0.1, 0.25, 1)),
]

@Test func namedCurvesHaveCoreAnimationsControlPoints() {
    for (name, curve, c) in coreAnimationCurves {
        let b = curve.bezier
        #expect(b?.x1 == c.0 && b?.y1 == c.1 && b?.x2 == c.2 && b?.y2 == c.3, "\(name)")
    }
    #expect(TimingCurve.named.map(\.name) == coreAnimationCurves.map(\.0))
}

// A vertical tangent at x = 1 (x2 = 1, y2 < 1) makes y(x) infinitely steep just where doubles are
// coarsest, so no solver meets 1e-6 there; the cases stop short of it.
@Test(arguments: [
    (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0),
    (0.0, 0.0, 1.0, 1.0), (0.68, -0.55, 0.27, 1.55), (0.9, 0.0, 0.1, 1.0), (0.0, 1.0, 0.0, 1.0), (0.8, 0.0, 0.9, 0.1),
])
func solvedValuesMatchTheParametricCurveTo1e6(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let curve = CubicBezier(x1, y1, x2, y2)
    var worst = 0.0
    for i in 0...2000 {
        let p = parametric((x1, y1, x2, y2), Double(i) / 2000)
        worst = max(worst, abs(curve.y(at: p.x) - p.y))
    }
    #expect(worst < 1e-6, "worst error \(worst)")
}

@Test func curvesHitTheirEndsExactly() {
    for (name, curve, _) in coreAnimationCurves {
        #expect(curve.value(at: 0) == 0, "\(name)")
        #expect(abs(curve.value(at: 1) - 1) < 1e-12, "\(name)")
    }
}

@Test func monotoneControlPointsGiveMonotoneCurves() {
    var random = SplitMix64(seed: 3)
    for _ in 0..<200 {
        let c = (Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random),
                 Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random))
        let curve = CubicBezier(c.0, c.1, c.2, c.3)
        var previous = curve.y(at: 0)
        for i in 1...500 {
            let y = curve.y(at: Double(i) / 500)
            #expect(y >= previous - 1e-9, "curve \(c) falls at x = \(Double(i) / 500)")
            previous = y
        }
    }
}

@Test func outOfRangeProgressExtrapolatesAlongTheEndTangents() {
    // easeOut leaves (0, 0) towards its second control point (0.58, 1) and arrives flat from (0.58, 1).
    #expect(isClose(TimingCurve.easeOut.value(at: -0.5), -0.5 / 0.58, 1e-9))
    #expect(isClose(TimingCurve.easeOut.value(at: 1.5), 1, 1e-9))
    // easeIn leaves flat and arrives along (1, 1) − (0.42, 0).
    #expect(isClose(TimingCurve.easeIn.value(at: -1), 0, 1e-9))
    #expect(isClose(TimingCurve.easeIn.value(at: 1.25), 1 + 0.25 / 0.58, 1e-9))
    #expect(TimingCurve.linear.value(at: 2) == 2)
    // default leaves along (0.25, 0.1).
    #expect(isClose(TimingCurve.default.value(at: -0.2), -0.2 * 0.1 / 0.25, 1e-9))
}

@Test func slopeMatchesTheCurvesDifferenceQuotient() {
    for (name, curve, _) in coreAnimationCurves {
        for i in 1..<100 {
            let x = Double(i) / 100, h = 1e-6
            let quotient = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(isClose(curve.slope(at: x), quotient, 1e-4), "\(name) at \(x)")
        }
    }
}

@Test func stepCurvesJumpAtTheEndOrStartOfEachInterval() {
    let end = TimingCurve.steps(4)
    #expect([0, 0.24, 0.25, 0.5, 0.99, 1].map(end.value) == [0, 0, 0.25, 0.5, 0.75, 1])
    let start = TimingCurve.steps(4, position: .start)
    #expect([0, 0.24, 0.25, 0.74, 0.75, 1].map(start.value) == [0.25, 0.25, 0.5, 0.75, 1, 1])
    #expect(end.slope(at: 0.3) == 0)
}

@Test func customCurvesAreUsedAsGiven() {
    let square = TimingCurve.custom { $0 * $0 }
    #expect(square.value(at: 0.5) == 0.25)
    #expect(isClose(square.slope(at: 0.5), 1, 1e-8))
    #expect(square.bezier == nil)
}
