@testable import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// The museum's pages at 800x480: the words of the built-in controls from the config's `languages`, and the Arabic
// pages mirrored. Arabic is Egypt's (ar-EG): it writes Arabic-Indic digits in every CLDR, where plain "ar" turned to
// Latin digits in CLDR 44 (ICU 74 on: Debian 13's ICU 76, not Debian 12's ICU 72).

private let width = 800, height = 480

private let languages = """
"languages": {
  "default": "en",
  "words": {
    "ar-EG": {"prev": "السابق", "next": "التالي", "pageNumber": "{page} من {count}", "todo": "المهام",
           "items": {"zero": "لا عناصر", "one": "عنصر واحد", "two": "عنصران", "few": "{count} عناصر", "other": "{count} عنصر"},
           "itemsDone": "{items}، {count} منجزة", "emptyList": "اسحب لأسفل لإضافة عنصر"},
    "ja": {"prev": "前へ", "next": "次へ", "todo": "やること", "items": "{count} 件"}
  }
}
"""

private func museum(_ pages: String, languages: String = languages) throws -> PagesScene {
    let json = "{\(languages), \"pages\": [\(pages)]}"
    let config = try KioskConfig.parse(Array(json.utf8), file: "museum.json", directory: "/tmp")
    return PagesScene(config: config, width: width, height: height, fonts: try FontCollection())
}

private func pagedText(_ id: String, language: String?) -> String {
    let field = language.map { #""language": "\#($0)", "# } ?? ""
    return #"{"id": "\#(id)", \#(field)"content": {"type": "pagedText", "pages": ["ا", "ب", "ج"]}}"#
}

private func todo(_ id: String, language: String?) -> String {
    let field = language.map { #""language": "\#($0)", "# } ?? ""
    return #"{"id": "\#(id)", \#(field)"content": {"type": "todo", "list": "\#(id)"}}"#
}

@Suite struct LanguagePagesTests {
    /// On an Arabic page Next is on the left: a tap there turns to the next page, and the counter is in Arabic digits.
    @Test func anArabicPagesNextIsOnTheLeftAndTurnsToTheNextPage() throws {
        let scene = try museum(pagedText("ar", language: "ar-EG"))
        let page = try #require(scene.page("ar") as? PagedTextPage)
        let next = page.controls.next.view.frame, previous = page.controls.previous.view.frame
        #expect(next.maxX < previous.minX && next.minX < Double(width) / 4)
        #expect(page.controls.next.title == "التالي" && page.controls.previous.title == "السابق")
        #expect(page.controls.indicator.text == "١ من ٣")
        let player = VirtualClockPlayer(scene: scene, width: width, height: height)
        player.enqueue(tapScript(at: (next.midX, next.midY), downMs: 100, upMs: 150))
        player.run()
        #expect(page.textIndex == 1 && page.controls.indicator.text == "٢ من ٣")
        #expect(page.controls.previous.isEnabled)
    }

    /// The Next the Arabic page turns with brings the next card in from the left, where the finger pressed.
    @Test func anArabicNextPushesFromTheLeft() {
        let push = KioskConfig.PageTransition()
        #expect(push.transition(forward: true, direction: .rightToLeft).direction == .fromLeft)
        #expect(push.transition(forward: false, direction: .rightToLeft).direction == .fromRight)
        #expect(push.transition(forward: true).direction == .fromRight)
    }

    /// A page without a `language` is in the kiosk's (the default, English); a Japanese one shows Japanese words,
    /// and the word Japanese leaves out (`pageNumber`) is the default language's.
    @Test func japaneseWordsAndTheDefaultLanguagesForTheRest() throws {
        let scene = try museum(pagedText("en", language: nil) + "," + pagedText("ja", language: "ja"))
        let english = try #require(scene.page("en") as? PagedTextPage)
        let japanese = try #require(scene.page("ja") as? PagedTextPage)
        #expect(english.controls.next.title == "Next" && english.controls.previous.view.frame.minX < english.controls.next.view.frame.minX)
        #expect(japanese.controls.next.title == "次へ" && japanese.controls.previous.title == "前へ")
        #expect(japanese.controls.indicator.text == "1 / 3")
        #expect(japanese.controls.previous.view.frame.minX < japanese.controls.next.view.frame.minX)
    }

    /// A word the page's language leaves out comes from the default language, and one that leaves it out too from the
    /// built-in English.
    @Test func aMissingWordFallsBackToTheDefaultLanguageThenEnglish() throws {
        let words = #""languages": {"default": "de", "words": {"de": {"prev": "Zurück", "next": "Weiter"}, "ja": {"next": "次へ"}}}"#
        let scene = try museum(pagedText("ja", language: "ja") + "," + todo("list", language: "ja"), languages: words)
        let page = try #require(scene.page("ja") as? PagedTextPage)
        #expect(page.controls.next.title == "次へ" && page.controls.previous.title == "Zurück")
        let config = try KioskConfig.parse(Array("{\(words), \"pages\": [\(todo("t", language: nil))]}".utf8), file: "k.json", directory: "/")
        let german = config.languages.words(for: config.languages.defaultLanguage)
        #expect(german.language.tag == "de" && german[.next] == "Weiter" && german[.emptyList] == "Pull down to add an item")
        #expect(german.text(.items, count: 1) == "1 item" && german.text(.items, count: 1234) == "1,234 items")
    }

    /// Arabic counts take Arabic plural forms and digits; Japanese has one form.
    @Test func countedWordsTakeTheLanguagesPluralForms() throws {
        let config = try KioskConfig.parse(Array("{\(languages), \"pages\": [\(todo("t", language: nil))]}".utf8), file: "k.json", directory: "/")
        let arabic = config.languages.words(for: Language("ar-EG")!)
        #expect([0, 1, 2, 3, 11].map { arabic.text(.items, count: $0) } == ["لا عناصر", "عنصر واحد", "عنصران", "٣ عناصر", "١١ عنصر"])
        #expect(arabic.text(.itemsDone, count: 2, ["items": arabic.text(.items, count: 5)]) == "٥ عناصر، ٢ منجزة")
        let japanese = config.languages.words(for: Language("ja")!)
        #expect([1, 2].map { japanese.text(.items, count: $0) } == ["1 件", "2 件"])
    }

    /// The Arabic to-do header has its title on the right and the count on the left; the English one the other way.
    @Test func theArabicTodoHeaderRunsFromTheRight() throws {
        let theme = KioskConfig.Theme()
        var arabic: TodoPage?
        for (id, language, titleOnRight) in [("en", "en", false), ("ar", "ar-EG", true)] {
            let scene = try museum(todo(id, language: language))
            let page = try #require(scene.page(id) as? TodoPage)
            if id == "ar" { arabic = page }
            let surface = VirtualClockPlayer(scene: scene, width: width, height: height).screen
            let header = Int(page.header.view.frame.height)
            // Bright title ink and grey count ink, by half of the bar.
            func ink(_ colour: Color, left: Bool) -> Int {
                let xs = left ? 0..<(width / 2) : (width / 2)..<width
                return xs.reduce(0) { n, x in n + (0..<header).filter { surface[x, $0] == colour.pixel }.count }
            }
            #expect((ink(theme.text, left: !titleOnRight) > 0) && ink(theme.text, left: titleOnRight) == 0, "\(id)")
            #expect((ink(theme.secondaryText, left: titleOnRight) > 0) && ink(theme.secondaryText, left: !titleOnRight) == 0, "\(id)")
        }
        #expect(arabic?.header.title == "المهام" && arabic?.header.summary == "لا عناصر")
    }

    /// An Arabic list's chevrons are on the left, pointing left, and its back control on the right; an English one's
    /// the other way.
    @Test func anArabicListsChevronsPointLeft() throws {
        let grey = KioskConfig.Theme().secondaryText.pixel
        // The chevron's stroke is anti-aliased: near its grey, in the inset at either end of a row without a title.
        func isChevron(_ pixel: UInt32) -> Bool {
            [0, 8, 16].allSatisfy { abs(Int((pixel >> $0) & 0xFF) - Int((grey >> $0) & 0xFF)) <= 40 }
        }
        for (id, language, onLeft) in [("en", "en", false), ("ar", "ar-EG", true)] {
            let list = #"{"id": "\#(id)", "language": "\#(language)", "content": {"type": "list", "title": "قاعات", "items": [{"title": "", "detail": "الخط"}]}}"#
            let scene = try museum(list)
            let page = try #require(scene.page(id) as? ListPage)
            let screen = VirtualClockPlayer(scene: scene, width: width, height: height).screen
            let rowView = page.screen.list.visibleRows[0].view
            let row = Rect(origin: rowView.convertToRoot(.zero), size: rowView.frame.size)
            let ys = Int(row.minY)..<Int(row.maxY - 1)
            func ink(_ xs: Range<Int>) -> [(x: Int, y: Int)] { xs.flatMap { x in ys.filter { isChevron(screen[x, $0]) }.map { (x, $0) } } }
            let left = ink(0..<45), right = ink((width - 45)..<width)
            #expect(left.isEmpty != onLeft && right.isEmpty == onLeft, "\(id)")
            // The ink furthest the way it points is the tip, a few pixels mid-row, not the two open ends 14 px apart.
            let marks = onLeft ? left : right
            let tipX = onLeft ? marks.map(\.x).min() : marks.map(\.x).max()
            let tip = marks.filter { $0.x == tipX }.map { Double($0.y) }
            #expect(!tip.isEmpty && tip.max()! - tip.min()! <= 4 && abs(tip.reduce(0, +) / Double(tip.count) - row.midY) <= 2,
                    "\(id): the tip is mid-row")
            #expect((page.bar.back.view.frame.minX > Double(width) / 2) == onLeft, "\(id)")
        }
    }
}
