import CICULocale
import Glibc

/// Moments as a language writes them, through ICU: the pattern is the language's best for a skeleton (`"jmm"`: hour
/// and minute in the language's hour cycle), so "3:07 PM" in English, "15:07" in Japanese and "٣:٠٧ م" in Arabic
/// come from ICU's data, not from code here. Made once per widget and used for every tick.
final class DateText {
    private let formatter: UnsafeMutableRawPointer

    /// Dates of `skeleton` in `language` (BCP 47); nil, with ICU's error code in `problem`, when ICU cannot make one.
    init?(skeleton: String, language: String, problem: inout Int32) {
        // The moment is handed over already in local time (below), so ICU's own idea of the zone never differs
        // from the one schedules go by.
        guard let formatter = flick_icu_date_open(language, skeleton, "UTC", &problem) else { return nil }
        self.formatter = formatter
    }

    deinit { flick_icu_date_close(formatter) }

    /// The moments a clock shows (seconds since 1970): the years 1 to 9999, which `time_t`, the C library's local
    /// time and ICU all hold. A source's number outside them (`1e308`) is no date.
    static let epochs = -62_135_596_800.0...253_402_300_799.0

    /// `epoch` (seconds since 1970, within ``epochs``) in the local time zone, as ``LocalTime`` reads it.
    func text(epoch: Double) -> String {
        var t = time_t(epoch.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        let local = epoch + Double(parts.tm_gmtoff)
        return utf16Text { flick_icu_date_format(formatter, local * 1000, $0, $1) }
    }
}

/// Numbers as a language writes them, through ICU: its digits, decimal point and grouping ("1,234.5" in English,
/// "١٬٢٣٤٫٥" in Arabic).
final class NumberText {
    private let formatter: UnsafeMutableRawPointer

    /// Numbers with `decimals` digits after the point (nil: as many as a value has, up to 6) in `language`; nil, with
    /// ICU's error code in `problem`, when ICU cannot make one.
    init?(decimals: Int?, language: String, problem: inout Int32) {
        guard let formatter = flick_icu_number_open(language, Int32(decimals ?? -1), &problem) else { return nil }
        self.formatter = formatter
    }

    deinit { flick_icu_number_close(formatter) }

    func text(_ value: Double) -> String { utf16Text { flick_icu_number_format(formatter, value, $0, $1) } }
}

/// What `write` puts into a UTF-16 buffer (it returns the length, or -1: nothing).
private func utf16Text(_ write: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String {
    // A double with 6 decimals and grouping is under 450 units; a date, a few dozen.
    let capacity = 512
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
        let length = write(buffer.baseAddress!, Int32(capacity))
        return length < 0 ? "" : String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF16.self)
    }
}
