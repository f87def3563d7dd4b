#if canImport(Glibc)
import Glibc
#endif

/// A hybrid logical clock (Kulkarni et al., 2014): the versions of a to-do list's fields. Its timestamps follow the
/// wall clock while that moves forward, and never go backwards when it does not: a Raspberry Pi has no real-time
/// clock and boots in the past until NTP sets it, yet every edit it makes then is still later than every edit it
/// made or saw before. The store keeps the latest timestamp (``latest``) so that holds across restarts too.
///
/// A timestamp from another node that is ahead of this wall clock pulls this clock up to it (``observe(_:)``), so an
/// edit made here after seeing one made there always wins over it — the order people see things happen in.
package struct HybridClock {
    /// The node whose timestamps this clock makes.
    package var node: String
    /// The latest moment made or observed (its node is this clock's for one it made, any for one observed).
    package private(set) var latest: HLCTimestamp
    /// Milliseconds since 1970 now.
    package var wallMilliseconds: () -> UInt64

    /// A clock for `node` that has seen nothing yet; `wallMilliseconds` reads CLOCK_REALTIME unless a test sets it.
    package init(node: String, wallMilliseconds: @escaping () -> UInt64 = HybridClock.realtimeMilliseconds) {
        self.node = node
        self.wallMilliseconds = wallMilliseconds
        latest = .zero(node: node)
    }

    /// The timestamp of a local event: later than every timestamp made or observed before.
    package mutating func now() -> HLCTimestamp {
        let wall = min(wallMilliseconds(), HLCTimestamp.maximumWall)
        if wall > latest.wall {
            latest = HLCTimestamp(wall: wall, node: node)
        } else if latest.counter < .max {
            latest = HLCTimestamp(wall: latest.wall, counter: latest.counter + 1, node: node)
        } else {
            // 65,536 events in one millisecond: borrow the next one rather than wrap.
            latest = HLCTimestamp(wall: latest.wall + 1, node: node)
        }
        return latest
    }

    /// A timestamp seen in a message or a file: every later `now()` is after it.
    package mutating func observe(_ timestamp: HLCTimestamp) {
        if timestamp.isLater(than: latest) { latest = timestamp }
    }

    /// CLOCK_REALTIME in milliseconds since 1970 (0 for a clock set before 1970).
    package static func realtimeMilliseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        guard ts.tv_sec >= 0 else { return 0 }
        return UInt64(ts.tv_sec) * 1000 + UInt64(ts.tv_nsec / 1_000_000)
    }
}
