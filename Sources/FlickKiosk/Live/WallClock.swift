import Glibc

/// The time of day the kiosk shows and schedules by: seconds since 1970 at a moment of the frame loop's clock, read
/// in the local time zone (`TZ`, else /etc/localtime). On a board it follows the system clock; a headless run on a
/// virtual clock starts it at a time it is given, so a test of a schedule or a clock widget is exact.
public struct WallClock: Sendable {
    /// Seconds since 1970 when the loop's clock reads 0.
    public var epochAtLoopZero: Double

    /// A wall clock that reads `epoch` (seconds since 1970) when the loop's clock reads `loopTime`.
    public init(epoch: Double, atLoopTime loopTime: Double = 0) { epochAtLoopZero = epoch - loopTime }

    /// The system's clock (CLOCK_REALTIME), for a loop whose clock reads `loopNow` now.
    public static func system(loopNow: Double) -> WallClock {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return WallClock(epoch: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9, atLoopTime: loopNow)
    }

    /// Seconds since 1970 at `loopTime`.
    public func epoch(at loopTime: Double) -> Double { epochAtLoopZero + loopTime }

    /// The loop time at which the wall clock reads `epoch`.
    public func loopTime(atEpoch epoch: Double) -> Double { epoch - epochAtLoopZero }

    /// The local date and time at `loopTime`.
    public func local(at loopTime: Double) -> LocalTime { LocalTime(epoch: epoch(at: loopTime)) }
}

/// A moment as a person in the kiosk's time zone reads it.
public struct LocalTime: Sendable, Equatable {
    /// The year, like 2026.
    public var year: Int
    /// 1 (January) to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int
    /// 1 (Monday) to 7 (Sunday), as ISO 8601 counts.
    public var weekday: Int
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 60 (a leap second).
    public var second: Int
    /// Seconds since local midnight, with the fraction.
    public var secondsIntoDay: Double

    /// `epoch` (seconds since 1970) in the local time zone.
    public init(epoch: Double) {
        var t = time_t(epoch.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        weekday = parts.tm_wday == 0 ? 7 : Int(parts.tm_wday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
        secondsIntoDay = Double(hour * 3600 + minute * 60 + second) + (epoch - epoch.rounded(.down))
    }
}
