import FlickKiosk
import FlickTestFixtures
import Testing

/// A wall clock a test sets by hand, in milliseconds.
final class HandClock {
    var milliseconds: UInt64
    init(_ milliseconds: UInt64) { self.milliseconds = milliseconds }
    var read: () -> UInt64 { { [unowned self] in milliseconds } }
}

@Suite struct HybridClockTests {
    @Test func timestampsFollowTheWallClockAndCountWithinAMillisecond() {
        let wall = HandClock(1_000)
        var clock = HybridClock(node: "cafe-1", wallMilliseconds: wall.read)
        #expect(clock.now() == HLCTimestamp(wall: 1_000, counter: 0, node: "cafe-1"))
        #expect(clock.now() == HLCTimestamp(wall: 1_000, counter: 1, node: "cafe-1"))
        wall.milliseconds = 1_005
        #expect(clock.now() == HLCTimestamp(wall: 1_005, counter: 0, node: "cafe-1"))
    }

    /// A Pi boots in 1970 until NTP sets its clock, and NTP may step a clock back.
    @Test func aWallClockThatGoesBackNeverMakesAnEarlierTimestamp() {
        let wall = HandClock(1_700_000_000_000)
        var clock = HybridClock(node: "cafe-1", wallMilliseconds: wall.read)
        var last = clock.now()
        for back in [1_000, 0, 999_999] as [UInt64] {
            wall.milliseconds = back
            let next = clock.now()
            #expect(next > last)
            #expect(next.wall == 1_700_000_000_000)
            last = next
        }
    }

    @Test func aTimestampSeenFromAnotherNodeIsBeforeEveryLaterLocalOne() {
        let wall = HandClock(500)
        var clock = HybridClock(node: "a", wallMilliseconds: wall.read)
        let remote = HLCTimestamp(wall: 9_000, counter: 7, node: "b")
        clock.observe(remote)
        let next = clock.now()
        #expect(next > remote)
        #expect(next == HLCTimestamp(wall: 9_000, counter: 8, node: "a"))
        // An older one changes nothing.
        clock.observe(HLCTimestamp(wall: 1, node: "z"))
        #expect(clock.now() == HLCTimestamp(wall: 9_000, counter: 9, node: "a"))
    }

    @Test func aFullCounterBorrowsTheNextMillisecond() {
        var clock = HybridClock(node: "a", wallMilliseconds: { 10 })
        clock.observe(HLCTimestamp(wall: 10, counter: .max, node: "b"))
        #expect(clock.now() == HLCTimestamp(wall: 11, counter: 0, node: "a"))
        #expect(clock.now() == HLCTimestamp(wall: 11, counter: 1, node: "a"))
    }

    @Test func theNodeBreaksTheLastTie() {
        #expect(HLCTimestamp(wall: 5, counter: 1, node: "a") < HLCTimestamp(wall: 5, counter: 1, node: "b"))
        #expect(HLCTimestamp(wall: 5, counter: 1, node: "z") < HLCTimestamp(wall: 5, counter: 2, node: "a"))
        #expect(HLCTimestamp(wall: 5, counter: 9, node: "z") < HLCTimestamp(wall: 6, counter: 0, node: "a"))
    }

    @Test func theTextFormReadsBackAndSortsAsTheTimestampsDo() {
        let stamp = HLCTimestamp(wall: 0x18f3a2b4c5d, counter: 3, node: "cafe-1")
        #expect(stamp.text == "0000018f3a2b4c5d-0003-cafe-1")
        #expect(HLCTimestamp(text: stamp.text) == stamp)
        var random = SplitMix64(seed: 34)
        let nodes = ["a", "b", "cafe-1", "cafe-10", "Z.9_x"]
        let stamps = (0..<300).map { _ in
            HLCTimestamp(wall: random.next() % 4, counter: UInt16(random.next() % 3), node: nodes[Int(random.next() % 5)])
        }
        #expect(stamps.sorted().map(\.text) == stamps.map(\.text).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test(arguments: ["", "0000018f3a2b4c5d-0003-", "0000018F3A2B4C5D-0003-cafe", "18f3a2b4c5d-0003-cafe",
                      "0000018f3a2b4c5d-03-cafe", "0000018f3a2b4c5d-0003-ca fe", "0000018f3a2b4c5d-0003-ca/fe",
                      "0001000000000000-0000-cafe", "0000018f3a2b4c5d_0003-cafe", "-000018f3a2b4c5d-0003-cafe",
                      "0000018f3a2b4c5d-0003-" + String(repeating: "n", count: 65)])
    func anythingElseIsNoTimestamp(text: String) {
        #expect(HLCTimestamp(text: text) == nil)
    }
}
