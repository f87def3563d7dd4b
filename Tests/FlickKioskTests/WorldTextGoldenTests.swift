import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// Goldens of text in many scripts, as people see it: the tour's world page, and to-do items in Japanese, Arabic,
/// Hebrew, Hindi, Thai and emoji with the Hebrew one being edited, its caret inside the text. The fonts are the
/// ones `scripts/install-deps` installs (regenerate with `FLICK_UPDATE_GOLDENS=1 scripts/test`).
@Suite struct WorldTextGoldenTests {
    @Test func theWorldPage() throws {
        var tour = try KioskConfig.load(path: KioskConfig.compiledSourceTree + "/kiosk/tour.json")
        tour.start = "world"
        let player = VirtualClockPlayer(scene: PagesScene(config: tour.fittedToDesign(width: 640, height: 400), width: 640, height: 400, fonts: try FontCollection()),
                                        width: 640, height: 400)
        player.run()
        try GoldenImage.check(player.screen, named: "world-page-640x400")
    }

    @Test func toDoItemsInManyScriptsWithAHebrewOneBeingEdited() throws {
        let texts = ["牛乳を買う 🥛", "اتصل بأمي ❤️", "לקנות לחם 🍞", "दूध लाना 👍🏽", "ซื้อผลไม้ 🇹🇭", "Family 👩‍👩‍👧 1️⃣"]
        let todo = try TodoHarness(items: texts.enumerated().map { TodoItem(id: UInt64($0.offset + 1), text: $0.element) })
        todo.play(Touches.tap(180, headerHeight + rowHeight * 2.5))
        // In right-to-left text Right reads back: from the end, past 🍞, the space and ם into "לחם".
        for _ in 0..<3 { todo.key(0xff53) }
        #expect(todo.state.editing == 2)
        try GoldenImage.check(todo.player.screen, named: "todo-world-editing-360x640")
    }
}
