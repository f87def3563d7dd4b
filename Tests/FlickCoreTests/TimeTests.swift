import FlickCore
import Testing

@Suite struct TimeTests {
    @Test func microsecondsAndSecondsConvertBothWays() {
        #expect(Microseconds(seconds: 0.016667) == 16_667)
        #expect(Microseconds(seconds: 1.0 / 60) == 16_667)
        #expect(Microseconds(16_667).seconds == 0.016667)
        #expect(Microseconds(milliseconds: 12.5) == 12_500)
        #expect(Microseconds(12_500).milliseconds == 12.5)
        #expect(Microseconds(seconds: UInt32(3), microseconds: UInt32(250_000)) == 3_250_000)
    }

    @Test func aFrameClockNeverRunsBackwards() {
        var clock = FrameClock(now: 2)
        clock.advance(to: 1)
        #expect(clock.now == 2)
        clock.advance(by: -0.5)
        #expect(clock.now == 2)
        clock.advance(toMicroseconds: 2_500_000)
        #expect(clock.now == 2.5)
        #expect(FrameClock(microseconds: 16_667).now == 0.016667)
    }

    @Test func aVirtualClockIsSharedAndNeverRunsBackwards() {
        let clock = VirtualClock()
        let reader: any TimeSource = clock
        #expect(reader.now == 0)
        clock.advance(to: 0.04)
        clock.advance(to: 0.02)
        #expect(reader.now == 0.04)
    }

    @Test func theMonotonicClockGoesOnAndAgreesWithItsMicroseconds() {
        let clock = MonotonicClock()
        let a = clock.now
        let micro = clock.nowMicroseconds
        let b = clock.now
        #expect(a > 0 && b >= a)
        #expect(micro.seconds >= a - 1e-6 && micro.seconds <= b)
    }
}
