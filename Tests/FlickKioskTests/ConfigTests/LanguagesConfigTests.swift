@testable import FlickKiosk
import FlickText
import FlickUI
import Testing

/// An integrator's kind with a button whose `action` may switch the language.
private struct LanguageButton: PageKind {
    static let type = "languageButton"
    static let fields = ["action"]
    let action: KioskAction?
    init?(_ fields: ConfigFields) { action = fields.action("action") }
    func makePage(context: PageContext) -> any PageController { Empty(view: View(frame: context.bounds)) }
}

private final class Empty: PageController {
    let view: View
    init(view: View) { self.view = view }
}

private func problems(_ json: String) -> [String] {
    do {
        _ = try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/", kinds: [LanguageButton.self])
        return []
    } catch {
        return error.lines
    }
}

private let page = #"{"id": "a", "content": {"type": "text", "title": "A", "body": ""}}"#

@Suite struct LanguagesConfigTests {
    @Test func theLanguagesWordsAndTheDefault() throws {
        let json = """
        {"languages": {"default": "ar", "words": {"ar": {"next": "التالي", "items": {"one": "عنصر", "other": "{count} عنصر"}},
                                                   "ja": {"next": "次へ"}}},
         "pages": [\(page), {"id": "b", "language": "ja", "content": {"type": "languageButton", "action": {"language": "en"}}}]}
        """
        let config = try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/", kinds: [LanguageButton.self])
        #expect(config.languages.defaultLanguage == Language("ar") && config.languages.all.map(\.tag) == ["en", "ar", "ja"])
        #expect(config.languages.words[0].words == [.next: WordText("التالي"), .items: WordText(forms: [.one: "عنصر", .other: "{count} عنصر"])!])
        #expect(config.page("b")?.language == "ja" && config.page("a")?.language == nil)
        #expect(config.languages.words(for: Language("ja")!)[.next] == "次へ")
        #expect(config.languages.words(for: Language("en")!)[.next] == "Next", "English takes the built-in words, not the default's")
        #expect(KioskConfig.Languages().all == [.english], "without languages, English only")
    }

    @Test func unknownWordsAreErrorsListingTheKnownOnes() {
        #expect(problems(#"{"languages": {"words": {"ar": {"nxt": "التالي"}}}, "pages": [\#(page)]}"#) == [
            "k.json: languages.words.ar.nxt: unknown field (expected one of: prev, next, pageNumber, todo, items, itemsDone, pullToAdd, releaseToAdd, emptyList, stale)",
        ])
    }

    @Test func languageTagsPlaceholdersAndPluralForms() {
        let json = """
        {"languages": {"default": "fr", "words": {"en_US": {}, "ja": {"next": "{page}へ", "items": {"one": "{count} 件"}, "prev": {"other": "前"}},
                                                 "JA": {}, "de": {"itemsDone": "{items}, {count} erledigt {done}", "todo": 3,
                                                                                                          "items": {"one": "{n} Eintrag", "other": "{count} Einträge"}}}},
         "pages": [\(page)]}
        """
        #expect(problems(json) == [
            #"k.json: languages.words.en_US: expected a BCP 47 language tag like "ar", "ja" or "pt-BR", got "en_US""#,
            "k.json: languages.words.ja.prev: expected a text, got an object",
            "k.json: languages.words.ja.next: unknown placeholder {page} (this word has none)",
            #"k.json: languages.words.ja.items.other: missing; expected a string"#,
            "k.json: languages.words.JA: ja has words already: give each language one entry",
            "k.json: languages.words.de.todo: expected a text, got 3",
            "k.json: languages.words.de.items.one: unknown placeholder {n} (this word has {count})",
            "k.json: languages.words.de.itemsDone: unknown placeholder {done} (this word has {items}, {count})",
            #"k.json: languages.default: unknown language "fr" (languages: en, ja, de); give its words in "languages": {"words": {"fr": {…}}}"#,
        ])
    }

    /// A page's `language` and a `language` action must name one of the config's languages.
    @Test func pagesAndActionsNameTheConfigsLanguages() {
        let json = """
        {"languages": {"words": {"ar": {}}},
         "pages": [{"id": "a", "language": "he", "content": {"type": "languageButton", "action": {"language": "ja"}}},
                   {"id": "c", "language": "ar_EG", "content": {"type": "languageButton"}},
                   {"id": "b", "language": "ar", "content": {"type": "languageButton", "action": {"language": "en"}}}]}
        """
        #expect(problems(json) == [
            #"k.json: pages[0].language: unknown language "he" (languages: en, ar); give its words in "languages": {"words": {"he": {…}}}"#,
            #"k.json: pages[1].language: expected a BCP 47 language tag like "ar" or "pt-BR" (languages: en, ar), got "ar_EG""#,
            #"k.json: pages[0].content.action.language: unknown language "ja" (languages: en, ar); give its words in "languages": {"words": {"ja": {…}}}"#,
        ])
        #expect(problems(#"{"pages": [{"id": "a", "language": "ar", "content": {"type": "text", "title": "A", "body": ""}}]}"#) == [
            #"k.json: pages[0].language: unknown language "ar" (languages: en); give its words in "languages": {"words": {"ar": {…}}}"#,
        ])
    }
}
