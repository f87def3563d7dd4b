import FlickDisplay
import FlickGestures
import FlickInput

/// Touches and keys with their times, handed to the run loop as the virtual clock reaches them: the input of a
/// headless run, a test or a fuzzer, going in where libinput's events go in on a board.
public final class ScriptedInput: ScheduledInputSource {
    private let clock: VirtualClock
    private var events: [(time: Double, event: InputEvent)] = []
    private var next = 0

    /// An empty script whose events are handed out as `clock` reaches their times.
    public init(clock: VirtualClock) { self.clock = clock }

    /// Touch frames at their own times (µs from the start of the run).
    public func enqueue(_ frames: [TouchFrame]) {
        enqueue(frames.map { ($0.time.seconds, InputEvent.touches($0)) })
    }

    /// Any events, at times in seconds from the start of the run.
    public func enqueue(_ timed: [(time: Double, event: InputEvent)]) {
        events.append(contentsOf: timed)
        events[next...].sort { $0.time < $1.time }
    }

    /// -1: nothing to poll; the loop's waiter moves the clock to `nextEventTime`.
    public var fileDescriptor: Int32 { -1 }
    public var nextEventTime: Double? { next < events.count ? events[next].time : nil }
    /// When the last event is due; nil for an empty script.
    public var lastEventTime: Double? { events.last?.time }

    /// Touch frames not yet handed out (those after the end, when a run stopped early).
    public var touchFramesLeft: Int {
        events[next...].filter { if case .touches = $0.event { true } else { false } }.count
    }

    public func readEvents() -> [InputEvent] {
        let start = next
        while next < events.count, events[next].time <= clock.now + VirtualWaiter.tolerance { next += 1 }
        return events[start..<next].map(\.event)
    }
}
