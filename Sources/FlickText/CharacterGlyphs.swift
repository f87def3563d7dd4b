import CFreeType

/// A face's Unicode cmap as FreeType reads it (FT_Get_Char_Index), remembered per character: layout asks for every
/// character twice (which face has it, then HarfBuzz's glyphs) and FreeType searches the cmap each time. Plane 0
/// only, in pages of 256 characters made as text reaches them; other characters go to FreeType each time.
final class CharacterGlyphs {
    private static let pageShift = 8, pageSize = 1 << pageShift, pageCount = 0x10000 >> pageShift
    private static let unknown = GlyphIndex.max

    private let face: FT_Face
    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<GlyphIndex>?>

    init(face: FT_Face) {
        self.face = face
        pages = .allocate(capacity: Self.pageCount)
        pages.initialize(repeating: nil, count: Self.pageCount)
    }

    deinit {
        for p in 0..<Self.pageCount { pages[p]?.deallocate() }
        pages.deallocate()
    }

    /// The glyph for `codepoint`, 0 when the face lacks it.
    func glyph(_ codepoint: UInt32) -> GlyphIndex {
        guard codepoint < 0x10000 else { return GlyphIndex(FT_Get_Char_Index(face, FT_ULong(codepoint))) }
        let p = Int(codepoint >> UInt32(Self.pageShift))
        let page: UnsafeMutablePointer<GlyphIndex>
        if let made = pages[p] {
            page = made
        } else {
            page = .allocate(capacity: Self.pageSize)
            page.initialize(repeating: Self.unknown, count: Self.pageSize)
            pages[p] = page
        }
        let slot = page + (Int(codepoint) & (Self.pageSize - 1))
        if slot.pointee == Self.unknown { slot.pointee = GlyphIndex(FT_Get_Char_Index(face, FT_ULong(codepoint))) }
        return slot.pointee
    }
}
