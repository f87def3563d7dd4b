import FlickJSON
import FlickText

extension KioskConfig {
    /// The config's `languages`: the words of the built-in controls in each language the kiosk speaks, and the one it
    /// starts in. The languages a config may name (a page's `language`, a `{"language": code}` action) are `en`,
    /// whose built-in English words are always there, and each key of `words`.
    ///
    /// ```json
    /// "languages": {
    ///   "default": "en",
    ///   "words": {
    ///     "ar": {"prev": "السابق", "next": "التالي", "items": {"one": "عنصر واحد", "two": "عنصران", "few": "{count} عناصر", "other": "{count} عنصر"}},
    ///     "ja": {"prev": "前へ", "next": "次へ", "todo": "やること", "items": "{count} 件"}
    ///   }
    /// }
    /// ```
    ///
    /// A word is a text, or for a counted word an object of CLDR plural forms (`zero`, `one`, `two`, `few`, `many`,
    /// `other`; `other` required). A language that leaves a word out takes the default language's, else the built-in
    /// English (``Word/english``); English leaves them to the built-in English. A page in a right-to-left language
    /// (Arabic, Hebrew, Persian, Urdu…) mirrors its controls.
    public struct Languages: Sendable, Equatable {
        /// `default`: the language the kiosk starts in, and whose words stand in for a word another leaves out;
        /// default `en`.
        public var defaultLanguage: Language
        /// `words`: each language's words, in file order.
        public var words: [Entry]

        /// One language's words.
        public struct Entry: Sendable, Equatable {
            /// The key in `words`, a BCP 47 tag.
            public var language: Language
            /// Its words; the others come from the default language, then the built-in English.
            public var words: [Word: WordText]
        }

        /// English only, with its built-in words.
        public init() { defaultLanguage = .english; words = [] }

        /// The languages the config may name: `en`, then each of `words` (without a second `en`).
        public var all: [Language] { [.english] + words.map(\.language).filter { $0 != .english } }

        /// The config's language that `tag` names (in any case), or nil.
        public func language(_ tag: String) -> Language? { Language(tag).flatMap { tag in all.first { $0 == tag } } }

        /// The words of `language`: its own, else the default language's, else the built-in English (English's own
        /// are the built-in ones).
        public func words(for language: Language) -> Words {
            let own = words.filter { $0.language == language }
            let fallback = language == .english ? [] : words.filter { $0.language == defaultLanguage }
            return Words(language: language, sources: (own + fallback).map { ($0.language, $0.words) })
        }
    }

    /// `languages`: `{"default": tag, "words": {tag: {word: text, …}, …}}`.
    static func readLanguages(_ value: JSONValue, reader: ConfigReader) -> Languages {
        var languages = Languages()
        guard let fields = reader.object(value, at: "languages", known: ["default", "words"]) else { return languages }
        if let words = fields["words"] {
            guard case .object(let entries) = words else {
                fields.report("words", "expected an object of languages, like {\"ar\": {\"next\": \"التالي\"}}, got \(words.shortDescription)")
                return languages
            }
            for (tag, value) in entries {
                let path = fields.path("words") + "." + tag
                guard let language = Language(tag) else {
                    reader.report(path, "expected a BCP 47 language tag like \"ar\", \"ja\" or \"pt-BR\", got \(JSONValue.string(tag).shortDescription)")
                    continue
                }
                if let first = languages.words.first(where: { $0.language == language }) {
                    reader.report(path, "\(first.language) has words already: give each language one entry")
                    continue
                }
                if let words = readWords(value, at: path, reader: reader) {
                    languages.words.append(Languages.Entry(language: language, words: words))
                }
            }
        }
        if let tag = fields.string("default", required: false) {
            if let language = languages.language(tag) { languages.defaultLanguage = language } else {
                fields.report("default", unknownLanguage(tag, in: languages))
            }
        }
        return languages
    }

    /// One language's words: each a text, or plural forms for a counted word; placeholders only those it has.
    private static func readWords(_ value: JSONValue, at path: String, reader: ConfigReader) -> [Word: WordText]? {
        guard let fields = reader.object(value, at: path, known: Word.allCases.map(\.rawValue)) else { return nil }
        var words: [Word: WordText] = [:]
        for word in Word.allCases {
            guard let value = fields[word.rawValue] else { continue }
            let at = fields.path(word.rawValue)
            // Each form with its path, to report a placeholder where it is.
            var forms: [(category: PluralCategory, path: String, text: String)] = []
            if case .object = value, word.placeholders.contains("count") {
                guard let plural = reader.object(value, at: at, known: PluralCategory.allCases.map(\.rawValue)) else { continue }
                for category in PluralCategory.allCases {
                    if let form = plural.string(category.rawValue, required: category == .other) {
                        forms.append((category, plural.path(category.rawValue), form))
                    }
                }
            } else if case .string(let s) = value {
                forms = [(.other, at, s)]
            } else {
                let expected = word.placeholders.contains("count") ? "a text, or an object of plural forms like {\"one\": \"{count} item\", \"other\": \"{count} items\"}" : "a text"
                reader.report(at, "expected \(expected), got \(value.shortDescription)")
                continue
            }
            let known = forms.map { reportUnknownPlaceholders(in: $0.text, of: word, at: $0.path, reader: reader) }.allSatisfy { $0 }
            if known, let text = WordText(forms: Dictionary(forms.map { ($0.category, $0.text) }) { first, _ in first }) {
                words[word] = text
            }
        }
        return words
    }

    /// Reports each `{name}` in `form` that `word` does not fill; true when there is none.
    private static func reportUnknownPlaceholders(in form: String, of word: Word, at path: String, reader: ConfigReader) -> Bool {
        var clean = true
        var rest = Substring(form)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !word.placeholders.contains(name) {
                let has = word.placeholders.isEmpty ? "this word has none" : "this word has " + word.placeholders.map { "{\($0)}" }.joined(separator: ", ")
                reader.report(path, "unknown placeholder {\(name)} (\(has))")
                clean = false
            }
            rest = rest[rest.index(after: close)...]
        }
        return clean
    }

    static func unknownLanguage(_ tag: String, in languages: Languages) -> String {
        let known = languages.all.map(\.tag).joined(separator: ", ")
        guard Language(tag) != nil else {
            return "expected a BCP 47 language tag like \"ar\" or \"pt-BR\" (languages: \(known)), got \(JSONValue.string(tag).shortDescription)"
        }
        return "unknown language \(JSONValue.string(tag).shortDescription) (languages: \(known)); give its words in \"languages\": {\"words\": {\"\(tag)\": {…}}}"
    }

    /// Languages that pages and actions name must be the config's.
    static func reportLanguageReferences(pages: [(path: String, tag: String)], languages: Languages, reader: ConfigReader) {
        for reference in pages + reader.languageReferences.map({ ($0.path, $0.code) }) where languages.language(reference.1) == nil {
            reader.report(reference.0, unknownLanguage(reference.1, in: languages))
        }
    }
}

extension PageContext {
    /// The context for `page`: in its own `language` when it has one, else in this context's (the kiosk's current one).
    func speaking(languageOf page: KioskConfig.Page, in languages: KioskConfig.Languages) -> PageContext {
        guard let tag = page.language, let language = languages.language(tag) else { return self }
        return speaking(languages.words(for: language))
    }
}
