import FlickText
import Testing

@Suite struct LanguageTests {
    @Test func wellFormedTagsOnly() {
        for tag in ["en", "ar", "ja", "pt-BR", "zh-Hant-TW", "sr-Latn", "xx"] { #expect(Language(tag)?.tag == tag, "\(tag)") }
        for tag in ["", "en_US", "toolonglanguage", "-", "a", "ar-", "12"] { #expect(Language(tag) == nil, "\(tag)") }
        #expect(Language("pt-BR") == Language("pt-br"))
    }

    /// From ICU's likely scripts, not a list of our own: Azerbaijani is left to right in Latin and right to left in
    /// Arabic script.
    @Test func rightToLeftScripts() {
        for tag in ["ar", "he", "fa", "ur", "ar-EG", "az-Arab", "ps", "yi"] { #expect(Language(tag)?.direction == .rightToLeft, "\(tag)") }
        for tag in ["en", "ja", "de", "az", "tr", "zh-Hant"] { #expect(Language(tag)?.direction == .leftToRight, "\(tag)") }
    }

    @Test func pluralCategories() {
        let english = Language("en")!, arabic = Language("ar")!, japanese = Language("ja")!, polish = Language("pl")!
        #expect([0, 1, 2, 5].map(english.pluralCategory(of:)) == [.other, .one, .other, .other])
        #expect([0, 1, 2, 3, 11, 100].map(arabic.pluralCategory(of:)) == [.zero, .one, .two, .few, .many, .other])
        #expect([1, 2].map(japanese.pluralCategory(of:)) == [.other, .other])
        #expect([1, 3, 5, 22].map(polish.pluralCategory(of:)) == [.one, .few, .many, .few])
    }

    @Test func digits() {
        #expect(Language("en")!.format(1234) == "1,234")
        // Egypt writes Arabic-Indic digits in every CLDR; plain "ar" changed to Latin digits in CLDR 44 (ICU 74 on).
        #expect(Language("ar-EG")!.format(3) == "٣")
        #expect(Language("ja")!.format(7) == "7")
        #expect(Language("de")!.format(1234) == "1.234")
    }
}
