import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// 800x480 at 160 dpi: a unit is a pixel, the margin 38 px (8 % of 480).

private let width = 800, height = 480
private let photoColour = Color(hex: 0x22CC22)

/// A solid 400x300 photo, written once per test run.
private let photoPath: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("TextPageTests-\(ProcessInfo.processInfo.processIdentifier).png").path
    let photo = Surface(width: 400, height: 300)
    photo.clear(to: photoColour.pixel)
    try! photo.writePNG(path: path)
    return path
}()

private func textPage(body: String, bodySize: Double = 24, image: Bool = true) throws -> (PagesScene, VirtualClockPlayer) {
    let picture = image ? #", "image": "\#(photoPath)""# : ""
    let json = """
    {"theme": {"bodySize": \(bodySize)},
     "pages": [{"id": "t", "right": "u", "content": {"type": "text", "title": "Menu", "body": \(String(reflecting: body))\(picture)}},
               {"id": "u", "left": "t", "content": {"type": "text", "title": "U", "body": ""}}]}
    """
    let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    let scene = PagesScene(config: config, width: width, height: height, fonts: try FontCollection())
    return (scene, VirtualClockPlayer(scene: scene, width: width, height: height))
}

/// Rows of the screen with the photo's colour in them.
private func photoRows(_ player: VirtualClockPlayer) -> Int {
    (0..<height).filter { y in stride(from: 0, to: width, by: 2).contains { player.screen[$0, y] == photoColour.pixel } }.count
}

private let longBody = (1...60).map { "Line \($0) of a long menu: coffee, tea, cakes and more." }.joined(separator: " ")

/// The text page [issue 30.6]: a long body neither shrinks the photo to a speck nor runs off the page.
@Suite struct TextPageTests {
    @Test func aLongBodyLeavesThePhotoItsShareAndScrolls() throws {
        let (scene, player) = try textPage(body: longBody)
        player.run()
        // The room under the title is about 480 - 2·38 - 70 px; the photo keeps at least 40 % of it.
        #expect(photoRows(player) >= 120, "the photo is \(photoRows(player)) px tall")
        let before = player.screen.copy()
        // A drag up on the body scrolls it; the photo and the title stay.
        player.enqueue(dragScript(from: (400, 200), dx: 0, dy: -80, steps: 10, holdMs: 60, startMs: 100))
        player.run()
        #expect(scene.currentPage == "t")
        let changedRows = (0..<height).filter { y in (0..<width).contains { player.screen[$0, y] != before[$0, y] } }
        #expect(!changedRows.isEmpty)
        #expect(changedRows.allSatisfy { $0 > 100 && $0 < 300 }, "only the body's rows move: \(changedRows.first!)…\(changedRows.last!)")
        #expect(photoRows(player) >= 120)
    }

    @Test func aLargeBodySizeScrollsInsteadOfRunningOffThePage() throws {
        let (_, player) = try textPage(body: "Espresso, flat white, cappuccino, latte, mocha, chai and hot chocolate.", bodySize: 80)
        player.run()
        #expect(photoRows(player) >= 120)
        let before = player.screen.copy()
        player.enqueue(dragScript(from: (400, 200), dx: 0, dy: -60, steps: 10, holdMs: 60, startMs: 100))
        player.run()
        #expect((0..<height).contains { y in (0..<width).contains { player.screen[$0, y] != before[$0, y] } })
    }

    @Test func aBodyThatFitsStaysStillAndTheSwipeStillTurnsThePage() throws {
        let (scene, player) = try textPage(body: "Short.", image: false)
        player.run()
        let before = player.screen.copy()
        player.enqueue(dragScript(from: (400, 200), dx: 0, dy: -80, steps: 10, holdMs: 60, startMs: 100))
        player.run()
        #expect((0..<height).allSatisfy { y in (0..<width).allSatisfy { player.screen[$0, y] == before[$0, y] } })
        player.enqueue(dragScript(from: (700, 200), dx: -300, steps: 10, startMs: 1000))
        player.run()
        #expect(scene.currentPage == "u")
    }
}
