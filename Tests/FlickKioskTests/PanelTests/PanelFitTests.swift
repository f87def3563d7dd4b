@testable import FlickKiosk
import FlickRaster
import Testing

/// The museum's welcome panel, made for an 800x1280 portrait screen: a picture, a title, a caption and three language
/// buttons with fixed sizes adding up to more than a smaller or denser screen has.
private let welcome = #"""
{"pages": [{"id": "start", "content": {"type": "panel", "widgets": [
  {"image": "\#(ConfigFixtures.repoRoot)/kiosk/photos/harbour.png", "size": 596},
  {"label": "Harbour Museum", "style": "title", "align": "center", "size": 80},
  {"label": "Choose a language · اختر لغتك · 言語を選んでください", "style": "caption", "align": "center", "size": 56},
  {"button": "English", "action": "wake", "size": 104},
  {"button": "العربية", "action": "wake", "size": 104},
  {"button": "日本語", "action": "wake", "size": 104}]}}]}
"""#

@Suite struct PanelFitTests {
    /// On a 480x800 screen (1088 units of fixed sizes on 800 pixels) every widget shrinks alike and stays on the
    /// screen: the buttons, still touch targets, can be pressed.
    @Test(arguments: [(480, 800), (800, 480)])
    func fixedSizesTooTallForTheScreenShrinkAlike(width: Int, height: Int) throws {
        let panel = try PanelHarness(welcome, width: width, height: height)
        let frames = panel.page.tiles.map(\.view.frame)
        #expect(frames.allSatisfy { $0.minY >= 0 && $0.maxY <= Double(height) }, "\(frames)")
        // 9 mm at 160 dpi.
        for button in frames[3...] { #expect(button.height >= 57) }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY <= $1.minY }, "in order, none over another")
        // The picture keeps the largest share, as it had the largest size.
        #expect(frames[0].height > frames[1].height * 4)
        // The title's text shrinks to its place, as far as the caption size (at 160 dpi a unit is a pixel).
        let title = try #require(panel.page.tiles[1] as? LabelTile)
        let fits = title.label.layout(width: title.view.frame.width).size.height <= title.view.frame.height
        #expect(title.label.pixelSize < KioskConfig.Theme().titleSize)
        #expect(fits || title.label.pixelSize == KioskConfig.Theme().captionSize)
        // A tap on the last button presses it.
        let last = frames[5]
        panel.play(tapScript(at: (last.midX, last.midY), downMs: 0, upMs: 60))
        #expect(panel.actions.count == 1)
    }

    /// On the screen it was made for, the sizes are as given.
    @Test func onItsOwnScreenTheSizesAreAsGiven() throws {
        let panel = try PanelHarness(welcome, width: 800, height: 1280)
        let heights = panel.page.tiles.map { $0.view.frame.height }
        #expect(heights == [596, 80, 56, 104, 104, 104])
    }
}
