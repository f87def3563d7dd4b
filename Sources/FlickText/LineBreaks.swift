import CICULineBreak

/// Where a line may end, by the Unicode line breaking algorithm (UAX #14, through ICU): between CJK characters,
/// between Thai words (ICU's dictionary), after spaces and hyphens, never before closing punctuation, inside a
/// number or inside an emoji sequence.
enum LineBreak: UInt8, Sendable {
    /// After this scalar the line ends (a hard break).
    case mandatory
    /// A line may end after this scalar.
    case allowed
    /// Not after this scalar.
    case prohibited

    /// One entry per scalar: what may follow it; the last scalar is a mandatory break. `language` (a BCP 47 tag
    /// such as "ja" or "zh") tunes a few classes, as UAX #14 allows.
    static func opportunities(_ scalars: [Unicode.Scalar], language: String? = nil) -> [LineBreak] {
        opportunities(scalars.map { $0.value }, language: language)
    }

    static func opportunities(_ codepoints: [UInt32], language: String? = nil) -> [LineBreak] {
        guard !codepoints.isEmpty else { return [] }
        // ICU works in UTF-16: each scalar's entry is the boundary after its last code unit.
        var utf16: [UInt16] = []
        utf16.reserveCapacity(codepoints.count)
        var ends: [Int] = []
        ends.reserveCapacity(codepoints.count)
        for codepoint in codepoints {
            UTF16.encode(Unicode.Scalar(codepoint) ?? "\u{FFFD}") { utf16.append($0) }
            ends.append(utf16.count)
        }
        var boundaries = [UInt8](repeating: 0, count: utf16.count + 1)
        let status = utf16.withUnsafeBufferPointer { text in
            (language ?? "").withCString { flick_icu_line_breaks(text.baseAddress, Int32(text.count), $0, &boundaries) }
        }
        var breaks = ends.map { end -> LineBreak in
            if status != 0 {
                // No ICU data: lines still break after spaces rather than only inside words.
                return end < utf16.count && utf16[end - 1] == 0x20 ? .allowed : .prohibited
            }
            return switch boundaries[end] { case 2: .mandatory; case 1: .allowed; default: .prohibited }
        }
        breaks[breaks.count - 1] = .mandatory
        return breaks
    }
}

/// A paragraph's break opportunities, found the first time they are asked for: a paragraph that fits its line (a
/// title, a list row) never asks, and ICU is a good part of laying out a short text.
final class LazyLineBreaks {
    private let codepoints: [UInt32]
    private var found: [LineBreak]?

    init(_ codepoints: [UInt32]) { self.codepoints = codepoints }

    var opportunities: [LineBreak] {
        if let found { return found }
        let breaks = LineBreak.opportunities(codepoints)
        found = breaks
        return breaks
    }
}
