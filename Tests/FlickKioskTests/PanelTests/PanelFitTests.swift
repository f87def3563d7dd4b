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

/// The welcome's widgets in a column of their own under a heading, beside a narrower column: the fixed sizes that
/// do not fit are a level down.
private let nestedWelcome = #"""
{"pages": [{"id": "start", "content": {"type": "panel", "widgets": [
  {"label": "Welcome", "style": "title", "size": 60},
  {"row": [
    {"column": [
      {"image": "\#(ConfigFixtures.repoRoot)/kiosk/photos/harbour.png", "size": 596},
      {"label": "Harbour Museum", "style": "title", "align": "center", "size": 80},
      {"button": "English", "action": "wake", "size": 104},
      {"button": "العربية", "action": "wake", "size": 104},
      {"button": "日本語", "action": "wake", "size": 104}], "weight": 3},
    {"label": "Open daily 10–18", "style": "caption"}]}]}}]}
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

    /// Fixed sizes a level down, in a weighted column, shrink alike too rather than run off the screen; on a screen
    /// with room they are as given.
    @Test func fixedSizesInsideANestedColumnShrinkToo() throws {
        let panel = try PanelHarness(nestedWelcome, width: 480, height: 800)
        let frames = panel.page.tiles.map(\.view.frame)
        #expect(frames.allSatisfy { $0.minY >= 0 && $0.maxY <= 800 }, "\(frames)")
        for button in frames[3...5] { #expect(button.height >= 57) }
        #expect(zip(frames[1...5], frames[2...5]).allSatisfy { $0.maxY <= $1.minY }, "in order, none over another")

        let tall = try PanelHarness(nestedWelcome, width: 800, height: 1400)
        #expect(tall.page.tiles.prefix(6).map { $0.view.frame.height } == [60, 596, 80, 104, 104, 104])
    }

    /// On the screen it was made for, the sizes are as given.
    @Test func onItsOwnScreenTheSizesAreAsGiven() throws {
        let panel = try PanelHarness(welcome, width: 800, height: 1280)
        let heights = panel.page.tiles.map { $0.view.frame.height }
        #expect(heights == [596, 80, 56, 104, 104, 104])
    }

    /// The café's special in portrait: a caption beside a price of fixed size, in a place narrower than its longest
    /// word at the caption size. The text shrinks below the caption size so no word is cut between lines; a word too
    /// wide even at three quarters of it is cut at that size.
    @Test(arguments: [("Today's special", false), ("Supercalifragilisticexpialidocious", true)])
    func aWordWiderThanItsPlaceShrinksTheLabelRatherThanBeCut(caption: String, cut: Bool) throws {
        let special = #"{"row": [{"label": "\#(caption)", "style": "caption"}, "#
            + #"{"label": "£3.90", "style": "title", "align": "end", "size": 100}], "size": 36}"#
        let panel = try PanelHarness(#"""
            {"pages": [{"id": "menu", "content": {"type": "panel", "widgets": [{"row": [
              {"label": "Espresso", "weight": 3}, {"column": [\#(special)], "weight": 2}]}]}}]}
            """#, width: 480, height: 800)
        let label = try #require(panel.page.tiles.compactMap { $0 as? LabelTile }.first { $0.text == caption })
        let captionSize = KioskConfig.Theme().captionSize
        #expect(label.label.layout(width: label.view.frame.width).breaksWords == cut)
        #expect(label.label.pixelSize < captionSize)
        #expect(label.label.pixelSize >= (captionSize * 0.75).rounded())
        if cut { #expect(label.label.pixelSize == (captionSize * 0.75).rounded()) }
    }

    /// A gauge in a narrow tile in portrait has its dial down the tile's end, below the caption's line: the caption
    /// runs across the whole tile rather than end in "…" beside where the dial is.
    @Test func aGaugesCaptionRunsOverItsDialsColumnWhenTheDialIsBelowIt() throws {
        let panel = try PanelHarness(#"""
            {"sources": {"oven": {"file": "oven"}}, "pages": [{"id": "line", "content": {"type": "panel", "widgets": [
              {"grid": [{"gauge": "oven", "title": "Limit 220 °C · line 1", "max": 300, "unit": "°C", "size": 160}, {"label": "Shift B"}],
               "columns": 2}]}}]}
            """#, width: 480, height: 800)
        let gauge: MeterTile = panel.tile(0)
        panel.receive(["oven": .number(180)])
        let frame = gauge.view.frame, surface = panel.page.context.theme.surface.pixel
        // Rows above the dial (at most 0.4 of the tile wide, centred down it), columns of its 0.4 short of the corner.
        let aboveDial = Int(frame.minY)..<Int(frame.minY + (frame.height - 0.4 * frame.width) / 2)
        let dialColumns = Int(frame.maxX - 0.4 * frame.width)..<Int(frame.maxX - 16)
        let ink = aboveDial.reduce(0) { n, y in n + dialColumns.filter { panel.player.screen[$0, y] != surface }.count }
        #expect(ink > 20, "the caption stops short of the dial's column")
    }
}
