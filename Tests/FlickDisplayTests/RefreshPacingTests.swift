import Testing
@testable import FlickDisplay

@Suite struct RefreshPacingTests {
    private func mode(millihertz: Int) -> DisplayMode {
        DisplayMode(width: 320, height: 240, refreshMillihertz: millihertz, isPreferred: true)
    }

    @Test func aBelievableModePacesAtItsOwnRate() {
        let pacing = RefreshPacing(mode: mode(millihertz: 59_940))
        #expect(pacing.interval == 16_683)
        #expect(pacing.note == nil)
    }

    /// An SPI panel (tinydrm/mipi-dbi) reporting 0.01 Hz used to be clamped to 1 Hz: animation time ran a
    /// second ahead of the screen.
    @Test(arguments: [10, 9_999, 500_001, 2_000_000])
    func anUnbelievableModePacesAt60HzAndSaysSo(millihertz: Int) {
        let pacing = RefreshPacing(mode: mode(millihertz: millihertz))
        #expect(pacing.interval == 16_667)
        #expect(pacing.note?.hasPrefix("mode 320x240@") == true)
        #expect(pacing.note?.hasSuffix("outside 10–500 Hz: pacing frames at 60 Hz (set display.refresh to the panel's real rate)") == true)
    }

    @Test func theConfiguredRateWinsAndIsLogged() {
        let pacing = RefreshPacing(mode: mode(millihertz: 10), configured: 30)
        #expect(pacing.interval == 33_333)
        #expect(pacing.note == "pacing frames at 30.00 Hz (display.refresh); the mode reports 0.01 Hz")
    }
}
