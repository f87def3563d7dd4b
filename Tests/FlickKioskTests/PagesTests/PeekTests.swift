import FlickKiosk
import FlickGestures
import FlickMotion
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// A vertical chain a → b → c with half a page of peek [comments under swiping-multi-view-framework].
private let peekConfig = """
{
  "swipe": { "peek": 0.5 },
  "pages": [
    { "id": "a", "down": "b", "axis": "vertical", "content": { "type": "text", "title": "", "body": "", "background": "#cc2222" } },
    { "id": "b", "up": "a", "down": "c", "axis": "vertical", "content": { "type": "text", "title": "", "body": "", "background": "#22cc22" } },
    { "id": "c", "up": "b", "axis": "vertical", "content": { "type": "text", "title": "", "body": "", "background": "#2222cc" } }
  ]
}
"""

private let red = Color(hex: 0xCC2222).pixel, green = Color(hex: 0x22CC22).pixel, blue = Color(hex: 0x2222CC).pixel

private func makePlayer() throws -> (PagesScene, VirtualClockPlayer) {
    let config = try KioskConfig.parse(Array(peekConfig.utf8), file: "peek.json", directory: "/tmp")
    let scene = PagesScene(config: config.fittedToDesign(width: 320, height: 200), width: 320, height: 200, fonts: try FontCollection())
    return (scene, VirtualClockPlayer(scene: scene, width: 320, height: 200))
}

/// A vertical drag from (160, y) by dy over ten 16 ms steps, held still for 120 ms before lifting.
private func verticalDrag(fromY y: Double, by dy: Double, startMs: Double = 0) -> [TouchFrame] {
    dragScript(from: (160, y), dx: 0, dy: dy, holdMs: 120, startMs: startMs)
}

@Suite struct PeekTests {
    @Test func theNextPagesTopHalfShowsBelowTheCurrentPagesFirstHalf() throws {
        let (_, player) = try makePlayer()
        #expect(player.screen[300, 5] == red)
        #expect(player.screen[300, 95] == red)
        #expect(player.screen[300, 105] == green)
        #expect(player.screen[300, 195] == green)
    }

    @Test func swipingUpMovesByHalfAScreenAndBringsTheNextPeekIn() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(verticalDrag(fromY: 80, by: -60))
        player.run(until: 0.2)
        // Mid-drag: a and b moved up together, c shows below b.
        #expect(scene.offset == -60)
        #expect(player.screen[300, 35] == red)
        #expect(player.screen[300, 45] == green)
        #expect(player.screen[300, 135] == green)
        #expect(player.screen[300, 145] == blue)
        player.run()
        #expect(scene.currentPage == "b")
        #expect(player.screen[300, 95] == green)
        #expect(player.screen[300, 105] == blue)
    }

    @Test func aDragStartingOnThePeekSwipesTheSameWay() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(verticalDrag(fromY: 170, by: -60))
        player.run()
        #expect(scene.currentPage == "b")
    }

    @Test func theLastPageShowsNoPeekAndRubberBandsDownward() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(verticalDrag(fromY: 80, by: -60))
        player.enqueue(verticalDrag(fromY: 80, by: -60, startMs: 1000))
        player.run(until: 1.9)
        #expect(scene.currentPage == "c")
        #expect(player.screen[300, 150] == blue)
        // Nothing below c: dragging up 60 moves it only 28 (the rubber band's share) and shows the background
        // under its end.
        player.enqueue(verticalDrag(fromY: 80, by: -60, startMs: 2000))
        player.run(until: 2.2)
        #expect(abs(scene.offset - -RubberBand(dimension: 200).resisted(60, within: 0...0)) < 1e-9)
        #expect(abs(scene.offset - -28.3) < 0.1)
        #expect(player.screen[300, 190] == Color(hex: 0x101418).pixel)
        player.run()
        #expect(scene.currentPage == "c")
        #expect(scene.offset == 0)
    }
}
