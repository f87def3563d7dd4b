@testable import FlickKiosk
import FlickText
import FlickUI
import Testing

/// The café's special: a page shown only on Fridays from 11:00 to 14:00, between the menu and the opening hours.
private let cafe = #"""
{"pages": [
  {"id": "menu", "right": "special", "content": {"type": "text", "title": "Menu", "body": "Flat white 3.20"}},
  {"id": "special", "left": "menu", "right": "hours", "shown": [{"days": ["fri"], "from": "11:00", "until": "14:00"}],
   "content": {"type": "text", "title": "Today", "body": "Soup"}},
  {"id": "hours", "left": "special", "content": {"type": "text", "title": "Hours", "body": "8–18"}}
]}
"""#

@Suite struct ShownPagesTests {
    private func kiosk(at epoch: Double) throws -> (KioskScene, VirtualClockPlayer) {
        let config = try KioskConfig.parse(Array(cafe.utf8), file: "cafe.json", directory: "/")
        let kiosk = KioskScene(config: config, file: nil, width: 400, height: 240, fonts: try FontCollection(),
                               wallClock: WallClock(epoch: epoch))
        return (kiosk, VirtualClockPlayer(scene: kiosk, width: 400, height: 240))
    }

    @Test func aPageOutsideItsTimesIsPassedOverUntilItsWindowOpens() throws {
        // Friday 27 November 2026, 10:59 local time.
        let (kiosk, player) = try kiosk(at: PanelHarness.localEpoch(year: 2026, month: 11, day: 27, hour: 10, minute: 59, second: 0))
        #expect(kiosk.pages.graph.neighbour(of: "menu", .right) == "hours")
        kiosk.pages.show(page: "special")
        player.run()
        #expect(kiosk.pages.currentPage == "menu")
        // At 11:00 exactly the loop wakes and the special is there.
        player.run(until: 60.5)
        #expect(kiosk.pages.graph.neighbour(of: "menu", .right) == "special")
        kiosk.pages.show(page: "special")
        player.run(until: 62)
        #expect(kiosk.pages.currentPage == "special")
        // At 14:00 it gives way to the page before it.
        player.run(until: 3 * 3600 + 61)
        #expect(kiosk.pages.currentPage == "menu")
    }

    @Test func onOtherDaysItIsNeverShown() throws {
        let (kiosk, _) = try kiosk(at: PanelHarness.localEpoch(year: 2026, month: 11, day: 26, hour: 12, minute: 0, second: 0))
        #expect(kiosk.pages.graph.neighbour(of: "menu", .right) == "hours")
        #expect(kiosk.pages.graph.neighbour(of: "hours", .left) == "menu")
    }

    @Test func theStartPageCannotBeHidden() {
        let json = #"{"pages": [{"id": "a", "shown": [{"days": ["mon"]}], "content": {"type": "todo"}}]}"#
        #expect(throws: KioskConfigError.self) { try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/") }
    }
}
