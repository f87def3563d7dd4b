import FlickRaster
import Testing
@testable import FlickText

private func width(_ text: String, _ face: FontFace, _ size: Double = 24) -> Double {
    TextLayout(text, face: face, pixelSize: size).size.width
}

@Test func sentenceWrapsAtSpacesToTheExpectedLines() throws {
    let face = try TestFonts.regular()
    let maxWidth = max(width("The quick brown fox", face), width("jumps over the lazy", face)) + 1
    try #require(width("The quick brown fox jumps", face) > maxWidth)
    try #require(width("jumps over the lazy dog", face) > maxWidth)
    let layout = TextLayout("The quick brown fox jumps over the lazy dog", face: face, pixelSize: 24,
                            options: .init(maxWidth: maxWidth))
    #expect(layout.lineTexts == ["The quick brown fox", "jumps over the lazy", "dog"])
    #expect(layout.lines.allSatisfy { $0.width <= maxWidth })
    #expect(layout.size.width == width("The quick brown fox", face) || layout.size.width == width("jumps over the lazy", face))
    #expect(!layout.isTruncated)
    #expect(!layout.breaksWords)
}

@Test func spacesAtABreakHangAndDoNotStartTheNextLine() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("alpha    beta", face: face, pixelSize: 24, options: .init(maxWidth: width("alpha", face) + 2))
    #expect(layout.lineTexts == ["alpha", "beta"])
}

@Test func wordLongerThanTheLineBreaksBetweenCharacters() throws {
    let face = try TestFonts.regular()
    let word = "Supercalifragilisticexpialidocious"
    let layout = TextLayout("A \(word)", face: face, pixelSize: 24, options: .init(maxWidth: 100))
    #expect(layout.lines.count > 2)
    #expect(layout.lines[0].text == "A")
    #expect(layout.lines.dropFirst().map(\.text).joined() == word)
    #expect(layout.lines.allSatisfy { $0.width <= 100 })
    #expect(layout.breaksWords, "the layout says it cut a word")
    #expect(!TextLayout("A \(word)", face: face, pixelSize: 24, options: .init(maxWidth: width(word, face))).breaksWords)
    // Greedy: each broken line is full, so its next character would not have fitted.
    var consumed = 0
    for line in layout.lines.dropFirst().dropLast() {
        consumed += line.text.count
        let next = word.dropFirst(consumed).prefix(1)
        #expect(width(line.text + next, face) > 100)
    }
}

@Test func lineNarrowerThanOneGlyphStillMakesProgress() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("WWW", face: face, pixelSize: 24, options: .init(maxWidth: 1))
    #expect(layout.lineTexts == ["W", "W", "W"])
}

@Test func hyphenatedWordsBreakAfterTheHyphen() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("well-known fact", face: face, pixelSize: 24,
                            options: .init(maxWidth: width("well-kno", face)))
    #expect(layout.lineTexts == ["well-", "known", "fact"])
    #expect(!layout.breaksWords, "a line may end after a hyphen")
    let unbroken = TextLayout("well-known fact", face: face, pixelSize: 24,
                              options: .init(maxWidth: width("well-kno", face), breaksAfterHyphens: false))
    #expect(unbroken.lineTexts.first == "well-kno")
    #expect(unbroken.breaksWords)
    let sign = TextLayout("x -5", face: face, pixelSize: 24, options: .init(maxWidth: width("x -", face)))
    #expect(sign.lineTexts == ["x", "-5"])
}

@Test func explicitNewlinesStartNewLines() throws {
    let face = try TestFonts.regular()
    #expect(TextLayout("one\ntwo\r\nthree\rfour", face: face, pixelSize: 16).lineTexts == ["one", "two", "three", "four"])
    #expect(TextLayout("a\n\nb\n", face: face, pixelSize: 16).lineTexts == ["a", "", "b", ""])
    let wrapped = TextLayout("short\nthe second paragraph wraps", face: face, pixelSize: 16,
                             options: .init(maxWidth: width("the second", face, 16) + 1))
    #expect(wrapped.lineTexts == ["short", "the second", "paragraph", "wraps"])
}

@Test func emptyTextIsOneEmptyLine() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("", face: face, pixelSize: 24)
    #expect(layout.lines.count == 1)
    #expect(layout.size == Size(width: 0, height: face.metrics(pixelSize: 24).lineHeight))
}

@Test func maxLinesEndsInAnEllipsisThatFits() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("Hello wonderful world", face: face, pixelSize: 24, options: .init(maxWidth: 90, maxLines: 1))
    #expect(layout.lines.count == 1)
    #expect(layout.isTruncated)
    let line = try #require(layout.lines.first)
    #expect(line.text.hasSuffix("\u{2026}"))
    #expect(line.text.count > 1)
    #expect(line.width <= 90)
    #expect(line.glyphs.last?.index == face.glyphIndex(for: "\u{2026}"))
    // The longest prefix: one more character would not have fitted.
    let kept = String(line.text.dropLast())
    let longer = String("Hello wonderful world".prefix(kept.count + 1))
    #expect(width(longer + "\u{2026}", face) > 90)
}

@Test func maxLinesCutsWrappedAndExplicitLines() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("a\nb\nc", face: face, pixelSize: 24, options: .init(maxLines: 2))
    #expect(layout.lineTexts == ["a", "b\u{2026}"])
    let fits = TextLayout("a\nb", face: face, pixelSize: 24, options: .init(maxLines: 2))
    #expect(fits.lineTexts == ["a", "b"])
    #expect(!fits.isTruncated)
    let wrapped = TextLayout("The quick brown fox jumps over the lazy dog", face: face, pixelSize: 24,
                             options: .init(maxWidth: 150, maxLines: 2))
    #expect(wrapped.lines.count == 2)
    #expect(wrapped.lines[1].text.hasSuffix("\u{2026}"))
    #expect(wrapped.lines.allSatisfy { $0.width <= 150 })
}

@Test func centreAndRightAlignmentOffsetEachLine() throws {
    let face = try TestFonts.regular()
    let text = "centred text\nis here"
    let left = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 300))
    let centre = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 300, alignment: .center))
    let right = TextLayout(text, face: face, pixelSize: 24, options: .init(maxWidth: 300, alignment: .right))
    for i in 0..<2 {
        let w = left.lines[i].width
        #expect(left.lines[i].x == 0)
        #expect(centre.lines[i].x == (300 - w) / 2)
        #expect(right.lines[i].x == 300 - w)
        #expect(centre.lines[i].glyphs.map(\.x) == left.lines[i].glyphs.map { $0.x + (300 - w) / 2 })
        #expect(right.lines[i].glyphs.map(\.x) == left.lines[i].glyphs.map { $0.x + 300 - w })
    }
    // Without a wrap width, lines align within the widest one.
    let unbounded = TextLayout(text, face: face, pixelSize: 24, options: .init(alignment: .right))
    #expect(unbounded.alignmentWidth == unbounded.size.width)
    #expect(unbounded.lines.allSatisfy { $0.x + $0.width == unbounded.size.width })
}

@Test(arguments: ["Καλημέρα", "Привет", "Grüße"])
func nonLatinScriptsMapToRealGlyphs(text: String) throws {
    let face = try TestFonts.regular()
    let layout = TextLayout(text, face: face, pixelSize: 24)
    let glyphs = layout.lines[0].glyphs
    #expect(glyphs.count == text.unicodeScalars.count)
    #expect(glyphs.allSatisfy { $0.index != 0 })
    #expect(layout.lines[0].text == text)
    #expect(layout.size.width > 0)
}

/// A character no font on the system has is the primary face's .notdef box: visible, never a crash.
@Test(arguments: ["\u{10FFFD}", "a\u{10FFFD}b"])
func charactersNoFontHasUseNotdef(text: String) throws {
    let face = try TestFonts.regular()
    let layout = TextLayout(text, face: face, pixelSize: 24)
    #expect(layout.lines[0].glyphs.contains { $0.index == 0 && $0.face == 0 })
    let notdef = face.glyph(0, pixelSize: 24)
    #expect(notdef.advance > 0 && notdef.mask.width > 0)
    #expect(layout.size.width >= notdef.advance)
    let surface = Surface(width: 80, height: 40)
    Canvas(surface: surface).draw(layout, at: Point(2, 2), color: .black)
}

/// Characters DejaVu lacks come from a system font that has them (fontconfig), drawn in the same line.
@Test func charactersMissingFromDejaVuComeFromAFallbackFont() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("a中b", face: face, pixelSize: 24)
    let glyphs = layout.lines[0].glyphs
    #expect(glyphs.allSatisfy { $0.index != 0 })
    #expect(glyphs.map(\.face) == [0, 1, 0])
    #expect(layout.faces.count == 2 && layout.faces[1].glyphIndex(for: "中") != 0)
    let surface = Surface(width: 120, height: 40)
    surface.clear(to: 0xFFFF_FFFF)
    Canvas(surface: surface).draw(layout, at: Point(2, 2), color: .black)
    let middle = Int(glyphs[1].x + 2)...Int(glyphs[2].x + 2)
    #expect(middle.contains { x in (0..<40).contains { surface[x, $0] != 0xFFFF_FFFF } }, "中 drew nothing")
}

@Test func kernedPairsSitCloserThanTheirAdvances() throws {
    let face = try TestFonts.regular()
    let glyphs = TextLayout("To", face: face, pixelSize: 24).lines[0].glyphs
    let t = face.glyph(face.glyphIndex(for: "T"), pixelSize: 24)
    #expect(glyphs[1].x == t.advance + face.kerning(between: glyphs[0].index, and: glyphs[1].index, pixelSize: 24))
    #expect(glyphs[1].x < t.advance)
}

@Test func tabsAdvanceToTabStopsSoPricesAlign() throws {
    let face = try TestFonts.regular()
    let menu = TextLayout("Tea\t2.50\nCake\t3.00\nHot chocolate\t3.20", face: face, pixelSize: 24)
    let space = width("a a", face) - width("aa", face)
    // Where each price starts: the first glyph after the tab.
    let starts = menu.lines.map { line -> Double in
        let tab = line.text.unicodeScalars.firstIndex(of: "\t").map { line.text.unicodeScalars.distance(from: line.text.unicodeScalars.startIndex, to: $0) }!
        return line.glyphs.first { $0.cluster == tab + 1 }!.x
    }
    // Names shorter than eight spaces put their prices at the first stop; a longer one at the next stop past it.
    let stop = 8 * space, long = width("Hot chocolate", face)
    try #require(width("Cake", face) < stop && long > stop)
    #expect(abs(starts[0] - stop) < 0.01)
    #expect(abs(starts[1] - stop) < 0.01)
    #expect(abs(starts[2] - (long / stop).rounded(.up) * stop) < 0.01)
    #expect(menu.lines[0].width == starts[0] + width("2.50", face))
}

@Test func aLineWithTabsWrapsWhereItsStopsTakeIt() throws {
    let face = try TestFonts.regular()
    let space = width("a a", face) - width("aa", face)
    // The tab takes "a" to the stop at eight spaces: "b" no longer fits in seven spaces and a bit more.
    let layout = TextLayout("a\tb", face: face, pixelSize: 24, options: .init(maxWidth: 8 * space + 2))
    #expect(layout.lineTexts == ["a", "b"])
}
