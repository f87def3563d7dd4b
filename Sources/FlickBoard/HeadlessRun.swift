import FlickInput
import FlickKiosk
import FlickUI

/// What ``Board/run(_:headless:log:makeScene:)`` does where there is no display to run on, or when asked to run
/// headless: the scene on a `HeadlessDisplay`, driven by `play` through a FlickUI `HeadlessPlayer` — on a virtual
/// clock (a `VirtualClockPlayer`), or with ``realtime`` in real time until SIGTERM or SIGINT.
///
/// ```swift
/// let headless = HeadlessRun(width: 800, height: 480) { player in
///     player.enqueue(try TouchScript(contentsOf: URL(fileURLWithPath: "tap.json")).frames)
///     try player.run()
///     try player.screen.writePNG(path: "hello.png")
/// }
/// try Board.run(BoardOptions(), headless: headless) { width, height, metrics, _ in
///     HelloScene(width: width, height: height, metrics: metrics)
/// }
/// ```
///
/// Of the ``BoardOptions``, a headless run takes the mode (its size, turned by the rotation) when no size is given
/// here, the density (`dpi`, else 160 dpi), the idle policy (the screen blanks; there is no backlight to dim) and the
/// screen's schedule, read by ``wallClock``.
public struct HeadlessRun {
    /// The screen's width as the scene sees it, in pixels; nil: the options' mode, turned by their rotation, else 800.
    public var width: Int?
    /// The screen's height as the scene sees it, in pixels; nil: the options' mode, turned by their rotation, else 480.
    public var height: Int?
    /// Runs headless even where there is a display (`flick run --headless`). Otherwise a run without a display is
    /// headless only outside systemd: a service without a screen fails instead of quietly drawing nowhere.
    public var evenWithADisplay: Bool
    /// Real time instead of a virtual clock: the clock is CLOCK_MONOTONIC from the start of the run (0 when the
    /// player is made and draws frame 0), the touch script plays at its times, the scene's loop sources (a broker,
    /// watched files) are polled and their deadlines met, frames are paced to the display's vblanks as on a board,
    /// and an idle scene sleeps.
    /// The player's `run` returns at a termination signal (SIGTERM, SIGINT) or at its `until`; SIGHUP has the scene
    /// reload. For testing what runs on its own time (data sources, reloads, timers) as on a board, and for kiosks
    /// that run as processes on a machine without a screen.
    public var realtime: Bool
    /// Drives the player once the scene is made and frame 0 is drawn: enqueue touches, run the clock, write frames.
    public var play: (any HeadlessPlayer) throws -> Void
    /// The local time when the run's clock reads 0, which the screen's schedule is read by; nil: the system's time
    /// at the start.
    public var wallClock: WallClock?

    /// A headless run of `width`×`height` pixels (nil: from the options), in real time when `realtime`, that `play`
    /// drives; by default it runs until the scene is still (on a virtual clock) or until a termination signal (in
    /// real time).
    public init(width: Int? = nil, height: Int? = nil, evenWithADisplay: Bool = false, realtime: Bool = false,
                wallClock: WallClock? = nil, play: @escaping (any HeadlessPlayer) throws -> Void = { try $0.run() }) {
        self.wallClock = wallClock
        self.width = width
        self.height = height
        self.evenWithADisplay = evenWithADisplay
        self.realtime = realtime
        self.play = play
    }
}

/// There is no display to run on, and no headless run was asked for (or the program runs as a systemd service).
public struct NoDisplayError: Error, CustomStringConvertible {
    /// One line: what is missing and what to do.
    public let description: String
}
