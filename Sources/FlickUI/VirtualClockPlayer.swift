import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster

/// A headless run: the run loop on a `HeadlessDisplay` and a virtual clock, fed by a touch script — how
/// `flick run --headless`, the tests and the fuzzers run the kiosk, with the loop a board runs. It plays a frame or a
/// stretch of time at a time, so a caller can look at the screen in between (screenshots, tests); nothing reads a
/// real clock, so the same script gives the same pixels every run.
public final class VirtualClockPlayer {
    /// The scene played.
    public let scene: any Scene
    /// The display in memory the frames go to, on the player's virtual clock.
    public let display: HeadlessDisplay
    /// The script: touches (`enqueue`) and any other events, at their times.
    public let input: ScriptedInput
    private let waiter: VirtualWaiter
    private let loop: FrameLoop
    /// The headless display's vblanks: multiples of the interval from 0, exactly.
    private var grid: VBlankGrid { display.vblanks }

    /// The screen's idle dimming and blanking and its schedule, when an `idle` policy or a `schedule` was given.
    public let screenPower: ScreenPower?

    /// Draws frame 0, the scene at rest before any touch. With `idle`, the screen blanks when nobody touches it
    /// (there is no backlight to dim headless); with a `schedule`, it is off in its `off` windows, read by
    /// `weekClock` (the day and time at each moment of the virtual clock: a test starts it at the time it needs). `log`
    /// hears each change. `width`×`height` is the screen in pixels, `refreshHz` its refresh rate.
    public init(scene: any Scene, width: Int, height: Int, refreshHz: Double = 60, idle: IdlePolicy? = nil,
                schedule: ScreenSchedule = ScreenSchedule(), weekClock: WeekClock? = nil,
                log: @escaping (String) -> Void = { _ in }) {
        self.scene = scene
        let clock = VirtualClock()
        let display = HeadlessDisplay(width: width, height: height, refreshHz: refreshHz, clock: clock)
        let screenPower = ScreenPower(policy: idle ?? IdlePolicy(), schedule: schedule, weekClock: weekClock, display: display,
                          backlight: nil, now: 0, log: log)
        self.display = display
        self.screenPower = screenPower
        input = ScriptedInput(clock: clock)
        waiter = VirtualWaiter(display: display)
        loop = FrameLoop(display: display, inputs: [input], scene: scene, waiter: waiter, screen: screenPower)
        play(until: 0)
    }

    /// What is on screen after the latest frame.
    public var screen: Surface { display.surface }
    /// Seconds between frames: 1 / the refresh rate.
    public var interval: Double { display.frameInterval }
    /// Seconds on the virtual clock.
    public var time: Double { display.clock.now }
    /// The latest vblank reached; frame 0 is drawn at time 0.
    public var frame: Int { Int(grid.index(atOrBefore: time)) }
    /// Frames the scene drew and presented.
    public var framesDrawn: Int { display.framesPresented }
    /// Draw times of the frames drawn (the virtual clock has no vblanks to miss).
    public var statistics: FrameStatistics { loop.statistics }

    /// Queues touches, times from the start of the run (when the player was made); each reaches the scene when the
    /// clock gets to it and is seen in the frame at or after it. Frames whose time has passed all arrive at the next
    /// frame, at once: to play a script written from 0 after the run has gone on, use ``enqueue(_:startingAt:)``.
    public func enqueue(_ frames: [TouchFrame]) { input.enqueue(frames) }

    /// Queues touches whose times count from `start` seconds into the run instead of from its beginning: a script
    /// written from 0, played now with `enqueue(frames, startingAt: player.time)`, or in a second with
    /// `startingAt: player.time + 1`.
    public func enqueue(_ frames: [TouchFrame], startingAt start: Double) {
        let offset = Microseconds(seconds: start)
        input.enqueue(frames.map { frame in
            TouchFrame(time: frame.time + offset, events: frame.events.map { event in
                var shifted = event
                shifted.time += offset
                return shifted
            })
        })
    }

    /// The script is played, nothing moves and no deadline (a long press) is still ahead. The scene's sources'
    /// deadlines do not count, as a run ending when still does not wait for them.
    public var isIdle: Bool {
        input.nextEventTime == nil && !scene.needsFrame && (scene.nextDeadline.map { $0 <= time } ?? true)
    }

    /// Scripted touch frames not yet given to the scene (those after `until`, when a run stopped there).
    public var touchFramesLeft: Int { input.touchFramesLeft }

    /// One frame: touches due by its time, then the scene's motion, then drawing if anything changed.
    public func step() { play(until: grid.time(ofIndex: Double(frame + 1))) }

    /// Plays until the frame at `until` seconds when given; else until the whole script is played and the scene
    /// is still, or `settle` seconds after the last scripted event for a scene that never stops moving. The
    /// scene's sources do not keep a still run going: their deadlines are met only while something else is due.
    public func run(until: Double? = nil, settle: Double = VirtualClockPlayer.settle) {
        run(until: until, settle: settle, stops: []) { _ in }
    }

    /// `run`, and `afterFrame` sees each frame drawn, with its time, once it is on screen.
    public func run(until: Double? = nil, settle: Double = VirtualClockPlayer.settle, afterFrame: @escaping (Double) -> Void) {
        loop.afterFrame = afterFrame
        defer { loop.afterFrame = nil }
        run(until: until, settle: settle)
    }

    /// `run`, and `atStop` sees the screen at each of `stops` (seconds): the frame at or after it.
    public func run(until: Double? = nil, settle: Double = VirtualClockPlayer.settle, stops: [Double],
                    atStop: (Double) throws -> Void) rethrows {
        let end = until ?? max(time, input.lastEventTime ?? 0) + settle
        let last = grid.time(ofIndex: grid.index(atOrBefore: end))
        for stop in stops.sorted() where stop <= last + VirtualWaiter.tolerance {
            // The screen's idle timers run to a stop, as they would on the panel.
            play(until: grid.vblank(atOrAfter: stop))
            try atStop(time)
        }
        play(until: last, endingWhenStill: until == nil)
    }

    /// Seconds played after the last scripted event for a scene that never stops moving, by default.
    public static let settle: Double = 30

    /// Runs the loop to `limit`; with `endingWhenStill`, no further than the moment nothing is left to do.
    private func play(until limit: Double, endingWhenStill: Bool = false) {
        waiter.limit = limit
        waiter.stopsWhenIdle = endingWhenStill
        do { while try loop.turn() {} } catch {
            preconditionFailure("a headless display does not fail: \(error)")
        }
    }
}

extension VirtualClockPlayer: HeadlessPlayer {
    /// Plays until the script is played and the scene is still (``run(until:settle:)`` with its defaults).
    public func run() { run(until: nil, settle: Self.settle) }

    /// ``run(until:settle:)`` with the default settling time.
    public func run(until: Double?) { run(until: until, settle: Self.settle) }

    /// ``run(until:settle:stops:atStop:)`` with the default settling time.
    public func run(until: Double?, stops: [Double], atStop: (Double) throws -> Void) rethrows {
        try run(until: until, settle: Self.settle, stops: stops, atStop: atStop)
    }
}
