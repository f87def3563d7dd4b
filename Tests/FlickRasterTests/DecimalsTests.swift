import FlickRaster
import Testing

@Test func decimalsRoundAsPrintfDoes() {
    #expect((59_940.0 / 1000).formatted(decimals: 2) == "59.94")
    #expect(0.0004.formatted(decimals: 3) == "0.000")
    #expect((2.0 / 3).formatted(decimals: 3) == "0.667")
    #expect((-1.25).formatted(decimals: 1) == "-1.2") // 1.25 is exact in binary: halves go to even
    #expect(93.75.formatted(decimals: 0) == "94")
    #expect(1e20.formatted(decimals: 1) == "100000000000000000000.0")
}
