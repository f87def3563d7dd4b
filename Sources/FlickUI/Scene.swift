import FlickInput
import FlickRaster

/// What the run loop drives: the showcase, the pages, the to-do list. Input goes in, time goes in, and
/// frames come out only when something changed.
public protocol Scene: AnyObject {
    /// Touches, keys and devices, in the order they arrived.
    func handle(_ event: InputEvent)
    /// Moves animations to `time`, seconds on the display's clock: the predicted presentation time of
    /// the frame about to be drawn, so motion lands where it is seen.
    func advance(to time: Double)
    /// Something changed or moves: a frame should be drawn.
    var needsFrame: Bool { get }
    /// Draws what changed into `canvas`, whose surface still holds the previous frame unless
    /// `fullRedraw`; returns the changed regions.
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect]
    /// When the scene must wake without input (a long-press deadline), or nil. The next `advance(to:)` at or
    /// after it must move it on or clear it, or the loop would wake again at once.
    var nextDeadline: Double? { get }
    /// What else the scene's loop must wait on: a broker connection, watched files, a timer. The loop polls their
    /// descriptors with the display's and the input's, wakes them at their deadlines and services them on its own
    /// thread, between frames. Asked every turn, so the set may change (a config reloaded names other files).
    /// None by default.
    var sources: [any LoopSource] { get }
    /// The operator asked for the content to be read again (SIGHUP): the config, the files it names. By default
    /// nothing is read again.
    func reload()
    /// The screen's power, which the loop dims, blanks and schedules: for a scene whose controls act on it (a
    /// button that blanks the screen, a slider that sets the backlight). Called when the loop takes the scene. By
    /// default the scene keeps nothing.
    func use(_ screen: ScreenPower)
    /// The loop's statistics and the frame on screen, for a scene that reports its health or sends screenshots.
    /// Called when the loop takes the scene. By default the scene keeps nothing.
    func use(_ status: LoopStatus)
}

extension Scene {
    /// None: the scene needs nothing but the display, the input and the clock.
    public var sources: [any LoopSource] { [] }
    /// Nothing to read again.
    public func reload() {}
    /// The scene does not act on the screen's power.
    public func use(_ screen: ScreenPower) {}
    /// The scene does not report on the loop.
    public func use(_ status: LoopStatus) {}
}
