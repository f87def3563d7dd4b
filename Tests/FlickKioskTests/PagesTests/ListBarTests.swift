@testable import FlickKiosk
import FlickText
import FlickUI
import Testing

/// The tour's list, "Around the kiosk", with a short, a longer and a long item title, in `language` (English, or
/// Arabic right to left with the same titles).
private func aroundTheKiosk(width: Int, height: Int, language: String = "en") throws -> (ListPage, VirtualClockPlayer) {
    let json = #"""
    {"languages": {"words": {"ar-EG": {}}},
     "pages": [{"id": "info", "language": "\#(language)", "content": {"type": "list", "title": "Around the kiosk", "items": [
       {"title": "Swiping", "detail": "Drag a page past 8 mm."},
       {"title": "Rubber band", "detail": "Where there is no neighbour the page resists."},
       {"title": "Rubber band: where there is no neighbour", "detail": "The page resists."}]}}]}
    """#
    let config = try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/tmp")
    let scene = PagesScene(config: config, width: width, height: height, fonts: try FontCollection())
    let page = try #require(scene.page("info") as? ListPage)
    return (page, VirtualClockPlayer(scene: scene, width: width, height: height))
}

/// Opens row `index` with a tap (rows 88 px under the 96 px bar at 160 dpi) and lets the push settle.
private func open(_ index: Int, _ player: VirtualClockPlayer) {
    player.enqueue(tapScript(at: (Double(player.screen.width) / 2, 96 + 88 * Double(index) + 44), downMs: player.time * 1000 + 50,
                             upMs: player.time * 1000 + 100))
    player.run(until: player.time + 1)
}

@Suite struct ListBarTests {
    /// On a 480 px wide portrait screen "Rubber band" would end in "…" centred between "‹ Around the kiosk" and
    /// as much room on the right: the back control keeps its chevron alone, a square, and the title shows whole.
    @Test func onANarrowScreenTheBackControlGivesItsTitleToTheItems() throws {
        let (page, player) = try aroundTheKiosk(width: 480, height: 800)
        open(1, player)
        #expect(page.bar.title.text == "Rubber band" && !page.bar.title.isTruncated)
        #expect(page.bar.back.title == "‹")
        let back = page.bar.back.view.frame
        #expect(back.width == back.height && back.minX < 24)
        #expect(page.bar.title.view.frame.minX >= back.maxX)
    }

    /// Where both fit, as on an 800x480 panel, the back control keeps the list's title; a title too long for that
    /// takes it, and the next item whose title fits gives it back.
    @Test func onAWideScreenTheBackControlKeepsTheListsTitleUnlessTheItemsNeedsIt() throws {
        let (page, player) = try aroundTheKiosk(width: 800, height: 480)
        open(1, player)
        #expect(page.bar.back.title == "‹ Around the kiosk" && !page.bar.title.isTruncated)
        let back = page.bar.back.view.frame
        func goBackThenOpen(_ index: Int) {
            let shown = page.bar.back.view.frame
            player.enqueue(tapScript(at: (shown.midX, shown.midY), downMs: player.time * 1000 + 50, upMs: player.time * 1000 + 100))
            player.run(until: player.time + 1)
            open(index, player)
        }
        goBackThenOpen(2)
        #expect(page.bar.back.title == "‹" && !page.bar.title.isTruncated)
        goBackThenOpen(0)
        #expect(page.bar.title.text == "Swiping" && page.bar.back.title == "‹ Around the kiosk")
        #expect(page.bar.back.view.frame == back)
    }

    /// Right to left, the chevron alone is at the bar's right end, pointing right: back, the way the page reads.
    @Test func aRightToLeftChevronAlonePointsRightFromTheRightEnd() throws {
        let (page, player) = try aroundTheKiosk(width: 480, height: 800, language: "ar-EG")
        open(1, player)
        #expect(page.bar.back.title == "›" && !page.bar.title.isTruncated)
        #expect(page.bar.back.view.frame.maxX > 456)
    }
}
