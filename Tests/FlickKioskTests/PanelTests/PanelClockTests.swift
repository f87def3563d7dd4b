@testable import FlickKiosk
import FlickJSON
import FlickRaster
import FlickUI
import Testing

/// A panel of a time, a date, and both, each its own widget, the last one bound to a `clock` source.
private let clocks = """
{"sources": {"now": {"clock": "minute"}},
 "pages": [{"id": "clocks", "content": {"type": "panel", "widgets": [
   {"clock": "time"}, {"clock": "date"}, {"clock": "dateTime", "source": "now"}]}}]}
"""

/// Clocks in the page's language, written by ICU from the wall clock or a source, at a fixed local time
/// (15:07:30 on Tuesday 3 March 2026). Arabic is Egypt's, whose Arabic-Indic digits every CLDR keeps (plain "ar" has
/// Latin digits from CLDR 44).
@Suite struct PanelClockTests {
    @Test(arguments: [
        ("en", "3:07\u{202F}PM", "Tuesday, March 3", "Tue, Mar 3, 3:07\u{202F}PM"),
        ("ja", "15:07", "3月3日火曜日", "3月3日(火) 15:07"),
        ("ar-EG", "٣:٠٧ م", "الثلاثاء، ٣ مارس", "الثلاثاء، ٣ مارس، ٣:٠٧ م"),
    ])
    func theTimeAndDateInTheLanguage(language: String, time: String, date: String, both: String) throws {
        let panel = try LanguagePanel(clocks, language: language, live: ["now": .number(PanelHarness.tuesdayAfternoon)])
        #expect(panel.clockText(0) == time)
        #expect(panel.clockText(1) == date)
        #expect(panel.clockText(2) == both)
    }

    @Test func aClockWithoutASourceWakesTheScreenAtTheNextMinuteOnly() throws {
        let epoch = PanelHarness.localEpoch(year: 2026, month: 3, day: 3, hour: 15, minute: 7, second: 50)
        let panel = try PanelHarness(clocks, epoch: epoch)
        let time = try #require(panel.page.tiles[0] as? ClockTile)
        panel.player.run(until: 9)
        let drawn = panel.player.framesDrawn
        #expect(time.shownText == "3:07\u{202F}PM")
        #expect(panel.scene.nextDeadline.map { abs($0 - 10) < 1e-6 } == true)
        panel.player.run(until: 9.9)
        #expect(panel.player.framesDrawn == drawn)
        panel.player.run(until: 10.1)
        #expect(panel.player.framesDrawn == drawn + 1)
        #expect(time.shownText == "3:08\u{202F}PM")
    }

    @Test func aClockWithASourceShowsTheSourcesMoment() throws {
        let panel = try PanelHarness(clocks)
        let bound = try #require(panel.page.tiles[2] as? ClockTile)
        #expect(bound.shownText == "–")
        let later = PanelHarness.localEpoch(year: 2026, month: 12, day: 24, hour: 9, minute: 5, second: 0)
        panel.receive(["now": .number(later)])
        #expect(bound.shownText == "Thu, Dec 24, 9:05\u{202F}AM")
    }

    @Test func numbersAreWrittenInTheLanguage() throws {
        let arabic = try LanguagePanel(language: "ar-EG", live: ["parts": .number(1234.5), "temperature": .number(21.25)])
        #expect((arabic.page.tiles[2] as? ValueTile)?.shown.text == "١٬٢٣٤٫٥")
        #expect((arabic.page.tiles[0] as? ValueTile)?.shown.text == "٢١٫٣")
        let german = try LanguagePanel(language: "de", live: ["parts": .number(1234.5)])
        #expect((german.page.tiles[2] as? ValueTile)?.shown.text == "1.234,5")
    }

    @Test func aRightToLeftPanelRunsFromTheRight() throws {
        let arabic = try LanguagePanel(language: "ar-EG", live: ["temperature": .number(86.25), "pressure": .number(6.4),
                                                              "conveyor": .bool(true), "speed": .number(35), "batch": .number(320)])
        let english = try LanguagePanel(language: "en")
        let mirrored = arabic.page.tiles.map(\.view.frame), plain = english.page.tiles.map(\.view.frame)
        for (m, p) in zip(mirrored, plain) {
            #expect(m.minX == 800 - p.maxX)
            #expect(m.minY == p.minY)
        }
        arabic.player.run(until: 0.1)
        try GoldenImage.check(arabic.player.screen, named: "panel-factory-ar-800x480")
    }
}
