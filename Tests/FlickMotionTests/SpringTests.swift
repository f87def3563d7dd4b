import Foundation
import FlickMotion
import Testing

/// The textbook solutions of m·x″ + c·x′ + k·x = 0 from x(0) = x0, x′(0) = v0, written out here
/// independently of `Spring` as the reference.
private func closedForm(k: Double, c: Double, m: Double, x0: Double, v0: Double, t: Double) -> Double {
    let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
    if zeta < 1 {
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
    } else if zeta == 1 {
        return exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
    } else {
        let s = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + s, r2 = -zeta * w0 - s
        let a = (v0 - r2 * x0) / (r1 - r2), b = x0 - a
        return a * exp(r1 * t) + b * exp(r2 * t)
    }
}

@Test func responseAndDampingRatioGiveTheIssuesStiffnessAndDamping() {
    let spring = Spring(dampingRatio: 0.7, response: 0.4)
    #expect(isClose(spring.stiffness, pow(2 * Double.pi / 0.4, 2), 1e-9))
    #expect(isClose(spring.damping, 4 * Double.pi * 0.7 / 0.4, 1e-12))
    #expect(spring.mass == 1)
    #expect(isClose(spring.dampingRatio, 0.7, 1e-12) && isClose(spring.response, 0.4, 1e-12))
}

@Test(arguments: [
    (100.0, 5.0, 1.0),   // under-damped
    (100.0, 20.0, 1.0),  // critically damped
    (100.0, 50.0, 1.0),  // over-damped
    (300.0, 10.0, 2.5),  // under-damped, heavier
    (40.0, 40.0, 10.0),  // critically damped, heavy: c = 2√(km)
])
func springFollowsTheClosedFormSolution(_ k: Double, _ c: Double, _ m: Double) {
    let spring = Spring(stiffness: k, damping: c, mass: m)
    for (x0, v0) in [(1.0, 0.0), (-40.0, 250.0), (0.0, -3.0)] {
        for i in 0...300 {
            let t = Double(i) / 100
            let expected = closedForm(k: k, c: c, m: m, x0: x0, v0: v0, t: t)
            #expect(isClose(spring.displacement(at: t, from: x0, velocity: v0), expected, 1e-9 * max(1, abs(x0), abs(v0))),
                    "k \(k) c \(c) m \(m) from \(x0), \(v0) at \(t)")
        }
    }
}

@Test(arguments: [0.3, 1.0, 2.0])
func velocityIsTheDerivativeOfPositionAndStartsAsGiven(_ zeta: Double) {
    let spring = Spring(dampingRatio: zeta, response: 0.5)
    #expect(spring.displacement(at: 0, from: 12, velocity: -80) == 12)
    #expect(isClose(spring.velocity(at: 0, from: 12, velocity: -80), -80, 1e-12))
    for t in stride(from: 0.01, to: 2, by: 0.07) {
        let h = 1e-6
        let quotient = (spring.displacement(at: t + h, from: 12, velocity: -80)
            - spring.displacement(at: t - h, from: 12, velocity: -80)) / (2 * h)
        #expect(isClose(spring.velocity(at: t, from: 12, velocity: -80), quotient, 1e-4))
    }
}

@Test func nearlyCriticalSpringsAgreeWithTheCriticalOne() {
    let critical = Spring(dampingRatio: 1, response: 0.3)
    for zeta in [1 - 1e-5, 1 - 1e-7, 1 + 1e-7, 1 + 1e-5] {
        let near = Spring(dampingRatio: zeta, response: 0.3)
        for t in stride(from: 0.0, to: 1, by: 0.05) {
            #expect(isClose(near.displacement(at: t, from: 100, velocity: 500),
                            critical.displacement(at: t, from: 100, velocity: 500), 1e-2), "ζ \(zeta) at \(t)")
        }
    }
}

@Test func springAnimationMovesEveryComponentLikeTheScalarSpring() {
    let spring = Spring(dampingRatio: 0.5, response: 0.4)
    let motion = SpringAnimation(spring, from: Vector(100, -20), to: Vector(10, 30), initialVelocity: Vector(-500, 40))
    for t in stride(from: 0.0, to: 2, by: 0.1) {
        let p = motion.value(at: t)
        #expect(isClose(p.x, 10 + spring.displacement(at: t, from: 90, velocity: -500), 1e-9))
        #expect(isClose(p.y, 30 + spring.displacement(at: t, from: -50, velocity: 40), 1e-9))
    }
}

@Test func springSettlesWithinItsThresholds() {
    let motion = SpringAnimation(Spring(dampingRatio: 0.5, response: 0.4), from: 0.0, to: 1.0)
    #expect(!motion.isComplete(at: 0))
    #expect(motion.endTime == nil)
    let settle = stride(from: 0.0, to: 10, by: 1.0 / 240).first { motion.isComplete(at: $0) }
    #expect(settle != nil)
    if let settle {
        #expect(abs(motion.value(at: settle) - 1) <= 0.001 && abs(motion.velocity(at: settle)) <= 0.01)
        // The envelope e^(−ζω₀t) reaches a thousandth near ln(1000)/(ζω₀) ≈ 0.88 s.
        #expect(settle > 0.6 && settle < 1.2, "settled at \(settle)")
    }
}

@Test func aReleasedGestureStartsTheSpringAtTheFingersVelocity() {
    // A finger lets go at x = 240 moving left at 1200 px/s; the card springs back to 0.
    let release = MotionState(value: 240.0, velocity: -1200.0)
    let back = SpringAnimation(Spring(dampingRatio: 0.8, response: 0.35), from: release.value, to: 0,
                               initialVelocity: release.velocity, threshold: .pixels)
    #expect(back.state(at: 0) == release)
    let animator = Animator<String>()
    animator.add(back, for: "card", key: AnimationKey<Double>("x"))
    animator.tick(to: 1.0 / 60)
    #expect((animator.value(for: "card", key: AnimationKey<Double>("x")) ?? 0) < 240 - 1200.0 / 60 * 0.5)
    for t in frames(from: 1.0 / 60, to: 3, rate: 60) { animator.tick(to: t) }
    #expect(!animator.isAnimating)
}
