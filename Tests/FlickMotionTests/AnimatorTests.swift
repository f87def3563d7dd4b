import FlickMotion
import Testing

private let x = AnimationKey<Double>("x")
private let position = AnimationKey<Vector>("position")

/// Records every completion call so tests can count them.
private final class CompletionLog {
    var calls: [(name: String, finished: Bool, time: Double)] = []
    func handler(_ name: String, _ animator: Animator<Int>) -> Animator<Int>.Completion {
        { [unowned self, unowned animator] finished in self.calls.append((name, finished, animator.time)) }
    }
    func count(_ name: String) -> Int { calls.filter { $0.name == name }.count }
}

private func linear(_ from: Double, _ to: Double, _ duration: Double) -> Animation<Double> {
    Animation(from: from, to: to, duration: duration, curve: .linear)
}

@Test func completionFiresExactlyOnceWhenTheAnimationEnds() {
    let animator = Animator<Int>(), log = CompletionLog()
    animator.add(linear(0, 1, 0.5), for: 1, key: x, completion: log.handler("a", animator))
    for t in frames(to: 2, rate: 60) { animator.tick(to: t) }
    #expect(log.calls.count == 1)
    #expect(log.calls.first?.finished == true)
    // It ended at 0.5 s: the frame that noticed is the one at 30/60 s.
    #expect(isClose(log.calls.first?.time ?? -1, 0.5, 1e-9))
}

@Test func valuesFollowTheClockTheRunLoopAdvances() {
    let animator = Animator<Int>()
    var clock = FrameClock()
    animator.add(linear(0, 100, 1), for: 7, key: x)
    clock.advance(by: 0.25)
    animator.tick(to: clock)
    #expect(isClose(animator.value(for: 7, key: x) ?? -1, 25, 1e-9))
    #expect(isClose(animator.state(for: 7, key: x)?.velocity ?? -1, 100, 1e-9))
    #expect(animator.value(for: 8, key: x) == nil)
    #expect(animator.isAnimating && animator.isAnimating(7, key: x))
}

@Test func aNewAnimationUnderTheSameKeyReplacesTheOldAsUnfinished() {
    let animator = Animator<Int>(), log = CompletionLog()
    animator.add(linear(0, 1, 1), for: 1, key: x, completion: log.handler("old", animator))
    animator.tick(to: 0.5)
    animator.add(linear(5, 6, 1), for: 1, key: x, completion: log.handler("new", animator))
    #expect(log.calls.map(\.name) == ["old"] && log.calls.first?.finished == false)
    #expect(animator.value(for: 1, key: x) == 5)
    for t in frames(from: 0.5, to: 3, rate: 60) { animator.tick(to: t) }
    #expect(log.count("old") == 1 && log.count("new") == 1)
    #expect(log.calls.last?.finished == true)
}

@Test func keysAndTargetsAnimateIndependently() {
    let animator = Animator<Int>()
    animator.add(linear(0, 1, 1), for: 1, key: x)
    animator.add(linear(0, 2, 1), for: 2, key: x)
    animator.add(Animation(from: Vector.zero, to: Vector(10, 20), duration: 1, curve: .linear), for: 1, key: position)
    animator.tick(to: 0.5)
    #expect(isClose(animator.value(for: 1, key: x) ?? -1, 0.5, 1e-12))
    #expect(isClose(animator.value(for: 2, key: x) ?? -1, 1, 1e-12))
    #expect(animator.value(for: 1, key: position) == Vector(5, 10))
}

@Test func finishedAnimationsHandBackToTheModelUnlessHeld() {
    let animator = Animator<Int>()
    animator.add(linear(0, 10, 0.2), for: 1, key: x)
    var held = linear(0, 10, 0.2)
    held.holdsAtEnd = true
    animator.add(held, for: 2, key: x)
    animator.tick(to: 0.5)
    #expect(animator.value(for: 1, key: x) == nil)
    #expect(animator.value(for: 2, key: x) == 10)
    #expect(!animator.isAnimating)
}

@Test func completionsCanChainAnimationsThatStartWhereThePreviousEnded() {
    // The seed's edge bounce: out to a quarter, and from the first leg's completion, back again.
    let animator = Animator<Int>(), log = CompletionLog()
    let bounce = Transition.edgeBounce(from: .fromRight)
    animator.add(bounce.out.animation, for: 1, key: .transitionProgress) { [unowned animator] finished in
        log.calls.append(("out", finished, animator.time))
        animator.add(bounce.back.animation, for: 1, key: .transitionProgress, completion: log.handler("back", animator))
    }
    var values: [Double] = []
    for t in frames(to: 1, rate: 60) {
        animator.tick(to: t)
        values.append(animator.value(for: 1, key: .transitionProgress) ?? 0)
        // The back leg began at exactly 0.15 s, not at the frame after.
        if t > 0.15 && t < 0.3 {
            #expect(isClose(values.last!, bounce.back.progress(at: t - 0.15), 1e-9), "at \(t)")
        }
    }
    #expect(log.calls.map(\.name) == ["out", "back"] && log.calls.allSatisfy { $0.finished })
    #expect(isClose(values.max() ?? 0, 0.25, 0.01))
    #expect(animator.value(for: 1, key: .transitionProgress) == nil)
}

@Test func aChainThatEndsWithinOneTickCompletesInOrderOnce() {
    let animator = Animator<Int>(), log = CompletionLog()
    animator.add(linear(0, 1, 0.1), for: 1, key: x) { [unowned animator] finished in
        log.calls.append(("first", finished, animator.time))
        animator.add(linear(1, 2, 0.1), for: 1, key: x) { [unowned animator] finished in
            log.calls.append(("second", finished, animator.time))
            animator.add(linear(2, 3, 10), for: 1, key: x, completion: log.handler("third", animator))
        }
    }
    animator.tick(to: 1)
    #expect(log.calls.map(\.name) == ["first", "second"])
    // The third began when the second ended, at 0.2 s.
    #expect(isClose(animator.value(for: 1, key: x) ?? -1, 2 + 0.8 / 10, 1e-9))
    animator.tick(to: 20)
    #expect(log.calls.map(\.name) == ["first", "second", "third"])
}

@Test func aCompletionMayStopAnotherThatEndedInTheSameTick() {
    let animator = Animator<Int>(), log = CompletionLog()
    animator.add(linear(0, 1, 0.1), for: 1, key: x) { [unowned animator] finished in
        log.calls.append(("a", finished, 0))
        animator.stop(2, key: x)
        animator.removeAll(for: 2)
    }
    animator.add(linear(0, 1, 0.1), for: 2, key: x, completion: log.handler("b", animator))
    animator.tick(to: 0.5)
    #expect(log.count("a") == 1 && log.count("b") == 1)
    #expect(log.calls.allSatisfy { $0.finished })
}

@Test func stoppingReportsThePresentedValueAndVelocity() {
    let animator = Animator<Int>(), log = CompletionLog()
    let move = Animation(from: Vector(0, 0), to: Vector(300, 100), duration: 0.6, curve: .easeInEaseOut)
    animator.add(move, for: 1, key: position, completion: log.handler("move", animator))
    animator.tick(to: 0.2)
    let state = animator.stop(1, key: position)
    #expect(state == move.state(at: 0.2))
    #expect(state.map { $0.velocity.length > 0 } == true)
    #expect(log.calls.count == 1 && log.calls.first?.finished == false)
    #expect(animator.value(for: 1, key: position) == nil)
    #expect(animator.stop(1, key: position) == nil)
    animator.tick(to: 2)
    #expect(log.calls.count == 1)
}

@Test func removeAllStopsEveryKeyOfOneTarget() {
    let animator = Animator<Int>(), log = CompletionLog()
    animator.add(linear(0, 1, 1), for: 1, key: x, completion: log.handler("x", animator))
    animator.add(Animation(from: .zero, to: Vector(1, 1), duration: 1), for: 1, key: position,
                 completion: log.handler("position", animator))
    animator.add(linear(0, 1, 1), for: 2, key: x, completion: log.handler("other", animator))
    animator.removeAll(for: 1)
    #expect(log.calls.map(\.name) == ["x", "position"] && !log.calls.contains { $0.finished })
    #expect(animator.isAnimating(2, key: x) && !animator.isAnimating(1, key: x))
}

@Test func timeNeverRunsBackwards() {
    let animator = Animator<Int>()
    animator.add(linear(0, 1, 1), for: 1, key: x)
    animator.tick(to: 0.5)
    animator.tick(to: 0.25)
    #expect(animator.time == 0.5)
    #expect(isClose(animator.value(for: 1, key: x) ?? -1, 0.5, 1e-12))
    var clock = FrameClock(now: 2)
    clock.advance(to: 1)
    #expect(clock.now == 2)
    clock.advance(toMicroseconds: 2_500_000)
    #expect(clock.now == 2.5)
    #expect(FrameClock(microseconds: 16_667).now == 0.016667)
}

@Test func anExplicitBeginTimeSchedulesAhead() {
    let animator = Animator<Int>()
    animator.add(linear(0, 1, 1), for: 1, key: x, beginTime: 1)
    animator.tick(to: 0.5)
    #expect(animator.value(for: 1, key: x) == 0)
    animator.tick(to: 1.5)
    #expect(isClose(animator.value(for: 1, key: x) ?? -1, 0.5, 1e-12))
}
