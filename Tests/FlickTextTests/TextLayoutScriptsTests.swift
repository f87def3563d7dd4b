import FlickRaster
import Testing
@testable import FlickText

/// Text in the world's scripts through TextLayout: direction, alignment, wrapping and cutting.
@Suite struct TextLayoutScriptsTests {
    /// Arabic starts at the right by default, reads right to left, and its letters join (no isolated forms).
    @Test func arabicIsRightAlignedRightToLeftAndJoined() throws {
        let face = try TestFonts.regular()
        let text = "مرحبا"
        let layout = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 300))
        let line = try #require(layout.lines.first)
        #expect(line.direction == .rightToLeft)
        #expect(line.x + line.width == 300, "right-aligned: the natural start of Arabic")
        // Visual order: the first letter (meem) is the rightmost glyph.
        let isolated = text.unicodeScalars.map { face.glyphIndex(for: $0) }
        #expect(line.glyphs.map(\.index) != isolated.reversed(), "letters drawn unjoined")
        #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        #expect(TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 300, alignment: .left)).lines[0].x == 0)
    }

    /// An English word inside Hebrew keeps its letters left to right, in its place in the right-to-left line.
    @Test func mixedHebrewAndEnglishRunsAreOrderedForTheScreen() throws {
        let face = try TestFonts.regular()
        let layout = TextLayout("שלום Flick עולם", face: face, pixelSize: 24)
        let glyphs = layout.lines[0].glyphs
        let f = face.glyphIndex(for: "F"), k = face.glyphIndex(for: "k")
        let shin = face.glyphIndex(for: "ש"), mem = face.glyphIndex(for: "ם")
        let position = { (g: GlyphIndex) in glyphs.firstIndex { $0.index == g }! }
        #expect(position(f) < position(k), "Flick reads left to right")
        #expect(position(mem) < position(f) && position(f) < position(shin), "עולם left, Flick between, שלום right")
    }

    /// Japanese wraps between characters, but never puts 。 at the start of a line.
    @Test func japaneseWrapsBetweenCharactersNotBeforeClosingPunctuation() throws {
        let face = try TestFonts.regular()
        let text = "東京は日本の首都です。大阪も大きい。"
        let one = TextLayout("東", face: face, pixelSize: 20).size.width
        let layout = TextLayout(text, face: face, pixelSize: 20, options: .init(maxWidth: one * 5.5))
        #expect(layout.lines.count > 2)
        #expect(layout.lines.map(\.text).joined() == text)
        #expect(layout.lines.allSatisfy { !$0.text.hasPrefix("。") && !$0.text.hasPrefix("、") })
        #expect(layout.lines.allSatisfy { $0.width <= one * 5.5 })
        #expect(!layout.breaksWords, "every line ends where a Japanese line may")
        #expect(layout.lines[0].glyphs.allSatisfy { $0.face != 0 && $0.index != 0 }, "from a fallback font")
    }

    /// Cut Arabic ends between words, with the ellipsis at its logical end — on the left.
    @Test func cutArabicEndsBetweenWords() throws {
        let face = try TestFonts.regular()
        let text = "مرحبا بكم في المدينة الجميلة"
        let full = TextLayout(text, face: face, pixelSize: 24).size.width
        let layout = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: full * 0.6, maxLines: 1))
        let line = try #require(layout.lines.first)
        #expect(layout.isTruncated && line.text.hasSuffix("\u{2026}"))
        let kept = line.text.dropLast()
        #expect(text.hasPrefix(kept) && (text.dropFirst(kept.count).first == " "), "cut inside a word: \(kept)")
        #expect(line.width <= full * 0.6)
        #expect(line.glyphs.first?.index == face.glyphIndex(for: "\u{2026}"), "the ellipsis is leftmost")
    }

    /// Devanagari conjuncts and Thai marks stay in their clusters: a narrow line breaks between clusters only.
    @Test func aWordTooLongForTheLineBreaksBetweenClusters() throws {
        let face = try TestFonts.regular()
        let text = "क्षत्रियक्षत्रिय"
        let layout = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 40))
        #expect(layout.lines.count > 1)
        for line in layout.lines.dropFirst() {
            #expect(line.text.unicodeScalars.first.map { ShapedParagraph.belongsToPrevious($0.value) } == false,
                    "a line starts with a mark or virama-joined part: \(line.text)")
        }
        #expect(layout.lines.map(\.text).joined() == text)
    }
}
