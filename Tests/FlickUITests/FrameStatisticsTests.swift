import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import Testing
@testable import FlickUI

/// A scene that draws one frame after each touch.
private final class TouchedScene: Scene {
    private var framesToMove = 0
    var needsFrame: Bool { framesToMove > 0 }
    var nextDeadline: Double? { nil }
    func handle(_ event: InputEvent) { framesToMove = 1 }
    func advance(to time: Double) {}
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        framesToMove = 0
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
}

@Suite struct FrameStatisticsTests {
    /// A touch at 100.51 s is on screen at the flip of the frame at 6031/60 s: that is its latency, once.
    @Test func aTouchIsTimedToTheFlipOfTheFrameThatShowsIt() {
        let player = VirtualClockPlayer(scene: TouchedScene(), width: 4, height: 4)
        let t: Microseconds = 100_510_000
        player.enqueue([TouchFrame(time: t, events: [TouchEvent(.down, id: TouchID(rawValue: 0), at: Point(x: 1, y: 1), time: t)])])
        player.run()
        let latency = player.statistics.touchToFlip
        #expect(latency.count == 1)
        #expect(abs((latency.percentile(99) ?? 0) - (6031.0 / 60 - 100.51)) < 1e-9)
        #expect(player.statistics.sourceToFlip.count == 0)
    }

    /// Percentiles by nearest rank over the latest window; the count is of every sample.
    @Test func percentilesAreOfTheLatestWindowAndTheCountOfAll() {
        var samples = TimingSamples()
        #expect(samples.percentile(50) == nil && samples.max == nil)
        let total = TimingSamples.window + 952
        for ms in 1...total { samples.record(Double(ms) / 1000) }
        #expect(samples.count == total)
        // The window holds 953 … 3000 ms: the first 952 have gone round the ring.
        #expect(samples.percentile(0) == 0.953)
        #expect(samples.percentile(50) == Double(953 + TimingSamples.window / 2 - 1) / 1000)
        #expect(samples.percentile(99) == 2.980)
        #expect(samples.percentile(100) == 3.0 && samples.max == 3.0)
    }
}
