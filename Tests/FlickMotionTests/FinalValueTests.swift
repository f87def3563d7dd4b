import FlickMotion
import Testing

@Test func aTimedAnimationEndsExactlyOnItsTargetAndAnAutoreversedOneOnItsStart() {
    // 1 + (0.2 - 1) × 1 is 0.19999999999999996 in doubles: the sample at the end is not the target.
    let fade = Animation(from: 1.0, to: 0.2, duration: 0.3)
    #expect(fade.value(at: 0.3) != 0.2)
    #expect(fade.finalValue == 0.2)
    #expect(Animation(from: 1.0, to: 0.2, timing: Timing(duration: 0.3, autoreverses: true)).finalValue == 1.0)
    #expect(Animation(from: 0.0, to: 1.0, timing: Timing(duration: 0.3, repeatCount: .infinity)).finalValue == nil)
    #expect(Animation(from: 0.0, to: 1.0, duration: 0.3).finalValue == 1.0)
}

@Test func aSettledSpringShowsItsTargetNotWhereItSettled() {
    let animator = Animator<Int>()
    let spring = SpringAnimation(Spring(dampingRatio: 0.8, response: 0.4), from: 0.0, to: 100, initialVelocity: 900,
                                 threshold: .pixels, holdsAtEnd: true)
    animator.add(spring, for: 1, key: AnimationKey<Double>("x"))
    var time = 0.0
    while animator.isAnimating { time += 1.0 / 60; animator.tick(to: time) }
    #expect(spring.value(at: time) != 100)
    #expect(animator.value(for: 1, key: AnimationKey<Double>("x")) == 100)
}
