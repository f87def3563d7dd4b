import FlickDisplay
import FlickInput

/// What woke the run loop.
public struct LoopWake: Sendable {
    /// A signal that arrived: termination, a reload (SIGHUP), or the kernel switching virtual terminals.
    public var signal: Int32?
    /// The display has flip events to read.
    public var display = false
    /// Indexes, into the loop's inputs, of the sources with events waiting.
    public var inputs: [Int] = []
    /// Indexes, into the loop sources the waiter was given, of those whose descriptor is readable (or has an error
    /// or hang-up to read).
    public var readableSources: [Int] = []
    /// Indexes, into the loop sources the waiter was given, of those whose descriptor can be written to.
    public var writableSources: [Int] = []
    /// The kernel reported a display connector change.
    public var hotplug = false
    /// The run is over: a virtual run reached its end, or nothing will ever be due again.
    public var finished = false

    /// A wake for what is given; nothing by default.
    public init(signal: Int32? = nil, display: Bool = false, inputs: [Int] = [], readableSources: [Int] = [],
                writableSources: [Int] = [], hotplug: Bool = false, finished: Bool = false) {
        self.signal = signal; self.display = display; self.inputs = inputs; self.hotplug = hotplug; self.finished = finished
        self.readableSources = readableSources; self.writableSources = writableSources
    }
}

/// The run loop's clock and what it sleeps on: `PollWaiter` on a board (CLOCK_MONOTONIC, poll() on the display,
/// the input devices, the scene's sources and the signals), a virtual one headless, inside ``VirtualClockPlayer`` (a
/// virtual clock moved straight to what is due next). Everything else — input, pacing, drawing, presenting,
/// servicing the sources — is the loop's, the same for both. The loop calls its waiter only on its own thread.
public protocol LoopWaiter: AnyObject {
    /// Seconds on the loop's clock.
    var now: Double { get }
    /// Frames are drawn at their vblank, with every input up to it (virtual time: drawing takes none), rather than
    /// as soon as the previous frame is on screen, a refresh ahead.
    var drawsAtVBlank: Bool { get }
    /// Sleeps until the display, an input or one of `sources` is ready or `deadline` (seconds on this clock; nil:
    /// none) comes. `timer` is the earliest of the deadlines that do not keep a run going by themselves — the
    /// screen's idle timer, the sources' (a clock's tick, a reconnect): a deadline too, except that a virtual run
    /// ending when still does not wait for it. A waiter that cannot poll descriptors (a virtual one) leaves the
    /// sources to their deadlines.
    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
              sources: [any LoopSource]) throws -> LoopWake
}

extension Array where Element == any InputSource {
    /// The sources whose events come at known times (a touch script), by index, with their next event's time: a
    /// waiter's deadlines, as they have no descriptor to poll.
    package var nextScheduledEvents: [(index: Int, time: Double)] {
        indices.compactMap { i in (self[i] as? any ScheduledInputSource)?.nextEventTime.map { (i, $0) } }
    }
}
