import FlickMotion
import Testing

@Suite struct CarryTests {
    @Test(arguments: [-3000.0, -1000, -200, 0, 150, 900, 2500, 20000])
    func aCarryStartsAtTheReleaseSpeedAndComesToRestWithoutOvershooting(_ velocity: Double) {
        // 440 px to go to the left; the finger heads there at `-velocity`… or away.
        let carry = Animation.carrying(from: 0, to: -440, velocity: -velocity, longest: 0.4)
        let duration = carry.endTime ?? 0
        #expect(duration > 0 && duration <= 0.4)
        let expected = min(max(-velocity, -2 * 440 / duration), 2 * 440 / duration)
        #expect(abs(carry.velocity(at: 1e-9) - expected) < 1e-4 * max(1, abs(expected)))
        if velocity >= 0 {
            let values = stride(from: 0.0, through: duration, by: duration / 200).map { carry.value(at: $0) }
            #expect(values.allSatisfy { $0 >= -440 - 1e-9 && $0 <= 1e-9 })
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 - 1e-9 }, "moves one way only")
        }
        #expect(abs(carry.value(at: duration) + 440) < 1e-9)
        #expect(abs(carry.velocity(at: duration)) < 1e-6)
    }

    @Test func aFastFingerFinishesSoonerThanASlowOne() {
        let fast = Animation.carrying(from: 0, to: 300, velocity: 3000, longest: 0.4)
        let slow = Animation.carrying(from: 0, to: 300, velocity: 500, longest: 0.4)
        #expect(fast.endTime == 0.2)
        #expect(slow.endTime == 0.4)
    }
}
