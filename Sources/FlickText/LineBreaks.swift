import CUnibreak

/// Where a line may end, by the Unicode line breaking algorithm (UAX #14, libunibreak): between CJK characters,
/// after spaces and hyphens, never before closing punctuation or inside a number.
public enum LineBreak: UInt8, Sendable {
    /// After this scalar the line ends (a hard break).
    case mandatory
    /// A line may end after this scalar.
    case allowed
    /// Not after this scalar.
    case prohibited

    private static let initialised: Void = init_linebreak()

    /// One entry per scalar: what may follow it. `language` (a BCP 47 tag such as "ja" or "zh") tunes a few
    /// classes, as UAX #14 allows.
    public static func opportunities(_ scalars: [Unicode.Scalar], language: String? = nil) -> [LineBreak] {
        opportunities(scalars.map { $0.value }, language: language)
    }

    static func opportunities(_ codepoints: [UInt32], language: String? = nil) -> [LineBreak] {
        guard !codepoints.isEmpty else { return [] }
        _ = initialised
        var breaks = [CChar](repeating: 0, count: codepoints.count)
        codepoints.withUnsafeBufferPointer { text in
            if let language {
                language.withCString { set_linebreaks_utf32(text.baseAddress, text.count, $0, &breaks) }
            } else {
                set_linebreaks_utf32(text.baseAddress, text.count, nil, &breaks)
            }
        }
        return breaks.map {
            switch Int32($0) {
            case LINEBREAK_MUSTBREAK: .mandatory
            case LINEBREAK_ALLOWBREAK: .allowed
            default: .prohibited
            }
        }
    }
}
