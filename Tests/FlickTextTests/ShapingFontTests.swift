import CFreeType
import CHarfBuzz
import Testing
@testable import FlickText

/// Flick's tables behind HarfBuzz (the cmap and the advances, remembered) against hb-ft's own font over a face of
/// its own: every glyph and character the same, at sizes visited in turn.
@Suite struct ShapingFontTests {
    /// Light hinting without bitmaps, as Flick loads outline glyphs (and as the hb-shape tests pass it).
    private static let loadFlags: Int32 = 65544

    private final class Reference {
        var library: FT_Library?
        var face: FT_Face?
        var font: OpaquePointer?

        init(path: String) throws {
            try #require(FT_Init_FreeType(&library) == 0)
            try #require(FT_New_Face(library, path, 0, &face) == 0)
            try #require(FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0)
        }

        func setSize(_ pixels: Int) throws {
            try #require(FT_Set_Char_Size(face, 0, FT_F26Dot6(pixels * 64), 72, 72) == 0)
            if font == nil {
                font = hb_ft_font_create_referenced(face)
                hb_ft_font_set_load_flags(font, ShapingFontTests.loadFlags)
            } else {
                hb_ft_font_changed(font)
            }
        }

        deinit {
            if let font { hb_font_destroy(font) }
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
    }

    @Test func advancesAreHbFtsAtEachSizeInTurn() throws {
        let face = try TestFonts.regular()
        let reference = try Reference(path: TestFonts.regularPath)
        for pixels in [16, 27, 16, 44] {
            try reference.setSize(pixels)
            _ = try #require(face.harfBuzzFont(sizeKey: Int32(pixels * 64)))
            let advances = try #require(face.advances)
            // The face set to another size in between: the table still reads its own.
            _ = face.glyph(face.glyphIndex(for: "W"), pixelSize: Double(pixels + 5))
            let differing = (0..<GlyphIndex(face.glyphCount + 2)).filter {
                advances.shaping($0) != hb_font_get_glyph_h_advance(reference.font, $0)
            }
            #expect(differing.isEmpty, "\(pixels) px: glyphs \(differing.prefix(10))")
        }
    }

    @Test func hintedAdvancesAreTheRenderedGlyphs() throws {
        let face = try TestFonts.regular()
        for pixels in [16, 27] {
            let sizeKey = Int32(pixels * 64)
            _ = try #require(face.harfBuzzFont(sizeKey: sizeKey))
            let advances = try #require(face.advances)
            for glyph in GlyphIndex(0)..<200 {
                #expect(advances.hinted(glyph) { face.glyph($0, sizeKey: sizeKey).advance } == face.glyph(glyph, sizeKey: sizeKey).advance)
            }
        }
    }

    @Test func charactersAreFreeTypesCmap() throws {
        let face = try TestFonts.regular()
        let reference = try Reference(path: TestFonts.regularPath)
        let codepoints = Array(0..<UInt32(0x11000)).filter { !(0xD800...0xDFFF).contains($0) }
        // Twice: the second time from the table.
        for _ in 0..<2 {
            let differing = codepoints.filter {
                face.glyphIndex(for: Unicode.Scalar($0)!) != GlyphIndex(FT_Get_Char_Index(reference.face, FT_ULong($0)))
            }
            #expect(differing.isEmpty, "U+\(differing.prefix(10).map { String($0, radix: 16) })")
        }
        #expect(face.glyphIndex(for: "A") != 0)
        #expect(face.glyphIndex(for: "\u{4E00}") == 0)
    }

    /// Text laid out at one size, then another and back, lays out as on a face only ever at that size.
    @Test func layoutAfterSizeChangesIsAFreshFacesLayout() throws {
        let text = "AVATAR Today, Wavy Tokyo — naïve café: ﬁne ‘quotes’"
        let shared = try TestFonts.regular()
        for pixels in [24.0, 44, 24, 17, 44] {
            let layout = TextLayout(text, face: shared, pixelSize: pixels, options: .init(maxWidth: 300))
            let fresh = TextLayout(text, face: try TestFonts.regular(), pixelSize: pixels, options: .init(maxWidth: 300))
            #expect(layout.lines == fresh.lines, "\(pixels) px")
        }
    }
}
