import FlickCore
import FlickUI

/// Which pages are outside their `shown` times (today's special on other days), checked again exactly at each
/// window's start and end: the loop wakes then and not in between.
final class ShownPages: LoopSource {
    private let pages: [(id: String, windows: [WeekWindow])]
    private let clock: WeekClock
    private(set) var nextDeadline: Double?
    /// The pages hidden from now.
    var changed: (Set<String>) -> Void = { _ in }

    init(config: KioskConfig, wallClock: WallClock, now: Double) {
        pages = config.pages.filter { !$0.shown.isEmpty }.map { ($0.id, $0.shown) }
        clock = wallClock.weekClock
        nextDeadline = pages.flatMap(\.windows).nextBoundary(after: now, clock: clock)
    }

    /// The pages outside their times at `now`.
    func hidden(at now: Double) -> Set<String> {
        guard !pages.isEmpty else { return [] }
        let time = clock.time(now)
        return Set(pages.filter { !$0.windows.contains { $0.contains(time) } }.map(\.id))
    }

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }

    func service(readable: Bool, writable: Bool, now: Double) {
        changed(hidden(at: now))
        nextDeadline = pages.flatMap(\.windows).nextBoundary(after: now, clock: clock)
    }
}
