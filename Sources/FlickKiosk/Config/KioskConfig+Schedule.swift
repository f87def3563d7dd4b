import FlickJSON
import FlickUI

extension KioskConfig {
    static let scheduleFields = ["days", "from", "until", "screen", "brightness"]
    /// The days as the config names them, Monday first (ISO 8601's 1 to 7).
    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// `display.schedule`: windows of the week when the screen is off, on, or at another brightness.
    ///
    /// ```json
    /// "schedule": [
    ///   {"from": "22:00", "until": "06:30", "screen": "off"},
    ///   {"days": ["sat", "sun"], "from": "18:00", "until": "22:00", "brightness": 40}
    /// ]
    /// ```
    static func readSchedule(_ fields: ConfigFields, reader: ConfigReader) -> ScreenSchedule {
        var windows: [ScreenSchedule.Window] = []
        for entry in fields.objects("schedule", known: scheduleFields, required: false) ?? [] {
            let reported = reader.issues.count
            let week = readWeekWindow(entry, reader: reader)
            let screen = entry.choice("screen", ScheduledScreen.self)
            let brightness = entry.number("brightness", in: 1...100)
            if entry["screen"] == nil && entry["brightness"] == nil {
                reader.report(entry.path, "a window that changes nothing: give \"screen\": \"off\" or \"on\", or a \"brightness\" from 1 to 100")
            }
            guard reader.issues.count == reported, let week else { continue }
            windows.append(ScreenSchedule.Window(days: week.days, from: week.from, until: week.until, mode: screen?.mode ?? .idle,
                                                 brightness: brightness.map { $0 / 100 }))
        }
        return ScreenSchedule(windows)
    }

    /// `days`, `from` and `until` of a window of the week (a schedule's, the times a page is shown); nil after
    /// reporting what is wrong.
    static func readWeekWindow(_ entry: ConfigFields, reader: ConfigReader) -> WeekWindow? {
        let reported = reader.issues.count
        let days = readDays(entry, reader: reader)
        let from = entry.string("from", required: false).flatMap { readClock($0, at: entry.path("from"), allowsMidnightEnd: false, reader: reader) }
        let until = entry.string("until", required: false).flatMap { readClock($0, at: entry.path("until"), allowsMidnightEnd: true, reader: reader) }
        switch (entry["from"], entry["until"]) {
        case (nil, nil), (.some, .some): break
        case (nil, .some): entry.missing("from", expected: "the time the window starts, like \"22:00\" (or leave out \"until\" too, for the whole day)")
        case (.some, nil): entry.missing("until", expected: "the time the window ends, like \"06:30\" (or leave out \"from\" too, for the whole day)")
        }
        if let from, let until, from == until.truncatingRemainder(dividingBy: ScreenSchedule.day) {
            entry.report("until", "the window ends when it starts: leave out \"from\" and \"until\" for the whole day")
        }
        guard reader.issues.count == reported, let days else { return nil }
        return WeekWindow(days: days, from: from ?? 0, until: until ?? 0)
    }

    /// A page's `shown`: the windows of the week it is part of the kiosk; none: always.
    static func readShown(_ fields: ConfigFields, reader: ConfigReader) -> [WeekWindow] {
        (fields.objects("shown", known: ["days", "from", "until"], required: false, nonEmpty: true) ?? []).compactMap {
            readWeekWindow($0, reader: reader)
        }
    }

    /// `days`: names from ``dayNames`` in any case; every day when left out.
    private static func readDays(_ entry: ConfigFields, reader: ConfigReader) -> Set<Int>? {
        guard let names = entry.array("days", required: false, nonEmpty: true, of: "days like \"mon\"") else {
            return entry["days"] == nil ? Set(1...7) : nil
        }
        var days: Set<Int> = []
        for (i, value) in names.enumerated() {
            let at = "\(entry.path("days"))[\(i)]"
            guard let name = reader.string(value, at: at) else { return nil }
            guard let day = dayNames.firstIndex(of: name.lowercased()) else {
                reader.report(at, "expected one of \(dayNames.joined(separator: ", ")), got \(value.shortDescription)")
                return nil
            }
            days.insert(day + 1)
        }
        return days
    }

    /// "HH:MM" (00:00 to 23:59, and 24:00 for the end of a day), as seconds after midnight.
    private static func readClock(_ text: String, at path: String, allowsMidnightEnd: Bool, reader: ConfigReader) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           let h = Int(parts[0]), let m = Int(parts[1]), m < 60, h < 24 || (allowsMidnightEnd && h == 24 && m == 0) {
            return Double(h * 3600 + m * 60)
        }
        let range = allowsMidnightEnd ? "00:00 to 24:00" : "00:00 to 23:59"
        reader.report(path, "expected a time of day like \"06:30\" (\(range)), got \(JSONValue.string(text).shortDescription)")
        return nil
    }
}

/// A window's `screen`: left out, the idle times rule as usual.
enum ScheduledScreen: String, CaseIterable {
    case off, on
    var mode: ScreenSchedule.Mode { self == .off ? .off : .on }
}

extension WallClock {
    /// The day of the week and the time of day at `loopTime`, as a screen's schedule reads them.
    public func weekTime(at loopTime: Double) -> WeekTime {
        let local = local(at: loopTime)
        return WeekTime(weekday: local.weekday, secondsIntoDay: local.secondsIntoDay)
    }

    /// The clock a screen's schedule reads (``weekTime(at:)``).
    public var weekClock: WeekClock { WeekClock(weekTime(at:)) }
}
