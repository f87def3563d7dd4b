import FlickCore
import FlickJSON

/// A `clock` source: the local time as seconds since 1970, handed to the live data on each second or minute of the
/// wall clock, waking the loop only then.
final class ClockTicker: LoopSource {
    let name: String
    let tick: KioskConfig.DataSource.ClockTick
    private let live: LiveData
    private let wallClock: WallClock
    private(set) var nextDeadline: Double?

    init(name: String, tick: KioskConfig.DataSource.ClockTick, live: LiveData, wallClock: WallClock, now: Double) {
        self.name = name
        self.tick = tick
        self.live = live
        self.wallClock = wallClock
        service(readable: false, writable: false, now: now)
    }

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }

    func service(readable: Bool, writable: Bool, now: Double) {
        let epoch = wallClock.epoch(at: now)
        // Whole ticks of the epoch are whole seconds or minutes of local time: zones are offset by whole minutes.
        let shown = (epoch / tick.seconds).rounded(.down) * tick.seconds
        live.receive(.number(shown), for: name, at: now)
        nextDeadline = wallClock.loopTime(atEpoch: shown + tick.seconds)
    }
}

/// Wakes the loop when a live value goes stale, so the widgets bound to it show that at once.
final class StalenessTimer: LoopSource {
    private let live: LiveData

    init(live: LiveData) { self.live = live }

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }
    var nextDeadline: Double? { live.nextDeadline }
    func service(readable: Bool, writable: Bool, now: Double) { live.advance(to: now) }
}
