@testable import FlickKiosk
import FlickGestures
import FlickJSON
import FlickRaster
import FlickText
import FlickUI
import Testing

// The factory panel at 800x480 and 160 dpi (slop 2 mm = 12.6 px, commit 8 mm = 50.4 px), with a text page to its
// right and below it: widgets 0 oven, 3 conveyor toggle, 4 speed slider, 6 acknowledge button.

private let withNeighbour = factoryConfig(pages: #", {"id": "next", "content": {"type": "text", "title": "Next", "body": ""}}"#,
                                          neighbours: #""right": "next", "down": "next","#)
private let ack = KioskAction.publish(topic: "line1/ack", payload: "1", retain: false)
private let speed = KioskAction.publish(topic: "line1/speed", payload: "{value}", retain: false)
private let conveyor = KioskAction.publish(topic: "line1/conveyor", payload: "{value}", retain: false)

private func tap(_ point: (x: Double, y: Double)) -> [TouchFrame] { tapScript(at: point, downMs: 0, upMs: 80) }

/// Controls on a panel, through the same dispatcher as the swipe between pages: each wins its own touches and
/// leaves the page's to the page.
@Suite struct PanelTouchTests {
    @Test func aTapOnTheButtonPerformsItsActionAndMovesNoPage() throws {
        let panel = try PanelHarness(withNeighbour)
        var offsets: Set<Double> = []
        panel.player.enqueue(tap(panel.centre(of: 6)), startingAt: panel.player.time)
        panel.player.run(until: panel.player.time + 1) { _ in offsets.insert(panel.scene.offset) }
        #expect(panel.actions.map(\.action) == [ack])
        #expect(panel.actions.map(\.value) == [nil])
        #expect(offsets == [0])
        #expect(panel.scene.currentPage == "line")
    }

    @Test func aTapOnTheToggleFlipsItAndItsSourceHasTheLastWord() throws {
        let panel = try PanelHarness(withNeighbour)
        let toggle: ToggleTile = panel.tile(3)
        #expect(!toggle.isOn)
        panel.play(tap(panel.centre(of: 3)))
        panel.play(tap(panel.centre(of: 3)))
        #expect(panel.actions.map(\.action) == [conveyor, conveyor])
        #expect(panel.actions.map(\.value) == [.bool(true), .bool(false)])
        panel.receive(["conveyor": .string("on")])
        #expect(toggle.isOn)
        panel.play(tap(panel.centre(of: 3)))
        #expect(panel.actions.last?.value == .bool(false))
        #expect(panel.scene.currentPage == "line")
    }

    @Test func aDragAlongTheSliderSetsItsValueAndLeavesThePageStill() throws {
        let panel = try PanelHarness(withNeighbour)
        let slider: SliderTile = panel.tile(4)
        let frame = slider.view.frame
        // The thumb's centre runs between the padding plus its radius at either end: 16 + 14 px.
        let start = frame.minX + 30, end = frame.maxX - 30
        let from = (x: start + 0.2 * (end - start), y: frame.midY + 10)
        var offsets: Set<Double> = []
        panel.player.enqueue(dragScript(from: from, dx: 0.5 * (end - start), dy: 6), startingAt: panel.player.time)
        panel.player.run(until: panel.player.time + 1) { _ in offsets.insert(panel.scene.offset) }
        #expect(offsets == [0])
        #expect(panel.scene.currentPage == "line")
        // Let go at 70 % of 0 to 100, on a step of 5.
        #expect(slider.value == 70)
        #expect(panel.actions.map(\.action) == [speed])
        #expect(panel.actions.map(\.value) == [.number(70)])
    }

    @Test func theSameDragBesideTheSliderTurnsThePage() throws {
        let panel = try PanelHarness(withNeighbour)
        let oven = panel.page.tiles[0].view.frame
        panel.play(dragScript(from: (oven.maxX - 10, oven.midY), dx: -200))
        #expect(panel.scene.currentPage == "next")
        #expect(panel.actions.isEmpty)
    }

    @Test func aVerticalDragOnTheSliderStillTurnsThePage() throws {
        let panel = try PanelHarness(withNeighbour)
        let slider: SliderTile = panel.tile(4)
        panel.play(dragScript(from: (slider.view.frame.midX, slider.view.frame.midY), dx: 4, dy: -200))
        #expect(panel.scene.currentPage == "next")
        #expect(panel.actions.isEmpty)
        #expect(slider.value == 0)
    }

    @Test func aTapOnTheSliderSetsTheValueThere() throws {
        let panel = try PanelHarness(withNeighbour)
        let slider: SliderTile = panel.tile(4)
        let frame = slider.view.frame
        let start = frame.minX + 30, end = frame.maxX - 30
        panel.play(tap((start + 0.42 * (end - start), frame.midY)))
        #expect(slider.value == 40)
        #expect(panel.actions.map(\.value) == [.number(40)])
    }

    @Test func controlsAreAtLeastATouchTarget() throws {
        // Eight rows of controls cannot be shared out on 480 px: each keeps its 9 mm (57 px) and the page says so.
        let buttons = (0..<8).map { #"{"button": "B\#($0)", "action": "back"}"# }.joined(separator: ", ")
        var lines: [String] = []
        let json = #"{"pages": [{"id": "p", "content": {"type": "panel", "widgets": [\#(buttons)]}}]}"#
        let config = try KioskConfig.parse(Array(json.utf8), file: "p.json", directory: "/tmp")
        let scene = PagesScene(config: config, width: 800, height: 480, fonts: try FontCollection(), log: { lines.append($0) })
        let page = try #require(scene.page("p") as? PanelPage)
        #expect(page.tiles.allSatisfy { $0.view.frame.height >= 57 })
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("panel \"\": its widgets need ") == true)
    }
}
