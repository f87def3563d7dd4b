/// Where a ``ScreenSchedule`` reads the day and the time: the ``WeekTime`` at each moment of the loop's clock (the
/// kiosk's wall clock, in its time zone; a test's fixed clock).
public struct WeekClock {
    /// The day and time at a moment of the loop's clock (seconds).
    public let time: (Double) -> WeekTime

    /// A clock that reads `time` at each moment of the loop's clock.
    public init(_ time: @escaping (Double) -> WeekTime) { self.time = time }
}

/// A moment as a weekly schedule reads it: the day of the week and the time of day, in the kiosk's time zone.
/// ``ScreenPower`` asks for one at moments of the loop's clock; the kiosk's wall clock answers (FlickKiosk's
/// `WallClock`), so FlickUI needs no time zone of its own and a test's clock can start at exactly 21:59.
public struct WeekTime: Sendable, Equatable {
    /// 1 (Monday) to 7 (Sunday), as ISO 8601 counts.
    public var weekday: Int
    /// Seconds since local midnight, with the fraction.
    public var secondsIntoDay: Double

    /// The moment `secondsIntoDay` seconds into `weekday` (1 Monday to 7 Sunday).
    public init(weekday: Int, secondsIntoDay: Double) {
        self.weekday = weekday; self.secondsIntoDay = secondsIntoDay
    }
}

/// When the screen is off, always on, or at another brightness by the time of day and the day of the week: the
/// café's screen off from 22:00 to 06:30 and dimmer in the evening. Outside every window the ``IdlePolicy`` rules
/// alone. ``ScreenPower`` follows it, waking the loop exactly at each boundary.
///
/// Windows are tried in order and the first that holds a moment rules it. Times are local and kept to the
/// millisecond.
public struct ScreenSchedule: Sendable, Equatable {
    /// The windows, the first that holds a moment ruling it.
    public var windows: [Window]

    /// A schedule of `windows` (none: the idle policy always rules).
    public init(_ windows: [Window] = []) { self.windows = windows }

    /// Seconds in a day.
    public static let day = WeekWindow.day
    static let slack = WeekWindow.slack
    /// How long a touch wakes the screen in an `off` window when the idle policy blanks at no time of its own.
    public static let defaultWake = 60.0

    /// What the screen does during a window.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Off (blanked) from the window's start; a touch wakes it for the idle policy's blank time (else
        /// ``ScreenSchedule/defaultWake``), then it is off again.
        case off
        /// On: the idle policy neither dims nor blanks it.
        case on
        /// The idle policy dims and blanks it as outside the window; only the brightness may differ.
        case idle
    }

    /// One window of the week: from `from` to `until` (past midnight when `until` is earlier) on each of `days`.
    public struct Window: Sendable, Equatable {
        /// The days a window starts on, 1 (Monday) to 7 (Sunday); a window past midnight ends on the next day.
        public var days: Set<Int>
        /// When it starts, seconds after midnight (0 to 86 400).
        public var from: Double
        /// When it ends, seconds after midnight (0 to 86 400); not after `from`: the next day. Equal to `from`: the
        /// whole day.
        public var until: Double
        /// What the screen does.
        public var mode: Mode
        /// The backlight's level while lit, a fraction of its maximum (0 to 1); nil: the idle policy's.
        public var brightness: Double?

        /// A window from `from` to `until` (seconds after midnight) on `days` (1 Monday to 7 Sunday; default every
        /// day).
        public init(days: Set<Int> = Set(1...7), from: Double, until: Double, mode: Mode, brightness: Double? = nil) {
            self.days = days; self.from = from; self.until = until; self.mode = mode; self.brightness = brightness
        }

        /// The stretch of the week it covers.
        public var week: WeekWindow { WeekWindow(days: days, from: from, until: until) }

        /// Whether the window holds `time`.
        public func contains(_ time: WeekTime) -> Bool { week.contains(time) }

        /// `22:00–06:30`, for the log.
        var span: String { week.span }
    }

    /// The index of the window that rules `time`, or nil outside every window.
    public func window(at time: WeekTime) -> Int? { windows.firstIndex { $0.contains(time) } }

    /// The loop time of the next boundary of a window after `now` on `clock` (``WeekWindow``'s).
    func nextBoundary(after now: Double, clock: WeekClock) -> Double? {
        windows.map(\.week).nextBoundary(after: now, clock: clock)
    }
}
