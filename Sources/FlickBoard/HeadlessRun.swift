import FlickInput
import FlickKiosk
import FlickUI

/// What ``Board/run(_:headless:log:makeScene:)`` does where there is no display to run on, or when asked to run
/// headless: the scene on a virtual clock (FlickUI's `VirtualClockPlayer`), driven by `play`.
///
/// ```swift
/// let headless = HeadlessRun(width: 800, height: 480) { player in
///     player.enqueue(try TouchScript(contentsOf: URL(fileURLWithPath: "tap.json")).frames)
///     player.run()
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
    /// Drives the player once the scene is made and frame 0 is drawn: enqueue touches, run the clock, write frames.
    public var play: (VirtualClockPlayer) throws -> Void
    /// The local time when the virtual clock reads 0, which the screen's schedule is read by; nil: the system's
    /// time at the start.
    public var wallClock: WallClock?

    /// A headless run of `width`×`height` pixels (nil: from the options) that `play` drives; by default it runs
    /// until the scene is still.
    public init(width: Int? = nil, height: Int? = nil, evenWithADisplay: Bool = false, wallClock: WallClock? = nil,
                play: @escaping (VirtualClockPlayer) throws -> Void = { $0.run() }) {
        self.wallClock = wallClock
        self.width = width
        self.height = height
        self.evenWithADisplay = evenWithADisplay
        self.play = play
    }
}

/// There is no display to run on, and no headless run was asked for (or the program runs as a systemd service).
public struct NoDisplayError: Error, CustomStringConvertible {
    /// One line: what is missing and what to do.
    public let description: String
}
