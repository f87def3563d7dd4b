import CFreeType
import CHarfBuzz

/// Per glyph of one outline face at one size, the two advances shaping asks for every glyph it sets: the scaled
/// advance HarfBuzz's FreeType font functions give (26.6), and the hinted advance the rasteriser draws with.
/// hb-ft keeps its own advances only until the face changes size — text at two sizes cleared them every run — and
/// each one it misses is read from the font file (FreeType leaves `hmtx` on disk: a `pread` per glyph).
/// Filled as glyphs are asked for, in pages of 256 glyphs, so a CJK face costs only the pages its text uses.
final class GlyphAdvances {
    private static let unknownShaping = Int32.min

    /// The face's characters, for HarfBuzz to read with the advances (a font has one data pointer).
    let characters: CharacterGlyphs
    /// The face owns its tables.
    private unowned let owner: FontFace
    private let sizeKey: Int32
    private let loadFlags: Int32
    private let table: PagedTable<Entry>

    private struct Entry {
        var shaping: Int32
        /// NaN until asked for.
        var hinted: Double
    }

    init(owner: FontFace, sizeKey: Int32, characters: CharacterGlyphs, loadFlags: Int32, glyphCount: Int) {
        self.owner = owner
        self.sizeKey = sizeKey
        self.characters = characters
        self.loadFlags = loadFlags
        table = PagedTable(count: glyphCount, empty: Entry(shaping: Self.unknownShaping, hinted: .nan))
    }

    private func entry(_ glyph: GlyphIndex) -> UnsafeMutablePointer<Entry>? { table.entry(Int(glyph)) }

    /// hb-ft's horizontal advance, computed as hb-ft does (hb-ft.cc, hb_ft_get_glyph_h_advances): FreeType's
    /// FT_Get_Advance in 16.16 with the font's load flags, rounded to 26.6.
    func shaping(_ glyph: GlyphIndex) -> Int32 {
        if let known = entry(glyph)?.pointee.shaping, known != Self.unknownShaping { return known }
        var advance: FT_Fixed = 0
        // The face may have been set to another size since shaping began (a glyph rendered for other text).
        if let face = owner.freeTypeFace(at: sizeKey) { _ = FT_Get_Advance(face, glyph, loadFlags, &advance) }
        let result = Int32(truncatingIfNeeded: (advance + (1 << 9)) >> 10)
        entry(glyph)?.pointee.shaping = result
        return result
    }

    /// The hinted advance, `render`'s the first time.
    func hinted(_ glyph: GlyphIndex, render: (GlyphIndex) -> Double) -> Double {
        if let known = entry(glyph)?.pointee.hinted, !known.isNaN { return known }
        let advance = render(glyph)
        entry(glyph)?.pointee.hinted = advance
        return advance
    }
}
