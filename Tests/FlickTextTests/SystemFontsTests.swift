import Testing
@testable import FlickText

/// fontconfig over the fonts scripts/install-deps installs: DejaVu, VL Gothic, TLWG, Lohit Devanagari, Noto Color Emoji.
@Suite struct SystemFontsTests {
    @Test func aFamilyIsFoundByNameAndAnUnknownOneIsNot() {
        #expect(SystemFonts.file(family: "DejaVu Sans")?.hasSuffix("DejaVuSans.ttf") == true)
        #expect(SystemFonts.file(family: "dejavu sans") != nil)
        #expect(SystemFonts.file(family: "No Such Typeface 42") == nil)
    }

    /// Japanese, Thai, Devanagari: none is in DejaVu; the font found has the glyph.
    @Test(arguments: ["あ", "ก", "क", "字"])
    func aCharacterIsFoundInAFontThatHasIt(character: String) throws {
        let scalar = character.unicodeScalars.first!
        let file = try #require(SystemFonts.file(covering: scalar))
        let face = try FontLibrary().openFace(atPath: file)
        #expect(face.glyphIndex(for: scalar) != 0, "\(character) → \(file)")
        #expect(try TestFonts.regular().glyphIndex(for: scalar) == 0, "DejaVu has \(character): a poor sample")
    }

    @Test func aCharacterNoFontHasIsNil() {
        #expect(SystemFonts.file(covering: Unicode.Scalar(0x10FFFD)!) == nil)
    }
}
