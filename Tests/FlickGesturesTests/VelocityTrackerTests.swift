import FlickTestFixtures
import Testing
@testable import FlickGestures

@Test func steadyMotionReadsItsExactSpeedEvenWithIrregularSampling() {
    var tracker = VelocityTracker()
    // 300 px/s right and 120 px/s up, reported at uneven 6–17 ms gaps.
    var t: Microseconds = 0
    for gap: Microseconds in [0, 8_000, 17_000, 6_000, 12_000, 9_000, 16_000, 7_000] {
        t += gap
        let seconds = Double(t) / 1_000_000
        tracker.add(Point(x: 100 + 300 * seconds, y: 500 - 120 * seconds), at: t)
    }
    let v = tracker.velocity(at: t)
    #expect(abs(v.x - 300) < 1e-6)
    #expect(abs(v.y + 120) < 1e-6)
}

@Test func onlyTheLastHundredMillisecondsCount() {
    var tracker = VelocityTracker()
    // Slow for half a second, then fast: the slow part is outside the horizon.
    for i in 0...50 { tracker.add(Point(x: Double(i), y: 0), at: Microseconds(i) * 10_000) }
    for i in 1...12 { tracker.add(Point(x: 50 + 10 * Double(i), y: 0), at: 500_000 + Microseconds(i) * 10_000) }
    #expect(abs(tracker.velocity(at: 620_000).x - 1000) < 1e-6)
}

@Test func duplicateTimestampsAreIgnored() {
    var tracker = VelocityTracker()
    tracker.add(Point(x: 0, y: 0), at: 0)
    tracker.add(Point(x: 5, y: 0), at: 10_000)
    tracker.add(Point(x: 10, y: 0), at: 10_000) // same instant: keeps the newer position
    tracker.add(Point(x: 20, y: 0), at: 20_000)
    let v = tracker.velocity(at: 20_000)
    #expect(v.x.isFinite)
    #expect(abs(v.x - 1000) < 1e-6)
}

@Test func aFingerThatRestedBeforeLiftingHasNoVelocity() {
    var tracker = VelocityTracker()
    for i in 0...6 { tracker.add(Point(x: 20 * Double(i), y: 0), at: Microseconds(i) * 8_000) }
    #expect(tracker.velocity(at: 48_000).x > 2000)
    // Panels send nothing while a finger rests: 150 ms of silence, then the lift.
    #expect(tracker.velocity(at: 198_000) == .zero)
}

@Test func aSlowPanelsNormalGapIsNotARest() {
    var tracker = VelocityTracker()
    // 25 Hz: a report every 40 ms, and the lift arrives a little late at the next scan.
    for i in 0...3 { tracker.add(Point(x: 20 * Double(i), y: 0), at: Microseconds(i) * 40_000) }
    #expect(abs(tracker.velocity(at: 170_000).x - 500) < 1e-6)
}

@Test func tooFewSamplesReadZero() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity(at: 0) == .zero)
    tracker.add(Point(x: 3, y: 4), at: 0)
    #expect(tracker.velocity(at: 0) == .zero)
}

@Test func timeGoingBackwardsStartsAfresh() {
    var tracker = VelocityTracker()
    tracker.add(Point(x: 0, y: 0), at: 50_000)
    tracker.add(Point(x: 100, y: 0), at: 60_000)
    tracker.add(Point(x: 0, y: 0), at: 10_000)
    tracker.add(Point(x: 0, y: 10), at: 20_000)
    let v = tracker.velocity(at: 20_000)
    #expect(v.x == 0)
    #expect(abs(v.y - 1000) < 1e-6)
}

@Test func jitterAroundARestingPointReadsFarBelowAFlick() {
    var tracker = VelocityTracker()
    var rng = SplitMix64(seed: 7)
    for i in 0..<30 {
        let jitter = Point(x: 400 + Double.random(in: -1.5...1.5, using: &rng), y: 300 + Double.random(in: -1.5...1.5, using: &rng))
        tracker.add(jitter, at: Microseconds(i) * 8_333)
    }
    #expect(tracker.velocity(at: 29 * 8_333).length < metrics.pixelsPerSecond(SwipeRecognizer.flickVelocity) / 2)
}

/// Reports delivered in a burst (QMP into a virtual machine, a busy bus) carry times a fraction of a millisecond
/// to a few apart: a swipe left must never read as moving right (the page would take it for a change of mind).
@Test func aSwipeDeliveredInABurstNeverReadsBackwards() {
    var rng = SplitMix64(seed: 12)
    var backwards = 0
    for _ in 0..<1000 {
        var tracker = VelocityTracker()
        var time: Microseconds = 1_000_000
        for step in 0...6 {
            tracker.add(Point(x: 480 - Double(step) * 320 / 6, y: 200), at: time)
            time += Bool.random(using: &rng) ? Microseconds.random(in: 50...500, using: &rng)
                : Microseconds.random(in: 1_000...4_000, using: &rng)
        }
        if tracker.velocity(at: time).x >= 0 { backwards += 1 }
    }
    #expect(backwards == 0)
}

/// A drag that a controller goes on reporting while the finger rests before the lift, `jitter` pixels either way.
private func heldDrag(distance: Double, over duration: Microseconds, every interval: Microseconds, held: Microseconds,
                      jitter: Double = 0, seed: UInt64 = 1) -> (VelocityTracker, lift: Microseconds) {
    var tracker = VelocityTracker()
    var rng = SplitMix64(seed: seed)
    func noise() -> Double { jitter == 0 ? 0 : Double.random(in: -jitter...jitter, using: &rng) }
    var t: Microseconds = 0
    while t <= duration + held {
        let progress = min(Double(t) / Double(duration), 1)
        // Eased in and out, as a finger moves a page: slowing to its rest.
        let eased = progress * progress * (3 - 2 * progress)
        tracker.add(Point(x: 100 + distance * eased + noise(), y: 300 + noise()), at: t)
        t += interval
    }
    return (tracker, t - interval)
}

@Test func aFingerHeldStillWhileTheControllerReportsHasNoVelocity() {
    for (interval, held) in [(25_000, 50_000), (8_000, 48_000), (8_000, 56_000)] as [(Microseconds, Microseconds)] {
        for jitter in [0.0, 1.0] {
            let (tracker, lift) = heldDrag(distance: 400, over: 300_000, every: interval, held: held, jitter: jitter)
            #expect(tracker.velocity(at: lift) == .zero, "reports every \(interval) µs, held \(held) µs, jitter \(jitter)")
        }
    }
}

@Test func aFingerThatOnlyJustStoppedNeverReadsBackwards() {
    for seed: UInt64 in 1...50 {
        for held: Microseconds in [8_000, 16_000, 24_000, 32_000] {
            let (tracker, lift) = heldDrag(distance: 400, over: 300_000, every: 8_000, held: held, jitter: 1, seed: seed)
            #expect(tracker.velocity(at: lift).x >= 0, "held \(held) µs, seed \(seed)")
        }
    }
}

@Test func aFingerThatReallyTurnsBackFlicksBack() {
    var tracker = VelocityTracker()
    // 200 px right in 160 ms, then 40 px back in the last 40 ms.
    for i in 0...20 { tracker.add(Point(x: 100 + 10 * Double(i), y: 0), at: Microseconds(i) * 8_000) }
    for i in 1...5 { tracker.add(Point(x: 300 - 8 * Double(i), y: 0), at: 160_000 + Microseconds(i) * 8_000) }
    #expect(tracker.velocity(at: 200_000).x < -800)
}
