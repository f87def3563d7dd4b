import CICULocale

/// A language as a BCP 47 tag names it (`en`, `ar`, `ja`, `pt-BR`), with what ICU knows of it: the direction its
/// script runs, its plural rules and its digits. What a kiosk's words and the mirroring of its controls follow.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The tag, as given.
    public let tag: String
    /// ICU's locale id for it (`pt_BR`).
    private let locale: String
    /// Which way the language's script runs: right to left for Arabic, Hebrew, Persian, Urdu…, from the script the
    /// tag names or the language's likely one (ICU's `uloc_isRightToLeft`).
    public let direction: TextDirection

    /// The language `tag` names, or nil when it is not a well-formed BCP 47 tag (`en_US`, `english`, an empty string).
    /// A well-formed tag of a language ICU does not know is kept: left to right, English plurals, Latin digits.
    public init?(_ tag: String) {
        var id = [CChar](repeating: 0, count: 160)
        guard tag.utf8.count < 100, flick_icu_language_tag(tag, &id, Int32(id.count)) == 1 else { return nil }
        self.tag = tag
        locale = String(cString: id)
        direction = flick_icu_is_right_to_left(locale) == 1 ? .rightToLeft : .leftToRight
    }

    /// English: what a kiosk's built-in words are in.
    public static let english = Language("en")!

    /// The tag.
    public var description: String { tag }

    /// The CLDR plural category `count` takes in the language: `one` for 1 in English, `few` for 3 in Arabic, `other`
    /// for everything in Japanese.
    public func pluralCategory(of count: Int) -> PluralCategory {
        var keyword = [CChar](repeating: 0, count: 16)
        guard flick_icu_plural_category(locale, Double(count), &keyword, Int32(keyword.count)) == 0 else { return .other }
        return PluralCategory(rawValue: String(cString: keyword)) ?? .other
    }

    /// `number` written as the language writes it (`٣` in Arabic, `1,234` in English); Latin digits where ICU cannot.
    public func format(_ number: Int) -> String {
        var text = [UInt16](repeating: 0, count: 64)
        let length = flick_icu_format_integer(locale, Int64(number), &text, Int32(text.count))
        return length < 0 ? String(number) : String(decoding: text[..<Int(length)], as: UTF16.self)
    }

    /// The same language whatever the tag's case (`pt-BR`, `pt-br`).
    public static func == (a: Language, b: Language) -> Bool { a.locale == b.locale }

    /// Hashes the language as ``==(_:_:)`` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(locale) }
}

/// The plural categories of the Unicode CLDR, by which a language picks a counted word's form ("1 item", "2 items";
/// Arabic has all six).
public enum PluralCategory: String, Sendable, CaseIterable {
    /// `zero`: Arabic's 0, Latvian's…
    case zero
    /// `one`: English 1.
    case one
    /// `two`: Arabic, Hebrew, Welsh 2.
    case two
    /// `few`: Arabic 3–10, Polish 2–4, Czech 2–4.
    case few
    /// `many`: Arabic 11–99, Polish 5–21.
    case many
    /// `other`: everything else, and every count in languages without plurals (Japanese, Chinese).
    case other
}
