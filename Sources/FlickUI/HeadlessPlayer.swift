import FlickDisplay
import FlickGestures
import FlickRaster

/// A scene played by the one frame loop on a `HeadlessDisplay`, with a touch script: on a virtual clock
/// (``VirtualClockPlayer``: tests, previews, `flick run --headless`), or in real time until SIGTERM or SIGINT
/// (FlickBoard's `HeadlessRun` with `realtime`: `flick run --headless --realtime`, where data sources, reloads and
/// timers run as they do on a board). What drives a headless run — a script, screenshots, the state at the end — is
/// written once for both.
public protocol HeadlessPlayer: AnyObject {
    /// The scene played.
    var scene: any Scene { get }
    /// The display in memory the frames go to.
    var display: HeadlessDisplay { get }
    /// What is on screen after the latest frame.
    var screen: Surface { get }
    /// Frames the scene drew and presented.
    var framesDrawn: Int { get }
    /// Scripted touch frames not yet given to the scene (those after the end of the run).
    var touchFramesLeft: Int { get }
    /// Draw times, missed vblanks and touch-to-flip latency so far.
    var statistics: FrameStatistics { get }
    /// The screen's idle dimming and blanking and its schedule, when an idle policy or a schedule was given.
    var screenPower: ScreenPower? { get }
    /// Queues touches, times from the start of the run; each reaches the scene when the clock gets to it.
    func enqueue(_ frames: [TouchFrame])
    /// Plays until the run is over: on a virtual clock when the script is played and the scene is still, in real
    /// time at a termination signal. Throws what the loop throws (a real-time run's poll failing).
    func run() throws
    /// Plays until `until` seconds from the start when given, else as ``run()``. Throws what the loop throws.
    func run(until: Double?) throws
    /// Plays until `until` seconds from the start when given (else as ``run()``), and `atStop` sees the screen when
    /// the clock reaches each of `stops`, with the clock's time. A real-time run ended by a signal sees no further
    /// stops. Throws what `atStop` or the loop throws.
    func run(until: Double?, stops: [Double], atStop: (Double) throws -> Void) throws
}
