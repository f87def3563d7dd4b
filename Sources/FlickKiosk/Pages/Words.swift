import FlickText

/// A word the built-in pages show, by its key in the config's `languages.words`. A word may hold placeholders in
/// braces (``placeholders``) that the page fills in; a counted word (`{count}`) may give a form for each plural
/// category of its language.
public enum Word: String, Sendable, CaseIterable {
    /// A paged-text page's button back: "Prev".
    case prev
    /// A paged-text page's button on: "Next".
    case next
    /// A paged-text page's counter: "{page} / {count}".
    case pageNumber
    /// The title of a to-do page that names none: "To-do".
    case todo
    /// The to-do header's count: "{count} item" for one, "{count} items" for other counts.
    case items
    /// The to-do header's count when some are done: "{items}, {count} done", `{items}` the ``items`` word.
    case itemsDone
    /// A pulled to-do list's new row before it is far enough: "Pull to Add Item".
    case pullToAdd
    /// The same row once letting go adds it: "Release to Add Item".
    case releaseToAdd
    /// An empty to-do list: "Pull down to add an item".
    case emptyList
    /// The mark on a panel's value whose source went quiet for longer than its freshness: "stale".
    case stale

    /// The names the word's text may hold in braces; `count` picks the plural form.
    public var placeholders: [String] {
        switch self {
        case .pageNumber: ["page", "count"]
        case .items: ["count"]
        case .itemsDone: ["items", "count"]
        default: []
        }
    }

    /// The word in the built-in English.
    public var english: WordText {
        switch self {
        case .prev: WordText("Prev")
        case .next: WordText("Next")
        case .pageNumber: WordText("{page} / {count}")
        case .todo: WordText("To-do")
        case .items: WordText(forms: [.one: "{count} item", .other: "{count} items"])!
        case .itemsDone: WordText("{items}, {count} done")
        case .pullToAdd: WordText("Pull to Add Item")
        case .releaseToAdd: WordText("Release to Add Item")
        case .emptyList: WordText("Pull down to add an item")
        case .stale: WordText("stale")
        }
    }
}

/// A word's text in one language: one text, or a form for each plural category its count may take (`other` always).
public struct WordText: Sendable, Equatable {
    /// The forms by plural category; `other` is always there.
    public let forms: [PluralCategory: String]

    /// The same text for every count.
    public init(_ text: String) { forms = [.other: text] }

    /// A form for each category given; nil without an `other` form.
    public init?(forms: [PluralCategory: String]) {
        guard forms[.other] != nil else { return nil }
        self.forms = forms
    }

    /// The form for `category`, else the `other` one.
    public func form(_ category: PluralCategory) -> String { forms[category] ?? forms[.other]! }
}

/// The words of the built-in pages in one language, each from that language, else the config's default language,
/// else the built-in English: `context.words[.next]`, `context.words.text(.items, count: 3)`.
public struct Words: Sendable {
    /// The language the words are for: its direction mirrors the page's controls.
    public let language: Language
    /// Each word's text and the language it came from (its plural rules and digits).
    private let resolved: [Word: (text: WordText, language: Language)]

    /// The words for `language` from `sources`, first that has a word first, then the built-in English.
    init(language: Language, sources: [(language: Language, words: [Word: WordText])]) {
        self.language = language
        var resolved: [Word: (text: WordText, language: Language)] = [:]
        for word in Word.allCases {
            resolved[word] = sources.lazy.compactMap { source in source.words[word].map { ($0, source.language) } }.first
                ?? (word.english, Language.english)
        }
        self.resolved = resolved
    }

    /// The built-in English words.
    public static let english = Words(language: .english, sources: [])

    /// The word's text (its `other` form), placeholders as they are.
    public subscript(_ word: Word) -> String { resolved[word]!.text.form(.other) }

    /// The word in the plural form `count` takes, `{count}` replaced by it in the language's digits and each other
    /// placeholder by its value in `values`.
    public func text(_ word: Word, count: Int, _ values: [String: String] = [:]) -> String {
        let (text, source) = resolved[word]!
        var filled = text.form(source.pluralCategory(of: count)).replacing("{count}", with: source.format(count))
        for (name, value) in values { filled = filled.replacing("{\(name)}", with: value) }
        return filled
    }

    /// `number` in the digits of the language the word's text is in.
    public func format(_ number: Int, for word: Word) -> String { resolved[word]!.language.format(number) }
}
