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
