@testable import FlickKiosk
import FlickJSON
import FlickRaster
import FlickUI
import Testing

/// How a panel looks: goldens of the factory panel in landscape and portrait with a value in alarm, one stale,
/// one whose source failed and one waiting (`FLICK_UPDATE_GOLDENS=1` rewrites them).
@Suite struct PanelLookTests {
    @Test(arguments: [(800, 480), (480, 800)])
    func theFactoryPanel(width: Int, height: Int) throws {
        let panel = try PanelHarness(width: width, height: height)
        panel.receive(["temperature": .number(86.25), "pressure": .number(6.4), "conveyor": .bool(true), "speed": .number(35),
                       "batch": .number(320)])
        panel.live.fail("parts", reason: "no file at /run/line1/parts")
        panel.live.advance(to: panel.player.time + 31)
        panel.receive(["temperature": .number(86.25)])
        try GoldenImage.check(panel.player.screen, named: "panel-factory-\(width)x\(height)")
    }
}

extension PanelLookTests {
    /// A screen far too small for the panel: cramped, logged, and drawn without a crash, with a value and a drag.
    @Test(arguments: [(160, 120), (40, 30), (1, 1)])
    func aTinyScreenIsCrampedNotBroken(width: Int, height: Int) throws {
        let panel = try PanelHarness(width: width, height: height)
        panel.receive(["temperature": .number(1e308), "pressure": .number(-1e308), "speed": .number(50), "batch": .string("\u{7}")])
        panel.play(dragScript(from: (Double(width) / 2, Double(height) / 2), dx: Double(width) / 3, dy: 1))
        #expect(panel.page.tiles.count == 8)
    }
}
