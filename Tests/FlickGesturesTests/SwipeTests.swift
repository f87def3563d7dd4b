import FlickTestFixtures
import Foundation
import Testing
@testable import FlickGestures
import FlickInput

private func decision(_ stream: TouchScript, axes: Set<Axis> = [.horizontal, .vertical]) -> SwipeDecision? {
    run(SwipeRecognizer(metrics: metrics, axes: axes), stream).0.decision
}

@Test func swipeShorterThanThresholdSnapsBack() throws {
    // 40 px at 100 px/s: short of the 48 px commit distance and far under the flick velocity.
    let short = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 100, "type": "move", "id": 0, "x": 590, "y": 401},
     {"t": 200, "type": "move", "id": 0, "x": 580, "y": 401},
     {"t": 300, "type": "move", "id": 0, "x": 570, "y": 402},
     {"t": 400, "type": "move", "id": 0, "x": 560, "y": 402},
     {"t": 420, "type": "up", "id": 0}]
    """)
    let (swipe, states) = run(SwipeRecognizer(metrics: metrics), short)
    #expect(states == [.possible, .possible, .began, .changed, .changed, .ended])
    #expect(swipe.axis == .horizontal)
    #expect(swipe.offset == -40)
    #expect(swipe.decision == .snapBack)
}

@Test func slowDragPastTheThresholdCommits() throws {
    let long = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 150, "type": "move", "id": 0, "x": 580, "y": 400},
     {"t": 300, "type": "move", "id": 0, "x": 560, "y": 400},
     {"t": 450, "type": "move", "id": 0, "x": 540, "y": 400},
     {"t": 600, "type": "move", "id": 0, "x": 520, "y": 400},
     {"t": 620, "type": "up", "id": 0}]
    """)
    #expect(decision(long) == .commit(.left))
}

@Test func fastFlickCommitsBeforeReachingTheDistance() throws {
    // 30 px in 40 ms at 120 Hz: 750 px/s, twice the flick velocity.
    let flick = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 8, "type": "move", "id": 0, "x": 606, "y": 400},
     {"t": 16, "type": "move", "id": 0, "x": 612, "y": 400},
     {"t": 24, "type": "move", "id": 0, "x": 618, "y": 400},
     {"t": 32, "type": "move", "id": 0, "x": 624, "y": 400},
     {"t": 40, "type": "move", "id": 0, "x": 630, "y": 400},
     {"t": 48, "type": "up", "id": 0}]
    """)
    let (swipe, _) = run(SwipeRecognizer(metrics: metrics), flick)
    #expect(abs(swipe.velocity.x - 750) < 1e-6)
    #expect(swipe.decision == .commit(.right))
}

@Test func fingerThatStopsBeforeLiftingDoesNotFling() throws {
    // The same 30 px flick, but the finger rests 200 ms before lifting: no phantom fling.
    let rest = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 8, "type": "move", "id": 0, "x": 606, "y": 400},
     {"t": 16, "type": "move", "id": 0, "x": 612, "y": 400},
     {"t": 24, "type": "move", "id": 0, "x": 618, "y": 400},
     {"t": 32, "type": "move", "id": 0, "x": 624, "y": 400},
     {"t": 40, "type": "move", "id": 0, "x": 630, "y": 400},
     {"t": 240, "type": "up", "id": 0}]
    """)
    let (swipe, _) = run(SwipeRecognizer(metrics: metrics), rest)
    #expect(swipe.velocity == .zero)
    #expect(swipe.decision == .snapBack)
}

@Test func flickBackAgainstTheDragSnapsBack() {
    // Out 150 px, then flicked 80 px back: still 70 px out, but the user changed their mind.
    let back = sampledDrag(from: Point(x: 300, y: 400), hertz: 120, lift: 920) { t in
        Vector(x: t <= 800 ? 150 * t / 800 : 150 - 80 * (t - 800) / 120, y: 0)
    }
    let (swipe, _) = run(SwipeRecognizer(metrics: metrics), back)
    #expect(swipe.offset > 48)
    #expect(swipe.decision == .snapBack)
}

@Test func directionLockHoldsOnADiagonalStart() throws {
    // Leaves the slop slightly more sideways than down, then heads straight down: stays horizontal.
    let diagonal = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 10, "type": "move", "id": 0, "x": 605, "y": 403},
     {"t": 20, "type": "move", "id": 0, "x": 610, "y": 406},
     {"t": 30, "type": "move", "id": 0, "x": 615, "y": 409},
     {"t": 130, "type": "move", "id": 0, "x": 616, "y": 460},
     {"t": 230, "type": "move", "id": 0, "x": 616, "y": 560},
     {"t": 330, "type": "move", "id": 0, "x": 616, "y": 660},
     {"t": 340, "type": "up", "id": 0}]
    """)
    let (swipe, states) = run(SwipeRecognizer(metrics: metrics), diagonal)
    #expect(states[3] == .began)
    #expect(swipe.axis == .horizontal)
    #expect(swipe.translation == Vector(x: 16, y: 0))
    #expect(swipe.velocity.y == 0)
    #expect(swipe.decision == .snapBack)
}

@Test func horizontalSwipeStepsAsideForAVerticalDrag() throws {
    let vertical = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 20, "type": "move", "id": 0, "x": 604, "y": 420}]
    """)
    #expect(run(SwipeRecognizer(metrics: metrics, axes: [.horizontal]), vertical).0.state == .failed)
}

@Test func jitteryFingerNearTheSlopNeverStartsASwipe() {
    // A resting finger on a noisy panel: up to 10 px off where it landed (the slop is 12 px) for 400 ms at 60 Hz.
    var rng = SplitMix64(seed: 42)
    let start = Point(x: 640, y: 400)
    var events = [TouchEvent(.down, id: .finger(0), at: start, time: 0)]
    for k in 1...24 {
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        let radius = Double.random(in: 6...10, using: &rng)
        events.append(TouchEvent(.move, id: .finger(0), at: Point(x: start.x + radius * cos(angle), y: start.y + radius * sin(angle)), time: Microseconds(k) * 16_667))
    }
    events.append(TouchEvent(.up, id: .finger(0), at: events.last!.position, time: 25 * 16_667))
    let jitter = TouchScript(events: events)

    let (swipe, states) = run(SwipeRecognizer(metrics: metrics), jitter)
    #expect(!states.contains(.began))
    #expect(swipe.state == .failed)
    #expect(run(TapRecognizer(metrics: metrics), jitter).0.state == .ended)
}

@Test func cancelledTouchCancelsTheSwipeWithoutADecision() throws {
    let cancelled = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 20, "type": "move", "id": 0, "x": 540, "y": 400},
     {"t": 40, "type": "cancel", "id": 0}]
    """)
    let (swipe, states) = run(SwipeRecognizer(metrics: metrics), cancelled)
    #expect(states == [.possible, .began, .cancelled])
    #expect(swipe.decision == nil)
}

@Test func secondFingerBeforeTheSlopFailsTheSwipe() throws {
    let pinchStart = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 30, "type": "down", "id": 1, "x": 600, "y": 500}]
    """)
    #expect(run(SwipeRecognizer(metrics: metrics), pinchStart).0.state == .failed)
}

@Test func extraFingerAfterTheSwipeBeganIsIgnored() throws {
    let extra = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 600, "y": 400},
     {"t": 20, "type": "move", "id": 0, "x": 570, "y": 400},
     {"t": 40, "type": "down", "id": 1, "x": 100, "y": 100},
     {"t": 60, "type": "move", "id": 1, "x": 300, "y": 300},
     {"t": 60, "type": "move", "id": 0, "x": 540, "y": 400},
     {"t": 80, "type": "up", "id": 1},
     {"t": 300, "type": "move", "id": 0, "x": 530, "y": 400},
     {"t": 320, "type": "up", "id": 0}]
    """)
    let (swipe, _) = run(SwipeRecognizer(metrics: metrics), extra)
    #expect(swipe.offset == -70)
    #expect(swipe.decision == .commit(.left))
}

/// A finger movement: the offset from where it landed at each millisecond, until it lifts.
struct Motion: Sendable, CustomTestStringConvertible {
    var name: String
    var lift: Double
    var expected: SwipeDecision
    var path: @Sendable (Double) -> Vector

    var testDescription: String { name }

    static let all: [Motion] = [
        Motion(name: "fast short flick", lift: 80, expected: .commit(.right)) { t in Vector(x: 40 * t / 80, y: 0) },
        Motion(name: "slow short drag", lift: 600, expected: .snapBack) { t in Vector(x: -40 * t / 600, y: 2) },
        Motion(name: "slow long drag, easing in and out", lift: 800, expected: .commit(.down)) { t in
            let s = t / 800
            return Vector(x: 5, y: 150 * s * s * (3 - 2 * s))
        },
        Motion(name: "quick drag that rests before lifting", lift: 210, expected: .snapBack) { t in
            Vector(x: 0, y: -40 * min(t, 60) / 60)
        },
        Motion(name: "drag out and flick back", lift: 920, expected: .snapBack) { t in
            Vector(x: t <= 800 ? 150 * t / 800 : 150 - 80 * (t - 800) / 120, y: 0)
        },
    ]
}

/// The same finger movements, reported by a 25 Hz resistive panel and a 120 Hz capacitive one.
@Test(arguments: Motion.all)
func sameMotionAt25And120HertzGivesTheSameDecision(motion: Motion) {
    for hertz in [25.0, 120.0] {
        let stream = sampledDrag(from: Point(x: 400, y: 300), hertz: hertz, lift: motion.lift, path: motion.path)
        #expect(decision(stream) == motion.expected, "\(motion.name) at \(Int(hertz)) Hz")
    }
}
