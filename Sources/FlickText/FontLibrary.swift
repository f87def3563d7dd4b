import CFreeType

/// One FreeType library instance. Faces keep their library alive, and share its glyph cache.
public final class FontLibrary {
    let handle: FT_Library
    let glyphCache: GlyphCache
    private var nextFaceID: UInt32 = 0
    /// Faces tried, in order, for characters a face lacks, before the system's fonts (FontFallback.swift).
    public var fallbacks: [FontFace] = []
    var systemFaces: [String: FontFace] = [:]
    var systemFallback: [UInt32: FontFace?] = [:]
    /// The system's colour emoji face once looked for (`.some(nil)`: there is none).
    var systemColorEmoji: FontFace??
    /// Looks for system fonts through fontconfig; off, only `fallbacks` are tried.
    public var usesSystemFonts = true

    /// A FreeType library of its own, with no faces yet.
    ///
    /// - Parameter glyphCacheBytes: The memory the library's rendered glyphs may hold (8 MB by default, room for a
    ///   few thousand) before they are all dropped and rendered again as text needs them.
    /// - Throws: ``TextError/freeType(file:call:code:)`` when FreeType cannot start.
    public init(glyphCacheBytes: Int = GlyphCache.defaultByteBudget) throws(TextError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw .freeType(file: "libfreetype", call: "FT_Init_FreeType", code: error)
        }
        handle = library
        glyphCache = GlyphCache(byteBudget: glyphCacheBytes)
    }

    deinit { FT_Done_FreeType(handle) }

    /// Opens the first face of the font file at `path`; a missing, damaged or unusable file throws.
    public func openFace(atPath path: String) throws(TextError) -> FontFace {
        nextFaceID += 1
        return try FontFace(path: path, library: self, id: nextFaceID)
    }

    /// Opens the bundled face of `weight`, built into the binary.
    func openBundledFace(_ weight: FontWeight) throws(TextError) -> FontFace {
        nextFaceID += 1
        return try FontFace(bundled: weight, library: self, id: nextFaceID)
    }
}
