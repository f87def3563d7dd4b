@testable import FlickKiosk
import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// At 320x200 and 160 dpi: a 160x120 photo lies as a 219x164 picture at (51, 18) inside a 2 px white border,
// the print's centre at (160.5, 100). The seed's 60 pt is 58.9 px, the flick speed 63.5 mm/s is 400 px/s.

private let red = Color(hex: 0xCC2222), green = Color(hex: 0x22CC22), blue = Color(hex: 0x2222CC)
private let width = 320, height = 200
private let pictureLeft = 51, pictureRight = 270

/// Three solid photos, red, green, blue, written once per test run.
private let photoPaths: [String] = {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("PhotoStackTests-\(ProcessInfo.processInfo.processIdentifier)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return [("red", red), ("green", green), ("blue", blue)].map { name, colour in
        let photo = Surface(width: 160, height: 120)
        photo.clear(to: colour.pixel)
        let path = directory.appendingPathComponent("\(name).png").path
        try! photo.writePNG(path: path)
        return path
    }
}()

/// The photos page with a text page to its right.
private func makePlayer() throws -> (PagesScene, VirtualClockPlayer) {
    let images = photoPaths.map { "\"\($0)\"" }.joined(separator: ", ")
    let json = """
    {
      "pages": [
        { "id": "photos", "right": "b", "content": { "type": "photos", "images": [\(images)] } },
        { "id": "b", "left": "photos", "content": { "type": "text", "title": "B", "body": "", "background": "#ffffff" } }
      ]
    }
    """
    let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    let scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection())
    return (scene, VirtualClockPlayer(scene: scene, width: width, height: height))
}

/// A straight drag from `start` by (dx, dy) in `steps` moves `stepMs` apart, then a rest of `holdMs` before
/// lifting (over 40 ms of rest and the finger counts as stopped).
private func drag(from start: (x: Double, y: Double) = (160, 100), dx: Double, dy: Double = 0, steps: Int,
                  stepMs: Double = 16, holdMs: Double = 8, startMs: Double = 0) -> [TouchFrame] {
    dragScript(from: start, dx: dx, dy: dy, steps: steps, stepMs: stepMs, holdMs: holdMs, startMs: startMs)
}

/// Pixels that differ between two screens.
private func differences(_ a: Surface, _ b: Surface) -> Int {
    var count = 0
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
    return count
}

/// The first pixel of `colour` along row `y`, from the left.
private func leftEdge(of colour: Color, row y: Int, in screen: Surface) -> Int? {
    (0..<screen.width).first { screen[$0, y] == colour.pixel }
}

private func shows(_ colour: Color, on screen: Surface) -> Bool {
    stride(from: 0, to: screen.height, by: 4).contains { y in
        stride(from: 0, to: screen.width, by: 4).contains { screen[$0, y] == colour.pixel }
    }
}

/// The front photo's index in the final state.
private func photo(_ scene: PagesScene) -> Int? {
    let state = try? JSONSerialization.jsonObject(with: Data(scene.finalStateJSON().utf8)) as? [String: Any]
    return state?["photo"] as? Int
}

/// The photo card, flicked to dismiss [flick-to-dismiss-photo].
@Suite struct PhotoStackTests {
    @Test func everyFrameOfATurningCardLooksAsIfDrawnWhole() throws {
        // A card held by its corner turns as it is dragged (past 45° here), drawn by shears only where the
        // turned picture reaches: a twin drawn whole every frame must show the same, through the turn, the
        // snap back and a flick off the screen.
        let (_, player) = try makePlayer()
        let (twinScene, twin) = try makePlayer()
        let script = drag(from: (265, 178), dx: -250, dy: 15, steps: 24, holdMs: 300)
            + drag(from: (160, 100), dx: 150, dy: -60, steps: 4, stepMs: 12, holdMs: 1, startMs: 1400)
        player.enqueue(script)
        twin.enqueue(script)
        let whole = Surface(width: width, height: height)
        let canvas = Canvas(surface: whole)
        var steepest = 0.0
        for frame in 0..<150 {
            player.step()
            twin.step()
            steepest = max(steepest, abs(twinScene.photoCard?.angle ?? 0))
            _ = twinScene.draw(on: canvas, fullRedraw: true)
            let wrong = (0..<height).first { memcmp(player.screen.row($0), whole.row($0), width * 4) != 0 }
            #expect(wrong == nil, "frame \(frame): first wrong row \(String(describing: wrong))")
            if wrong != nil { break }
        }
        #expect(steepest * 180 / .pi > 45, "\(steepest * 180 / .pi)°")
    }

    @Test func slowShortDragSnapsBackToRestPixelExact() throws {
        let (scene, player) = try makePlayer()
        let atRest = player.screen.copy()
        // 30 px in 320 ms, then held still: nowhere near a flick.
        player.enqueue(drag(dx: 30, dy: 10, steps: 20, holdMs: 100))
        player.run(until: 0.3)
        #expect(differences(player.screen, atRest) > 1000)
        player.run()
        #expect(photo(scene) == 0)
        #expect(differences(player.screen, atRest) == 0)
        #expect(!scene.needsFrame)
    }

    @Test func cardFollowsTheFinger() throws {
        let (scene, player) = try makePlayer()
        #expect(leftEdge(of: red, row: 100, in: player.screen) == pictureLeft)
        player.enqueue(drag(from: (160.5, 100), dx: 40, dy: -6, steps: 10, holdMs: 600))
        player.run(until: 0.5)
        // Held right at the centre: moved by the drag, upright and on whole pixels.
        #expect(leftEdge(of: red, row: 94, in: player.screen) == pictureLeft + 40)
        #expect(leftEdge(of: red, row: 30, in: player.screen) == pictureLeft + 40)
        #expect(leftEdge(of: red, row: 165, in: player.screen) == pictureLeft + 40)
        #expect(player.screen[pictureRight + 40 - 1, 94] == red.pixel)
        #expect(player.screen[pictureRight + 40 + 1, 94] == Color.white.pixel)
        // Held still, the card settles under the finger and no more frames are drawn.
        #expect(!scene.needsFrame)
        player.run()
        #expect(photo(scene) == 0)
        #expect(scene.currentPage == "photos")
    }

    @Test func offCentreGrabTurnsTheCard() throws {
        let (_, player) = try makePlayer()
        let atRest = player.screen.copy()
        // Taken near the top-left corner and pulled right: the top leads, the card turns clockwise.
        player.enqueue(drag(from: (70, 40), dx: 60, steps: 6, holdMs: 300))
        player.run(until: 0.1)
        let top = try #require(leftEdge(of: red, row: 40, in: player.screen))
        let bottom = try #require(leftEdge(of: red, row: 160, in: player.screen))
        #expect(top - bottom > 2, "left edge at the top \(top), at the bottom \(bottom)")
        player.run()
        #expect(differences(player.screen, atRest) == 0)
    }

    @Test func fastLongFlickDismisses() throws {
        let (scene, player) = try makePlayer()
        // 150 px in 80 ms: about 1900 px/s.
        player.enqueue(drag(dx: 150, steps: 5))
        player.run(until: 0.15)
        // On its way out, uncovering the next photo lying under it.
        #expect(shows(red, on: player.screen))
        #expect(player.screen[60, 100] == green.pixel)
        #expect(photo(scene) == 0)
        player.run()
        #expect(photo(scene) == 1)
        #expect(scene.currentPage == "photos")
        // The next photo lies where the card was, and the flown card is gone.
        #expect(player.screen[160, 100] == green.pixel)
        #expect(leftEdge(of: green, row: 100, in: player.screen) == pictureLeft)
        #expect(!shows(red, on: player.screen))
        #expect(!scene.needsFrame)
    }

    /// The seed's card is pinned to the finger; ours trails it through the spring grip, so a short fast flick
    /// must be judged on the finger's 12–32 mm, not on the card's centre still catching up.
    @Test(arguments: [75.0, 100, 150, 200])
    func shortFastFlickPastTheDistanceDismisses(distance: Double) throws {
        let (scene, player) = try makePlayer()
        // Over 50 ms (five reports 10 ms apart): 1500–4000 px/s, every one past the seed's 60 pt.
        player.enqueue(drag(from: (100, 100), dx: distance, steps: 5, stepMs: 10, holdMs: 4))
        player.run()
        #expect(photo(scene) == 1, "\(distance) px in 50 ms")
    }

    @Test func cardCaughtInFlightIsHeldAndSnapsBack() throws {
        let (scene, player) = try makePlayer()
        let atRest = player.screen.copy()
        player.enqueue(drag(dx: 150, steps: 5))
        player.run(until: 0.1)
        #expect(player.screen[240, 100] == red.pixel)
        // A finger lands on the flying card, holds it, and lifts without a flick.
        let hold = #"[{"t": 110, "type": "down", "id": 1, "x": 240, "y": 100}, {"t": 600, "type": "up", "id": 1}]"#
        player.enqueue(try TouchScript(json: Data(hold.utf8), name: "catch").frames)
        player.run(until: 0.5)
        #expect(player.screen[240, 100] == red.pixel)
        player.run()
        #expect(photo(scene) == 0)
        #expect(differences(player.screen, atRest) == 0)
    }

    @Test func fastShortFlickSnapsBack() throws {
        let (scene, player) = try makePlayer()
        let atRest = player.screen.copy()
        // 30 px in 48 ms: 625 px/s, fast enough, but the card moves well under 60 pt.
        player.enqueue(drag(dx: 30, steps: 3))
        player.run()
        #expect(photo(scene) == 0)
        #expect(differences(player.screen, atRest) == 0)
    }

    @Test func farSlowDragSnapsBack() throws {
        let (scene, player) = try makePlayer()
        let atRest = player.screen.copy()
        // 150 px in 800 ms, lifted while still moving at under 200 px/s.
        player.enqueue(drag(dx: 150, steps: 50))
        player.run()
        #expect(photo(scene) == 0)
        #expect(differences(player.screen, atRest) == 0)
    }

    @Test func flickBackTowardTheStartSnapsBack() throws {
        let (scene, player) = try makePlayer()
        let atRest = player.screen.copy()
        // Dragged 150 px right, then flung 40 px back left in 32 ms: fast and far, but heading home.
        var frames = drag(dx: 150, steps: 30, holdMs: 100)
        frames.removeLast()
        let back = drag(from: (310, 100), dx: -40, steps: 2, startMs: 600)
        frames += back.dropFirst()
        player.enqueue(frames)
        player.run()
        #expect(photo(scene) == 0)
        #expect(differences(player.screen, atRest) == 0)
    }

    @Test func dismissingTheLastPhotoWrapsToTheFirst() throws {
        let (scene, player) = try makePlayer()
        var seen: [Int?] = []
        for i in 0..<3 {
            player.enqueue(drag(dx: i == 1 ? -150 : 150, dy: i == 2 ? 60 : 0, steps: 5, startMs: 1000 * Double(i)))
            player.run(until: Double(i + 1) - 0.01)
            seen.append(photo(scene))
        }
        #expect(seen == [1, 2, 0])
        #expect(player.screen[160, 100] == red.pixel)
        #expect(leftEdge(of: red, row: 100, in: player.screen) == pictureLeft)
    }

    @Test func touchOffTheCardSwipesThePage() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(from: (300, 100), dx: -120, steps: 10, holdMs: 60))
        player.run()
        #expect(scene.currentPage == "b")
        #expect(player.screen[160, 100] == Color.white.pixel)
    }
}
