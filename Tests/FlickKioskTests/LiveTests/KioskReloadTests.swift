import FlickKiosk
import FlickTestFixtures
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// A kiosk run from a config file in a directory of its own, on a virtual clock.
private final class ReloadHarness {
    let directory: String
    let file: String
    let kiosk: KioskScene
    let player: VirtualClockPlayer
    private let log = Log()
    var logged: [String] { log.lines }

    final class Log { var lines: [String] = [] }

    init(_ json: String, width: Int = 800, height: Int = 480) throws {
        directory = try ConfigFixtures.directory(["kiosk.json": json])
        file = directory + "/kiosk.json"
        let log = log
        let clock = WallClock(epoch: 1_790_000_000)
        let start = try LastGoodConfig(stateDirectory: directory + "/state", configFile: file).start { log.lines.append($0) }
        kiosk = KioskScene(config: start.config, file: file, width: width, height: height, fonts: try FontCollection(),
                           stateDirectory: directory + "/state", wallClock: clock,
                           notice: start.notice, log: { log.lines.append($0) })
        player = VirtualClockPlayer(scene: kiosk, width: width, height: height, weekClock: clock.weekClock)
    }

    func write(_ json: String) throws { try Data(json.utf8).write(to: URL(fileURLWithPath: file)) }
}

/// Every pixel of `surface`, to compare two screens.
private func pixels(_ surface: Surface) -> [UInt32] {
    (0..<surface.height).flatMap { y in (0..<surface.width).map { surface[$0, y] } }
}

private func kiosk(price: String, extra: String = "") -> String {
    #"""
    {"pages": [
      {"id": "menu", "right": "about", "content": {"type": "list", "title": "Menu", "items": [{"title": "Flat white \#(price)", "detail": "Milk"}]}},
      {"id": "about", "left": "menu", "content": {"type": "text", "title": "About", "body": "Since 1999"}}\#(extra)
    ]}
    """#
}

@Suite struct KioskReloadTests {
    @Test func aValidEditAppliesInPlaceOnThePageShown() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        h.kiosk.pages.show(page: "about")
        h.player.run()
        #expect(h.kiosk.pages.currentPage == "about")
        let about = h.kiosk.pages.page("about")
        try h.write(kiosk(price: "3.40"))
        h.kiosk.reload()
        h.player.run()
        #expect(h.kiosk.notice == nil)
        #expect(h.kiosk.pages.currentPage == "about")
        // The page on screen did not change: it is the same page, not made anew.
        #expect(h.kiosk.pages.page("about") === about)
        #expect((h.kiosk.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 3.40")
    }

    @Test func anInvalidEditKeepsTheLastGoodConfigWithANotice() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        let before = pixels(h.player.screen)
        try h.write(#"{"pages": [{"id": "menu", "content": {"type": "list"}}]}"#)
        h.kiosk.reload()
        h.player.run()
        #expect(h.kiosk.notice == #"Not applied: \#(h.file): pages[0].content.title: missing; expected a string (and 1 more)"#)
        #expect(h.logged.last?.hasPrefix("not applied, the last good config stays on screen: ") == true)
        #expect((h.kiosk.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 3.20")
        #expect(pixels(h.player.screen) != before)  // the notice shows
        // The same broken file saved again is not logged again; fixed, the notice goes.
        let lines = h.logged.count
        h.kiosk.reload()
        #expect(h.logged.count == lines)
        try h.write(kiosk(price: "3.30"))
        h.kiosk.reload()
        h.player.run()
        #expect(h.kiosk.notice == nil)
        #expect((h.kiosk.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 3.30")
    }

    @Test func aNewScheduleIsFollowedAtOnce() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        let scheduled = kiosk(price: "3.20").replacingOccurrences(
            of: #"{"pages""#, with: #"{"display": {"schedule": [{"from": "22:00", "until": "06:30", "screen": "off"}]}, "pages""#)
        try h.write(scheduled)
        h.kiosk.reload()
        #expect(h.player.screenPower?.schedule.windows.count == 1)
    }

    @Test func aPageThatIsGoneShowsTheOneBeforeIt() throws {
        let extra = #", {"id": "special", "left": "about", "content": {"type": "text", "title": "Today", "body": "Soup"}}"#
        let h = try ReloadHarness(kiosk(price: "3.20", extra: extra))
        h.kiosk.pages.show(page: "about")
        h.player.run()
        h.kiosk.pages.show(page: "special")
        h.player.run()
        try h.write(kiosk(price: "3.20"))
        h.kiosk.reload()
        h.player.run()
        #expect(h.kiosk.pages.currentPage == "about")
    }

    @Test func aBrokenConfigAtStartRunsTheLastGoodCopyWithANotice() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        try h.write("{\"pages\": [")
        var lines: [String] = []
        let start = try LastGoodConfig(stateDirectory: h.directory + "/state", configFile: h.file).start { lines.append($0) }
        #expect((start.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 3.20")
        #expect(start.notice?.hasPrefix("Not applied: \(h.file): invalid JSON") == true)
        #expect(lines.count == 1)
        // Without a copy (another state directory) the error is thrown, as before.
        #expect(throws: KioskConfigError.self) {
            _ = try LastGoodConfig(stateDirectory: h.directory + "/other", configFile: h.file).start { _ in }
        }
    }

    @Test func returnsToTheStartPageAfterTheIdleTime() throws {
        let json = kiosk(price: "3.20").replacingOccurrences(of: #"{"pages""#, with: #"{"returnToStart": 120, "pages""#)
        let h = try ReloadHarness(json)
        h.kiosk.pages.show(page: "about")
        h.player.run(until: 60)
        #expect(h.kiosk.pages.currentPage == "about")
        h.player.run(until: 119.9)
        #expect(h.kiosk.pages.currentPage == "about")
        h.player.run()
        #expect(h.kiosk.pages.currentPage == "menu")
        #expect(h.player.time < 121)
    }
}

/// Edits on disk picked up by the kiosk's own watch, on the real clock: the loop's sources polled as a board's are.
@Suite struct KioskWatchTests {
    @Test func aSavedPriceIsOnScreenWithoutAReload() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        let loop = TestLoop()
        // An editor's save: the file truncated, then written.
        try Data().write(to: URL(fileURLWithPath: h.file))
        try h.write(kiosk(price: "3.60"))
        #expect(loop.run(h.kiosk.sources, until: {
            (h.kiosk.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 3.60"
        }))
        // Read once, whole: the empty file in between was never refused.
        #expect(h.kiosk.notice == nil)
        #expect(!h.logged.contains { $0.contains("not applied") })
    }

    @Test func aDataFileIsReadAgainWhenWritten() throws {
        let json = kiosk(price: "3.20").replacingOccurrences(of: #"{"pages""#, with: #"{"sources": {"queue": {"file": "queue.txt"}}, "pages""#)
        let h = try ReloadHarness(json)
        #expect(h.kiosk.live.reading("queue") == .failed("\(h.directory)/queue.txt: no such file"))
        try Data("12\n".utf8).write(to: URL(fileURLWithPath: h.directory + "/queue.txt"))
        let loop = TestLoop()
        #expect(loop.run(h.kiosk.sources, until: { h.kiosk.live.reading("queue") == .live(.number(12)) }))
        try Data("13\n".utf8).write(to: URL(fileURLWithPath: h.directory + "/queue.txt.tmp"))
        rename(h.directory + "/queue.txt.tmp", h.directory + "/queue.txt")
        #expect(loop.run(h.kiosk.sources, until: { h.kiosk.live.reading("queue") == .live(.number(13)) }))
    }

    @Test func aStormOfWritesReloadsAFewTimesAndEndsOnTheLastGoodOne() throws {
        let h = try ReloadHarness(kiosk(price: "3.20"))
        let loop = TestLoop()
        for i in 0..<1000 {
            // Every other write broken: what counts is the last.
            try h.write(i % 2 == 0 ? "{\"pages\": [" : kiosk(price: "4.\(i % 100)"))
        }
        try h.write(kiosk(price: "9.99"))
        #expect(loop.run(h.kiosk.sources, until: {
            (h.kiosk.config.page("menu")?.content.kind as? KioskConfig.ListPage)?.items[0].title == "Flat white 9.99"
        }))
        #expect(h.kiosk.notice == nil)
        #expect(h.logged.count < 10, "\(h.logged)")
    }
}
