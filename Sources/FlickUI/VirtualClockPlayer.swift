import FlickGestures
import FlickInput
import FlickRaster

/// Plays a touch script against a scene on a virtual clock, one frame per `interval`, a frame at a time so a
/// caller can look at the screen between frames (screenshots, tests): how Flick runs headless. The screen is
/// a surface that keeps the previous frame, as a display's buffer does; nothing reads a real clock, so the
/// same script gives the same pixels every run.
public final class VirtualClockPlayer {
    public let scene: any Scene
    /// What is on screen after the latest frame.
    public let screen: Surface
    public let interval: Double
    /// Frames stepped since the start; frame 0 is drawn at time 0.
    public private(set) var frame = 0
    /// Frames the scene actually drew.
    public private(set) var framesDrawn = 0
    /// Draw times of the frames drawn (the virtual clock has no vblanks to miss).
    public private(set) var statistics = FrameStatistics()
    private let canvas: Canvas
    private var script: [TouchFrame] = []
    private var next = 0

    /// Draws frame 0, the scene at rest before any touch.
    public init(scene: any Scene, width: Int, height: Int, interval: Double = 1.0 / 60) {
        self.scene = scene
        self.interval = interval
        screen = Surface(width: width, height: height)
        canvas = Canvas(surface: screen)
        scene.advance(to: 0)
        draw(fullRedraw: true)
    }

    /// Seconds on the virtual clock: the presentation time of the latest frame.
    public var time: Double { Double(frame) * interval }

    /// Queues touches, times from the start of the run; they go to the scene at the first frame at or after them.
    public func enqueue(_ frames: [TouchFrame]) {
        script.append(contentsOf: frames)
        script.sort { $0.time < $1.time }
    }

    /// The script is played, nothing moves and no deadline (a long press) is still ahead.
    public var isIdle: Bool {
        next == script.count && !scene.needsFrame && (scene.nextDeadline.map { $0 <= time } ?? true)
    }

    /// One frame: touches due by its time, then the scene's motion, then drawing if anything changed.
    public func step() {
        frame += 1
        let now = time
        while next < script.count, Double(script[next].time) / 1e6 <= now + 1e-9 {
            scene.handle(.touches(script[next]))
            next += 1
        }
        scene.advance(to: now)
        guard scene.needsFrame else { return }
        draw(fullRedraw: false)
    }

    private func draw(fullRedraw: Bool) {
        let start = monotonicSeconds()
        let damage = scene.draw(on: canvas, fullRedraw: fullRedraw)
        statistics.recordFrame(drawSeconds: monotonicSeconds() - start)
        if fullRedraw || !damage.isEmpty { framesDrawn += 1 }
    }

    /// Scripted touch frames not yet given to the scene (those after `until`, when a run stopped there).
    public var touchFramesLeft: Int { script.count - next }

    /// Steps until the frame at `until` seconds when given; else until the whole script is played and the scene
    /// is still, or `settle` seconds after the last scripted touch for a scene that never stops moving.
    /// `afterFrame` sees each frame's time once it is on screen; `stops` are times it must see the screen at.
    public func run(until: Double? = nil, settle: Double = 30) {
        run(until: until, settle: settle) { _ in }
    }

    public func run(until: Double? = nil, settle: Double = 30, stops: [Double] = [],
                    afterFrame: (Double) throws -> Void) rethrows {
        let end = until ?? max(time, (script.last.map { Double($0.time) / 1e6 } ?? 0)) + settle
        var stops = stops.sorted()[...]
        while time + interval <= end + 1e-9 {
            while let stop = stops.first, stop <= time + 1e-9 { stops.removeFirst() }
            // Without an end, a still scene stops the run after this frame: nothing to skip to but what is due.
            skipStillFrames(before: min(until ?? .infinity, stops.first ?? .infinity))
            step()
            try afterFrame(time)
            if until == nil && isIdle { break }
        }
    }

    /// While nothing moves, the frames before the next touch, deadline or `limit` (when finite) would draw
    /// nothing: the clock jumps to the last of them, so a script with long pauses (a soak, a screen-sleep test)
    /// plays in moments.
    private func skipStillFrames(before limit: Double) {
        guard !scene.needsFrame else { return }
        var due = limit
        if next < script.count { due = min(due, Double(script[next].time) / 1e6) }
        if let deadline = scene.nextDeadline, deadline > time { due = min(due, deadline) }
        // The frame at or after `due` is the next that may change anything; step() reaches it from the one before.
        let before = ((due - 1e-9) / interval).rounded(.up) - 1
        guard before > Double(frame), before < 1e15 else { return }
        frame = Int(before)
        // Input finds the scene's clock at the frame before it, as after any still frame: what it starts
        // begins there.
        scene.advance(to: time)
    }
}
