/// A stretch of the week: from `from` to `until` (past midnight when `until` is earlier) on each of `days`, in the
/// kiosk's local time. A screen's schedule is made of them (``ScreenSchedule``), and so are the times a page is shown
/// (the café's special on Fridays from 11:00 to 14:00).
public struct WeekWindow: Sendable, Equatable {
    /// The days it starts on, 1 (Monday) to 7 (Sunday); a window past midnight ends on the next day.
    public var days: Set<Int>
    /// When it starts, seconds after midnight (0 to 86 400).
    public var from: Double
    /// When it ends, seconds after midnight (0 to 86 400); not after `from`: the next day. Equal to `from`: the
    /// whole day.
    public var until: Double

    /// Seconds in a day.
    public static let day = 86_400.0
    /// Boundaries are kept to the millisecond: a clock computed in floating point lands within it.
    static let slack = 0.001

    /// From `from` to `until` (seconds after midnight) on `days` (1 Monday to 7 Sunday; default every day).
    public init(days: Set<Int> = Set(1...7), from: Double, until: Double) {
        self.days = days; self.from = from; self.until = until
    }

    /// Whether the window holds `time`.
    public func contains(_ time: WeekTime) -> Bool {
        let s = time.secondsIntoDay + Self.slack
        let yesterday = time.weekday == 1 ? 7 : time.weekday - 1
        if from == until { return days.contains(time.weekday) }
        if from < until { return days.contains(time.weekday) && s >= from && s < until }
        return (days.contains(time.weekday) && s >= from) || (days.contains(yesterday) && s < until)
    }

    /// `22:00–06:30`, for the log.
    var span: String { "\(Self.clock(from))–\(Self.clock(until))" }

    private static func clock(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded(.down))
        let hh = minutes / 60, mm = minutes % 60
        return (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
    }
}

extension Array where Element == WeekWindow {
    /// Seconds from `time` to the next moment one of the windows may start or end (on a day it may not: nothing then
    /// changes), or nil without windows.
    func secondsToNextBoundary(after time: WeekTime) -> Double? {
        let edges = flatMap { [$0.from, $0.until] }
        return edges.map { edge in
            var ahead = (edge - time.secondsIntoDay).truncatingRemainder(dividingBy: WeekWindow.day)
            if ahead < 0 { ahead += WeekWindow.day }
            return ahead < WeekWindow.slack ? ahead + WeekWindow.day : ahead
        }.min()
    }

    /// The loop time of the next moment after `now` on `clock` that one of the windows starts or ends: the day's
    /// seconds ahead, corrected where a change of daylight saving time lies between; nil without windows. The loop
    /// wakes then, and not before.
    public func nextBoundary(after now: Double, clock: WeekClock) -> Double? {
        let today = clock.time(now)
        guard let ahead = secondsToNextBoundary(after: today) else { return nil }
        let target = (today.secondsIntoDay + ahead).truncatingRemainder(dividingBy: WeekWindow.day)
        var boundary = now + ahead
        // An hour gained or lost between now and then moves the boundary by it; twice settles either way.
        for _ in 0..<2 {
            var off = target - clock.time(boundary).secondsIntoDay
            if off > WeekWindow.day / 2 { off -= WeekWindow.day }
            if off < -WeekWindow.day / 2 { off += WeekWindow.day }
            if abs(off) < WeekWindow.slack / 2 { break }
            boundary += off
        }
        return Swift.max(boundary, now + WeekWindow.slack)
    }
}
