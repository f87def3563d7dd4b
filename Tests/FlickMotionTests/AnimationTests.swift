import FlickMotion
import Testing

private let linear = Timing(duration: 1, curve: .linear)

@Test func transitionsAndAnimationsDefaultToTheSeedsThreeTenths() {
    #expect(Timing().duration == 0.3)
    #expect(Transition(.push).timing.duration == 0.3)
}

@Test func animationFollowsItsTimingCurve() {
    let a = Animation(from: 10.0, to: 110.0, duration: 2, curve: .easeOut)
    #expect(a.value(at: 0) == 10)
    for elapsed in stride(from: 0.1, to: 2, by: 0.1) {
        #expect(isClose(a.value(at: elapsed), 10 + 100 * TimingCurve.easeOut.value(at: elapsed / 2), 1e-9))
    }
    #expect(isClose(a.value(at: 2), 110, 1e-9))
    #expect(isClose(a.value(at: 5), 110, 1e-9))
    #expect(!a.isComplete(at: 1.99) && a.isComplete(at: 2))
    #expect(a.endTime == 2)
}

@Test func velocityIsTheChangePerSecond() {
    let a = Animation(from: 0.0, to: 100.0, timing: linear)
    #expect(isClose(a.velocity(at: 0.5), 100, 1e-9))
    let eased = Animation(from: 0.0, to: 100.0, duration: 0.5, curve: .easeInEaseOut)
    for elapsed in [0.05, 0.2, 0.25, 0.4] {
        let h = 1e-6
        let quotient = (eased.value(at: elapsed + h) - eased.value(at: elapsed - h)) / (2 * h)
        #expect(isClose(eased.velocity(at: elapsed), quotient, 1e-3), "at \(elapsed)")
    }
    #expect(eased.velocity(at: 0.6) == 0)
}

@Test func delayShowsTheStartValueThenRunsLate() {
    let a = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, delay: 0.5, curve: .linear))
    #expect(a.value(at: 0.25) == 0 && a.velocity(at: 0.25) == 0)
    #expect(isClose(a.value(at: 1), 0.5, 1e-12))
    #expect(!a.isComplete(at: 1.4) && a.isComplete(at: 1.5))
    #expect(a.endTime == 1.5)
}

@Test func byMovesRelativeToFrom() {
    let a = Animation(from: 40.0, by: -15.0, timing: linear)
    #expect(a.to == 25)
    #expect(isClose(a.value(at: 1), 25, 1e-12))
}

@Test func repeatCountRunsWholeAndPartPasses() {
    let twice = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, curve: .linear, repeatCount: 2))
    #expect(isClose(twice.value(at: 1.25), 0.25, 1e-12))
    #expect(!twice.isComplete(at: 1.9) && twice.isComplete(at: 2))
    #expect(isClose(twice.value(at: 2), 1, 1e-12))

    let oneAndAHalf = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, curve: .linear, repeatCount: 1.5))
    #expect(oneAndAHalf.isComplete(at: 1.5) && !oneAndAHalf.isComplete(at: 1.49))
    #expect(isClose(oneAndAHalf.value(at: 3), 0.5, 1e-12))

    let forever = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, curve: .linear, repeatCount: .infinity))
    #expect(!forever.isComplete(at: 1e6))
    #expect(forever.endTime == .infinity)
}

@Test func autoreverseComesBackAlongTheSameCurve() {
    let a = Animation(from: 0.0, to: 100.0, timing: Timing(duration: 1, curve: .easeIn, autoreverses: true))
    for elapsed in [0.1, 0.3, 0.7] {
        #expect(isClose(a.value(at: 2 - elapsed), a.value(at: elapsed), 1e-9))
        #expect(isClose(a.velocity(at: 2 - elapsed), -a.velocity(at: elapsed), 1e-9))
    }
    #expect(a.velocity(at: 1.5) < 0)
    #expect(!a.isComplete(at: 1.9) && a.isComplete(at: 2))
    #expect(isClose(a.value(at: 2), 0, 1e-12))
    #expect(a.endTime == 2)
}

@Test func speedScalesTimeButNotTheDelay() {
    let fast = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, delay: 0.2, curve: .linear, speed: 2))
    #expect(isClose(fast.value(at: 0.45), 0.5, 1e-12))
    #expect(isClose(fast.velocity(at: 0.45), 2, 1e-12))
    #expect(fast.isComplete(at: 0.7) && !fast.isComplete(at: 0.69))
    let frozen = Animation(from: 0.0, to: 1.0, timing: Timing(duration: 1, curve: .linear, speed: 0))
    #expect(frozen.value(at: 10) == 0 && !frozen.isComplete(at: 10))
}

@Test func startAndEndProgressRunPartOfTheChange() {
    let out = Animation(from: 0.0, to: 200.0, timing: linear, startProgress: 0, endProgress: 0.25)
    #expect(out.value(at: 0) == 0)
    #expect(isClose(out.value(at: 0.5), 25, 1e-12))
    #expect(isClose(out.value(at: 1), 50, 1e-12))
    #expect(isClose(out.velocity(at: 0.5), 50, 1e-12))
    let back = Animation(from: 0.0, to: 200.0, timing: linear, startProgress: 0.25, endProgress: 0)
    #expect(isClose(back.value(at: 0), 50, 1e-12))
    #expect(isClose(back.value(at: 1), 0, 1e-12))
    #expect(isClose(back.velocity(at: 0.5), -50, 1e-12))
}

@Test func zeroDurationCompletesAtOnceAtTheEnd() {
    let a = Animation(from: 3.0, to: 7.0, timing: Timing(duration: 0))
    #expect(a.isComplete(at: 0) && a.value(at: 0) == 7)
}

@Test func pairsAnimateBothHalvesTogether() {
    typealias PositionAndOpacity = InterpolatablePair<Vector, Double>
    let a = Animation(from: PositionAndOpacity(Vector(0, 0), 0), to: PositionAndOpacity(Vector(100, -40), 1),
                      timing: linear)
    let mid = a.value(at: 0.5)
    #expect(isClose(mid.first, Vector(50, -20), 1e-12) && isClose(mid.second, 0.5, 1e-12))
    #expect(isClose(a.velocity(at: 0.5).first, Vector(100, -40), 1e-12))
}
