import FlickDisplay
import FlickInput
import FlickUI

/// The run loop of a headless run in real time: the headless display's clock follows CLOCK_MONOTONIC from the start
/// of the run, and the waiter polls the signals and the scene's sources through a ``PollWaiter``, as a board's loop
/// does. The display's pending flip, the touch script's next event and the end of the run have no descriptor: they
/// are deadlines.
final class RealtimeWaiter: LoopWaiter {
    /// The display's and the script's clock, moved along with the real time whenever the time is read.
    let clock: VirtualClock
    private let display: HeadlessDisplay
    private let poll: PollWaiter
    /// The run ends when the clock reaches it; nil: only a termination signal ends it.
    var limit: Double? { didSet { reachedLimit = false } }
    /// The latest run of the loop ended at `limit` (not at a signal).
    private(set) var reachedLimit = false

    /// A waiter whose time goes on from the display's clock's, reading `signals` (termination, reload).
    init(display: HeadlessDisplay, signals: SignalQueue) {
        self.display = display
        clock = display.clock
        poll = PollWaiter(signals: signals, origin: MonotonicClock().now - display.clock.now)
    }

    var now: Double {
        clock.advance(to: poll.now)
        return clock.now
    }

    /// As on a board: a frame is drawn a refresh ahead, as soon as the one before is on screen. Drawn at its vblank,
    /// a frame woken for a moment late would be put off to the next vblank, and the next, for ever.
    var drawsAtVBlank: Bool { false }

    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
              sources: [any LoopSource]) throws -> LoopWake {
        let scheduled = inputs.nextScheduledEvents
        let due = ([deadline, self.display.pendingFlip, limit].compactMap { $0 } + scheduled.map(\.time)).min()
        var wake = try poll.wait(until: due, timer: timer, display: display, inputs: inputs, sources: sources)
        let now = self.now
        if let flip = self.display.pendingFlip, flip <= now { wake.display = true }
        wake.inputs = Set(wake.inputs + scheduled.filter { $0.time <= now }.map(\.index)).sorted()
        // A signal first: a termination that came as the limit did ends the run, not just this part of it.
        if wake.signal == nil, let limit, now >= limit {
            reachedLimit = true
            wake.finished = true
        }
        return wake
    }
}
