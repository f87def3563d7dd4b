import CFreeType

/// A face's Unicode cmap as FreeType reads it (FT_Get_Char_Index), remembered per character: layout asks for every
/// character twice (which face has it, then HarfBuzz's glyphs) and FreeType searches the cmap each time. Plane 0
/// only, in pages of 256 characters made as text reaches them; other characters go to FreeType each time.
final class CharacterGlyphs {
    private static let unknown = GlyphIndex.max

    private let face: FT_Face
    private let table = PagedTable(count: 0x10000, empty: CharacterGlyphs.unknown)

    init(face: FT_Face) { self.face = face }

    /// The glyph for `codepoint`, 0 when the face lacks it.
    func glyph(_ codepoint: UInt32) -> GlyphIndex {
        guard let slot = table.entry(Int(codepoint)) else { return GlyphIndex(FT_Get_Char_Index(face, FT_ULong(codepoint))) }
        if slot.pointee == Self.unknown { slot.pointee = GlyphIndex(FT_Get_Char_Index(face, FT_ULong(codepoint))) }
        return slot.pointee
    }
}
