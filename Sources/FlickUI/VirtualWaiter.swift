import FlickDisplay
import FlickInput

/// The run loop headless: a virtual clock that jumps to whatever is due next — the headless display's flip, a
/// scripted touch, the frame the loop waits to draw, a scene's deadline, a loop source's — so an hour of pauses plays
/// in moments and the same script gives the same frames on every run. Descriptors are not polled: a source is run
/// at its deadlines only.
final class VirtualWaiter: LoopWaiter {
    let clock: VirtualClock
    /// The display whose flips land on the clock.
    private let display: HeadlessDisplay
    /// The clock is not moved past this: reaching it (with nothing left due before) ends the run.
    var limit: Double?
    /// With nothing left due at all, the run ends where it is instead of moving the clock to `limit`. The loop's
    /// timers (the screen's, the sources') are not "something due": a clock ticking every second would otherwise
    /// keep a still scene's run going for ever.
    var stopsWhenIdle = false

    init(display: HeadlessDisplay, limit: Double? = nil) {
        self.display = display
        clock = display.clock
        self.limit = limit
    }

    var now: Double { clock.now }
    var drawsAtVBlank: Bool { true }

    /// Events within a nanosecond count as simultaneous (times are sums of intervals and scripted microseconds).
    static let tolerance = 1e-9

    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
              sources: [any LoopSource]) -> LoopWake {
        let flip = self.display.pendingFlip
        let scheduled = inputs.nextScheduledEvents
        var due = ([deadline, flip].compactMap { $0 } + scheduled.map(\.time)).min()
        if let timer, due != nil || !stopsWhenIdle { due = min(due ?? timer, timer) }
        guard let due else {
            if let limit, !stopsWhenIdle { clock.advance(to: limit) }
            return LoopWake(finished: true)
        }
        if let limit, due > limit + Self.tolerance {
            clock.advance(to: limit)
            return LoopWake(finished: true)
        }
        clock.advance(to: due)
        let now = clock.now + Self.tolerance
        return LoopWake(display: flip.map { $0 <= now } ?? false,
                        inputs: scheduled.filter { $0.time <= now }.map(\.index))
    }
}
