import FlickKiosk
import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// At the default 160 dpi: commit distance 8 mm = 50.4 px, flick 63.5 mm/s = 400 px/s, slop 2 mm = 12.6 px.

private let red = Color(hex: 0xCC2222), green = Color(hex: 0x22CC22), blue = Color(hex: 0x2222CC)

/// A tour-like 3-cycle: a → b → c → a going right (and back going left); a has nothing above or below,
/// b is horizontal-only though it names a page below.
private let cycleConfig = """
{
  "swipe": { "completion": "spring" },
  "pages": [
    { "id": "a", "right": "b", "left": "c", "content": { "type": "text", "title": "A", "body": "", "background": "#cc2222" } },
    { "id": "b", "right": "c", "left": "a", "down": "a", "axis": "horizontal",
      "content": { "type": "text", "title": "B", "body": "", "background": "#22cc22" } },
    { "id": "c", "right": "a", "left": "b", "content": { "type": "text", "title": "C", "body": "", "background": "#2222cc" } }
  ]
}
"""

private let width = 320, height = 200

private func makePlayer(_ json: String = cycleConfig) throws -> (PagesScene, VirtualClockPlayer) {
    let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    let scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection())
    return (scene, VirtualClockPlayer(scene: scene, width: width, height: height))
}

/// A straight drag from (160, 100) by (dx, dy) in `steps` moves `stepMs` apart starting at `startMs`, then a
/// rest of `holdMs` before lifting (over 40 ms of rest and the tracker reads the finger as stopped).
private func drag(dx: Double, dy: Double = 0, steps: Int = 10, stepMs: Double = 16, holdMs: Double = 8,
                  startMs: Double = 0) -> [TouchFrame] {
    dragScript(from: (160, 100), dx: dx, dy: dy, steps: steps, stepMs: stepMs, holdMs: holdMs, startMs: startMs)
}

private func pixel(_ player: VirtualClockPlayer, _ x: Int, _ y: Int) -> UInt32 { player.screen[x, y] }

/// Swiping between the config's pages [swiping-multi-view-framework].
@Suite struct PagesTests {
    @Test func dragJustUnderTheCommitDistanceSnapsBack() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(dx: -48, holdMs: 120))
        player.run()
        #expect(scene.currentPage == "a")
        #expect(scene.offset == 0)
        #expect(pixel(player, 310, 190) == red.pixel)
    }

    @Test func dragJustOverTheCommitDistanceCommits() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(dx: -53, holdMs: 120))
        player.run(until: 0.2)
        #expect(scene.offset == -53)
        // The right neighbour follows the finger 1:1 beside the current page.
        #expect(pixel(player, 310, 190) == green.pixel)
        #expect(pixel(player, 5, 190) == red.pixel)
        player.run()
        #expect(scene.currentPage == "b")
        #expect(scene.offset == 0)
        #expect(pixel(player, 5, 190) == green.pixel)
        #expect(scene.finalStateJSON() == #"{"page": "b", "detail": null, "photo": null, "text": null, "todo": null, "editing": null, "language": "en"}"#)
    }

    /// A drag that slows to a stop and is held still while the controller reports the resting finger: the finger
    /// has stopped, so the distance decides.
    @Test func aDragHeldStillBeforeTheLiftMovesOn() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(heldDragScript(from: (270, 100), dx: -200))
        player.run()
        #expect(scene.currentPage == "b")
    }

    @Test func shortFastFlickCommits() throws {
        let (scene, player) = try makePlayer()
        // 30 px in 48 ms: 625 px/s, well under the distance.
        player.enqueue(drag(dx: -30, steps: 3))
        player.run()
        #expect(scene.currentPage == "b")
    }

    @Test func slowDragUnderTheDistanceSnapsBack() throws {
        let (scene, player) = try makePlayer()
        // 40 px in 400 ms: 100 px/s, lifted while still moving.
        player.enqueue(drag(dx: -40, steps: 25))
        player.run()
        #expect(scene.currentPage == "a")
        #expect(scene.offset == 0)
    }

    @Test func noNeighbourRubberBandsThenSnapsBack() throws {
        let (scene, player) = try makePlayer()
        // Page a has nothing above: dragging down 100 px moves it only 43, as far as a list's rubber band would.
        player.enqueue(drag(dx: 0, dy: 100, holdMs: 120))
        player.run(until: 0.2)
        #expect(abs(scene.offset - RubberBand(dimension: Double(height)).resisted(100, within: 0...0)) < 1e-9)
        #expect(abs(scene.offset - 43.1) < 0.1)
        #expect(pixel(player, 160, 10) == Color(hex: 0x101418).pixel)
        #expect(pixel(player, 160, 40) == Color(hex: 0x101418).pixel)
        #expect(pixel(player, 160, 50) == red.pixel)
        player.run()
        #expect(scene.currentPage == "a")
        #expect(scene.offset == 0)
        #expect(pixel(player, 160, 10) == red.pixel)
    }

    @Test func rightThreeTimesGoesRoundTheCycle() throws {
        let (scene, player) = try makePlayer()
        var seen: [String] = []
        for i in 0..<3 {
            player.enqueue(drag(dx: -120, holdMs: 60, startMs: 1000 * Double(i)))
            player.run(until: Double(i + 1) - 0.01)
            seen.append(scene.currentPage)
        }
        #expect(seen == ["b", "c", "a"])
        #expect(pixel(player, 5, 190) == red.pixel)
    }

    @Test func verticalDragOnAHorizontalOnlyPageDoesNothing() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(dx: -120, holdMs: 60))
        player.run()
        #expect(scene.currentPage == "b")
        let before = player.framesDrawn
        // b names a page below, but b is horizontal-only: no drag, no bounce.
        player.enqueue(drag(dx: 0, dy: -150, holdMs: 60, startMs: 1000))
        player.run(until: 1.1)
        #expect(scene.offset == 0)
        #expect(scene.axis == nil)
        player.run()
        #expect(scene.currentPage == "b")
        #expect(player.framesDrawn == before)
    }

    @Test func touchDuringTheCompletionCatchesThePage() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(dx: -80, holdMs: 60))
        // Released at 220 ms; a new finger lands mid-completion and holds still.
        let catchJSON = #"[{"t": 300, "type": "down", "id": 1, "x": 100, "y": 100}, {"t": 700, "type": "up", "id": 1}]"#
        player.enqueue(try TouchScript(json: Data(catchJSON.utf8), name: "catch").frames)
        player.run(until: 0.28)
        var before = scene.offset
        while !scene.isTracking {
            before = scene.offset
            player.step()
        }
        #expect(scene.currentPage == "b")
        #expect(before != 0)
        #expect(scene.offset == before)
        // Held still: the pages stay where they were caught.
        player.run(until: 0.6)
        #expect(scene.offset == before)
        // Lifted without dragging: the page carries on to rest.
        player.run()
        #expect(scene.currentPage == "b")
        #expect(scene.offset == 0)
    }

    @Test func neighboursAreRenderedWhileIdleOnePerWakeWithoutDrawing() throws {
        let (scene, player) = try makePlayer()
        // a has two neighbours (b right, c left): two wakes, no frames, then nothing more to wake for.
        #expect(scene.nextDeadline != nil)
        let drawn = player.framesDrawn
        player.step()
        #expect(scene.nextDeadline != nil)
        player.step()
        #expect(scene.nextDeadline == nil)
        #expect(player.framesDrawn == drawn)
        player.run(until: 2)
        #expect(player.framesDrawn == drawn)
        // After a swipe the new page's neighbours are scheduled again.
        player.enqueue(drag(dx: -120, holdMs: 60, startMs: 2100))
        player.run()
        #expect(scene.currentPage == "b")
        while scene.nextDeadline != nil { player.step() }
        #expect(!scene.needsFrame)
    }

    @Test func easeOutCompletionTakesTheSeedsThreeTenths() throws {
        let (scene, player) = try makePlayer(cycleConfig.replacingOccurrences(of: "\"spring\"", with: "\"easeOut\""))
        // Released at 228 ms; the completion begins at the next frame and lasts 0.3 s.
        player.enqueue(drag(dx: -120, holdMs: 60))
        player.run(until: 0.4)
        #expect(scene.currentPage == "b")
        #expect(scene.offset != 0)
        player.run(until: 0.6)
        #expect(scene.offset == 0)
        #expect(!scene.needsFrame)
    }

    @Test func everyFrameOfASwipeLooksAsIfDrawnWhole() throws {
        // While pages slide the screen's pixels are moved rather than drawn again: a twin drawn whole every
        // frame must show the same, through a drag, a reversal, a commit, a spring and a rubber band.
        let (_, player) = try makePlayer()
        let (twinScene, twin) = try makePlayer()
        let script = drag(dx: -90, steps: 9) + drag(dx: 140, steps: 10, startMs: 400)
            + drag(dx: 0, dy: -60, steps: 6, startMs: 1200)
        player.enqueue(script)
        twin.enqueue(script)
        let whole = Surface(width: width, height: height)
        let canvas = Canvas(surface: whole)
        for frame in 0..<110 {
            player.step()
            twin.step()
            _ = twinScene.draw(on: canvas, fullRedraw: true)
            let wrong = (0..<height).first { memcmp(player.screen.row($0), whole.row($0), width * 4) != 0 }
            #expect(wrong == nil, "frame \(frame): first wrong row \(String(describing: wrong))")
            if wrong != nil { break }
        }
    }
}
