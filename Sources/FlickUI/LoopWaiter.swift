import FlickDisplay
import FlickInput

/// What woke the run loop.
public struct LoopWake: Sendable {
    /// A signal that arrived: termination, or the kernel switching virtual terminals.
    public var signal: Int32?
    /// The display has flip events to read.
    public var display = false
    /// Indexes, into the loop's inputs, of the sources with events waiting.
    public var inputs: [Int] = []
    /// The kernel reported a display connector change.
    public var hotplug = false
    /// The run is over: a virtual run reached its end, or nothing will ever be due again.
    public var finished = false

    /// A wake for what is given; nothing by default.
    public init(signal: Int32? = nil, display: Bool = false, inputs: [Int] = [], hotplug: Bool = false, finished: Bool = false) {
        self.signal = signal; self.display = display; self.inputs = inputs; self.hotplug = hotplug; self.finished = finished
    }
}

/// The run loop's clock and what it sleeps on: `PollWaiter` on a board (CLOCK_MONOTONIC, poll() on the display,
/// the input devices and the signals), a virtual one headless, inside ``VirtualClockPlayer`` (a virtual clock moved
/// straight to what is due next). Everything else — input, pacing, drawing, presenting — is the loop's, the same for
/// both. The loop calls its waiter only on its own thread.
public protocol LoopWaiter: AnyObject {
    /// Seconds on the loop's clock.
    var now: Double { get }
    /// Frames are drawn at their vblank, with every input up to it (virtual time: drawing takes none), rather than
    /// as soon as the previous frame is on screen, a refresh ahead.
    var drawsAtVBlank: Bool { get }
    /// Sleeps until a source is ready or `deadline` (seconds on this clock; nil: none) comes. `timer` is the screen's
    /// idle timer: a deadline too, except that a virtual run ending when still does not wait for it.
    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource]) throws -> LoopWake
}
