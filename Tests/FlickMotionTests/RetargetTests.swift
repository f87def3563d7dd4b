import FlickMotion
import Testing

private let x = AnimationKey<Double>("x")

/// Value and one-sided velocity estimates on both sides of `time`, read from the animator frame by frame
/// as a renderer would see them.
private func continuity(_ animator: Animator<Int>, around time: Double, retarget: () -> Void)
    -> (valueJump: Double, velocityJump: Double, before: MotionState<Double>, after: MotionState<Double>) {
    let h = 1e-5
    animator.tick(to: time - h)
    let earlier = animator.value(for: 1, key: x)!
    animator.tick(to: time)
    let before = animator.state(for: 1, key: x)!
    retarget()
    let after = animator.state(for: 1, key: x)!
    animator.tick(to: time + h)
    let later = animator.value(for: 1, key: x)!
    let velocityIn = (before.value - earlier) / h, velocityOut = (later - after.value) / h
    return (abs(after.value - before.value), abs(velocityOut - velocityIn), before, after)
}

@Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default])
func retargetingATimedAnimationKeepsValueAndVelocity(_ curve: TimingCurve) {
    let animator = Animator<Int>()
    var completions: [Bool] = []
    animator.add(Animation(from: 0.0, to: 100.0, duration: 0.5, curve: curve), for: 1, key: x) { completions.append($0) }
    let result = continuity(animator, around: 0.2) { #expect(animator.retarget(1, key: x, to: 300)) }
    #expect(result.valueJump < 1e-9)
    #expect(result.before.velocity == result.after.velocity)
    // Estimated from frames 10 µs apart; a velocity step would show as hundreds of px/s.
    #expect(result.velocityJump < 1, "velocity step \(result.velocityJump)")
    for t in frames(from: 0.21, to: 3, rate: 60) { animator.tick(to: t) }
    #expect(completions == [true])
    #expect(animator.value(for: 1, key: x) == nil)
}

@Test func retargetingASpringKeepsValueVelocityAndSpring() {
    let animator = Animator<Int>()
    let spring = Spring(dampingRatio: 0.6, response: 0.3)
    animator.add(SpringAnimation(spring, from: 0.0, to: 100.0, initialVelocity: 400), for: 1, key: x)
    let result = continuity(animator, around: 0.15) { animator.retarget(1, key: x, to: -50) }
    #expect(result.valueJump < 1e-9 && result.velocityJump < 1)
    // From here it is the same spring aimed at −50.
    animator.tick(to: 0.45)
    let expected = -50 + spring.displacement(at: 0.45 - 0.15, from: result.after.value + 50, velocity: result.after.velocity)
    #expect(isClose(animator.value(for: 1, key: x) ?? 0, expected, 1e-9))
}

@Test func retargetingLandsWithinAboutTheOriginalDuration() {
    let animator = Animator<Int>()
    animator.add(Animation(from: 0.0, to: 1.0, duration: 0.4), for: 1, key: x)
    animator.tick(to: 0.1)
    animator.retarget(1, key: x, to: 2)
    animator.tick(to: 0.1 + 0.4)
    #expect(abs((animator.value(for: 1, key: x) ?? 0) - 2) < 0.05)
}

@Test func retargetingNothingSaysSo() {
    let animator = Animator<Int>()
    #expect(!animator.retarget(1, key: x, to: 3))
}
