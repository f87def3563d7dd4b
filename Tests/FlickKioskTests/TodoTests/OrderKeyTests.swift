import FlickKiosk
import FlickTestFixtures
import Testing

@Suite struct OrderKeyTests {
    /// Keys made by inserting at random places, at the ends too, with and without jitter: always strictly between
    /// their neighbours, and each reads back from its text.
    @Test(arguments: [false, true])
    func aKeyBetweenTwoKeysSortsBetweenThem(jittered: Bool) {
        var random = SplitMix64(seed: 3)
        var keys: [OrderKey] = []
        for _ in 0..<2_000 {
            let at = Int(random.next() % UInt64(keys.count + 1))
            let jitter: (() -> UInt64)? = jittered ? { random.next() } : nil
            let key = OrderKey.between(at > 0 ? keys[at - 1] : nil, at < keys.count ? keys[at] : nil, jitter: jitter)
            if at > 0 { #expect(keys[at - 1] < key) }
            if at < keys.count { #expect(key < keys[at]) }
            #expect(OrderKey(text: key.text) == key)
            keys.insert(key, at: at)
        }
        #expect(keys == keys.sorted())
    }

    /// A pull-to-add puts every new item at the top: ten thousand of them still make short keys.
    @Test func keysAtTheEndsGrowOnlyLogarithmically() {
        var top = OrderKey.first, bottom = OrderKey.first
        for _ in 0..<10_000 {
            let next = OrderKey.between(nil, top)
            #expect(next < top)
            top = next
            bottom = OrderKey.between(bottom, nil)
        }
        #expect(top.text.count <= 4)
        #expect(bottom.text.count <= 4)
    }

    @Test func splittingOneGapAgainAndAgainGrowsAboutOneDigitPerSixSplits() {
        let low = OrderKey.first, high = OrderKey.between(low, nil)
        var key = high
        for _ in 0..<60 { key = OrderKey.between(low, key) }
        #expect(key > low)
        #expect(key.text.count <= 2 + 60 / 5)
    }

    @Test func aListWithoutKeysGetsThemInOrder() {
        let keys = OrderKey.sequence(100)
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == 100)
        #expect(keys.prefix(3).map(\.text) == ["a0", "a1", "a2"])
    }

    @Test(arguments: ["", "a", "a00", "b0", "A", "A00000000000000000000000000", "a0 ", "a0é", "-0", "a/"])
    func anythingElseIsNoKey(text: String) {
        #expect(OrderKey(text: text) == nil)
    }
}
