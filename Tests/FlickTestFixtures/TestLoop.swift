import FlickCore
import Glibc

/// Drives sources as the frame loop does: one poll over their descriptors (for writing when they want to) until
/// the earliest deadline, then a service for each that is ready or due. Counts the services it makes.
public final class TestLoop {
    private let clock = MonotonicClock()
    public private(set) var services = 0
    /// Seconds the sources' clock is ahead of the monotonic clock: ``skip(_:)`` moves it on, so a timer a minute away
    /// is due without waiting for it (the sockets still run in real time).
    public private(set) var skipped = 0.0

    public init() {}

    /// The time the sources are serviced at now.
    public var now: Double { clock.now + skipped }

    /// Moves the sources' clock `seconds` ahead.
    public func skip(_ seconds: Double) { skipped += seconds }

    /// Runs until `condition` holds (true) or `seconds` pass (false), checking it after each wake, and at least
    /// `every` seconds when given.
    @discardableResult
    public func run(_ sources: [LoopSource], for seconds: Double = 5, every: Double? = nil, until condition: () -> Bool) -> Bool {
        let deadline = now + seconds
        while !condition() {
            let now = self.now
            guard now < deadline else { return false }
            var entries = sources.map {
                pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN) | ($0.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            }
            let wake = min(deadline, now + (every ?? seconds), sources.compactMap(\.nextDeadline).min() ?? deadline)
            let timeout = Int32(max(0, ((wake - now) * 1000).rounded(.up)))
            _ = poll(&entries, nfds_t(entries.count), timeout)
            let after = self.now
            for (source, entry) in zip(sources, entries) {
                // An error or hang-up on the socket is read: the read finds out what happened.
                let readable = entry.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0
                let writable = entry.revents & Int16(POLLOUT) != 0
                if readable || writable || (source.nextDeadline.map { $0 <= after } ?? false) {
                    services += 1
                    source.service(readable: readable, writable: writable, now: after)
                }
            }
        }
        return true
    }
}
