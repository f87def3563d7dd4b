import FlickGestures
import FlickInput
import FlickRaster
import Testing
@testable import FlickUI

/// A scene that draws a frame after each touch and records what reached it and the frame time it was handled in.
private final class RecordingScene: Scene {
    var touches: [(time: Double, frame: TouchFrame)] = []
    var needsFrame = false
    var nextDeadline: Double?
    var deadlinesMet: [Double] = []

    func handle(_ event: InputEvent) {
        guard case .touches(let frame) = event else { return }
        touches.append((.nan, frame))
        needsFrame = true
    }

    func advance(to time: Double) {
        for i in touches.indices where touches[i].time.isNaN { touches[i].time = time }
        if let deadline = nextDeadline, time >= deadline {
            deadlinesMet.append(time)
            nextDeadline = nil
        }
    }

    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        needsFrame = false
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
}

private func tap(at seconds: Double) -> [TouchFrame] {
    let t = Microseconds(seconds * 1e6)
    let finger = TouchID(rawValue: 0), point = Point(x: 5, y: 5)
    return [TouchFrame(time: t, events: [TouchEvent(.down, id: finger, at: point, time: t)]),
            TouchFrame(time: t + 50_000, events: [TouchEvent(.up, id: finger, at: point, time: t + 50_000)])]
}

@Suite struct VirtualClockPlayerTests {
    /// Touches after 30 s were dropped without a word when no end was given.
    @Test func withoutAnEndTheWholeScriptIsPlayed() {
        let scene = RecordingScene()
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.enqueue(tap(at: 1) + tap(at: 45) + tap(at: 3600))
        player.run()
        #expect(scene.touches.count == 6)
        #expect(player.touchFramesLeft == 0)
        // Each touch reaches the scene at the first frame at or after its time.
        #expect(abs(scene.touches[4].time - 3600) < 1.0 / 60)
    }

    /// A still scene with nothing to play stops at once (skipping ahead to the 30 s settling limit was a bug).
    @Test func aStillSceneWithNothingToPlayStopsAtOnce() {
        let player = VirtualClockPlayer(scene: RecordingScene(), width: 4, height: 4)
        player.run()
        #expect(player.time == 0 && player.framesDrawn == 1)
    }

    @Test func anEndCutsTheScriptAndSaysHowMuchIsLeft() {
        let scene = RecordingScene()
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.enqueue(tap(at: 1) + tap(at: 10))
        player.run(until: 5)
        #expect(scene.touches.count == 2)
        #expect(player.touchFramesLeft == 2)
        #expect(abs(player.time - 5) < 1.0 / 60)
    }

    /// An hour of pauses is not an hour of frames: still frames are skipped, touches and deadlines are not.
    @Test func stillFramesAreSkippedButNothingDueIsMissed() {
        let scene = RecordingScene()
        scene.nextDeadline = 100.5
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.enqueue(tap(at: 2000))
        player.run()
        #expect(player.framesDrawn < 20)
        #expect(scene.deadlinesMet.count == 1 && abs(scene.deadlinesMet[0] - 100.5) < 1.0 / 60 && scene.deadlinesMet[0] >= 100.5)
        #expect(scene.touches.count == 2 && abs(scene.touches[0].time - 2000) < 1.0 / 60)
    }

    /// A screenshot time inside a still stretch is a frame the caller sees, before the next touch lands.
    @Test func stopsAreSeenAtTheirTime() {
        let scene = RecordingScene()
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.enqueue(tap(at: 60))
        var seen: [(time: Double, touches: Int)] = []
        player.run(stops: [30]) { seen.append(($0, scene.touches.count)) }
        #expect(seen.count == 1)
        let atStop = seen.first { $0.time >= 30 - 1e-9 }
        #expect(atStop.map { abs($0.time - 30) < 1.0 / 60 && $0.touches == 0 } == true)
    }
}
