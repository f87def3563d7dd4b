import CFreeType
import CHarfBuzz
import FlickFiles
import FlickRaster

/// A glyph's index in its face; 0 is `.notdef`, the box drawn for characters the font lacks.
public typealias GlyphIndex = UInt32

/// FreeType's function-like macros do not import into Swift; these are their values from freetype.h.
private enum FreeTypeFlag {
    static let faceScalable = 1 << 0         // FT_FACE_FLAG_SCALABLE
    static let faceColor = 1 << 14           // FT_FACE_FLAG_COLOR
    static let faceKerning = 1 << 6          // FT_FACE_FLAG_KERNING
    static let loadNoBitmap: Int32 = 1 << 3  // FT_LOAD_NO_BITMAP
    static let loadColor: Int32 = 1 << 20    // FT_LOAD_COLOR
    // FT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT): the mode in bits 16...19.
    static let loadTargetLight = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
    // Light hinting snaps only vertically, so stems stay crisp without distorting shapes,
    // and the advances it returns are whole pixels.
    static let glyphLoad = loadTargetLight | loadNoBitmap
}

/// What kind of glyphs a face draws.
private enum FaceKind {
    case outlines
    /// Outlines with colour layers (COLR): FreeType renders them in colour.
    case colorOutlines
    /// Colour bitmaps at fixed sizes only (CBDT, sbix: Noto Color Emoji), their pixel sizes in 26.6; scaled to the
    /// text size when drawn.
    case colorBitmaps(strikes: [Int32])

    /// nil for a face Flick cannot draw: bitmaps that are not colour, or no sizes at all.
    init?(_ face: FT_Face) {
        let flags = Int(face.pointee.face_flags), color = flags & FreeTypeFlag.faceColor != 0
        let strikes = (0..<Int(max(0, face.pointee.num_fixed_sizes))).map { Int32(face.pointee.available_sizes[$0].y_ppem) }
        if flags & FreeTypeFlag.faceScalable != 0 {
            self = color ? .colorOutlines : .outlines
        } else if color && !strikes.isEmpty {
            self = .colorBitmaps(strikes: strikes)
        } else {
            return nil
        }
    }

    var hasFixedSizes: Bool { if case .colorBitmaps = self { true } else { false } }

    var loadFlags: Int32 {
        switch self {
        case .outlines: FreeTypeFlag.glyphLoad
        case .colorOutlines: FreeTypeFlag.glyphLoad | FreeTypeFlag.loadColor
        case .colorBitmaps: FreeTypeFlag.loadColor
        }
    }
}

/// A scalable font face, or a colour bitmap one (emoji). Not thread-safe: FreeType faces carry the current size
/// and glyph slot.
public final class FontFace {
    /// The font file it was opened from; for a bundled face, `DejaVuSans.ttf (built in)`.
    public let path: String
    /// The library it was opened in, which it keeps alive and whose glyph cache it uses.
    public let library: FontLibrary
    /// The family name the font gives ("DejaVu Sans"); empty when it gives none.
    public let familyName: String
    /// The style name the font gives ("Bold"); empty when it gives none.
    public let styleName: String
    /// How many glyphs the face holds: glyph indexes run from 0 to one less.
    public let glyphCount: Int
    /// Design units per em: the grid the font's outlines are drawn on (2048 for DejaVu Sans).
    public let unitsPerEm: Int
    /// True when the face has a legacy TrueType `kern` table that FT_Get_Kerning reads.
    public let hasKerning: Bool
    /// True when the face draws glyphs in colour (emoji fonts).
    public var isColor: Bool { if case .outlines = kind { false } else { true } }
    /// Faces tried, in order, for characters this one lacks, before the library's and the system's (a theme
    /// font's chain: the other theme fonts, then the bundled face of its weight).
    public var fallbacks: [FontFace] = []

    let id: UInt32
    private let face: FT_Face
    /// Released after `face` (FT_Done_Face in deinit closes it); nil for a bundled face, read from the binary.
    private let file: FontFileStream?
    private let kind: FaceKind
    private let characters: CharacterGlyphs
    /// Text size over the selected strike's size, for a colour bitmap face; 1 otherwise.
    private var strikeScale = 1.0
    /// The 26.6 pixel size last set on `face`; FT_Set_Char_Size is only called when it changes.
    private var activeSize: Int32 = 0
    private var metricsBySize: [Int32: FontMetrics] = [:]

    convenience init(path: String, library: FontLibrary, id: UInt32) throws(TextError) {
        do throws(FileError) { try InputFile.check(path, as: .font) } catch { throw .unreadableFont(error) }
        let file = try FontFileStream(path: path)
        var arguments = FT_Open_Args()
        arguments.flags = 0x2  // FT_OPEN_STREAM
        arguments.stream = file.record
        try self.init(opening: &arguments, path: path, file: file, library: library, id: id)
    }

    /// The bytes live as long as the process, in the binary's read-only data: FreeType reads them in place.
    convenience init(bundled weight: FontWeight, library: FontLibrary, id: UInt32) throws(TextError) {
        let bytes = weight.bundledBytes
        var arguments = FT_Open_Args()
        arguments.flags = 0x1  // FT_OPEN_MEMORY
        arguments.memory_base = bytes.baseAddress
        arguments.memory_size = FT_Long(bytes.count)
        try self.init(opening: &arguments, path: weight.bundledName, file: nil, library: library, id: id)
    }

    private init(opening arguments: inout FT_Open_Args, path: String, file: FontFileStream?, library: FontLibrary,
                 id: UInt32) throws(TextError) {
        var opened: FT_Face?
        let error = FT_Open_Face(library.handle, &arguments, 0, &opened)
        guard error == 0, let face = opened else { throw .freeType(file: path, call: "FT_Open_Face", code: error) }
        let kind: FaceKind
        do throws(TextError) {
            kind = try Self.validate(face, path: path, isFile: file != nil)
        } catch {
            FT_Done_Face(face)
            throw error
        }
        self.path = path
        self.library = library
        self.id = id
        self.face = face
        self.file = file
        self.kind = kind
        characters = CharacterGlyphs(face: face)
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(face.pointee.num_glyphs)
        unitsPerEm = Int(face.pointee.units_per_EM)
        hasKerning = Int(face.pointee.face_flags) & FreeTypeFlag.faceKerning != 0
        // `validate` left the probe size (or a bitmap face's first strike, whose scale is not known yet) selected.
        activeSize = kind.hasFixedSizes ? 0 : Self.probeSize
    }

    deinit {
        library.glyphCache.removeGlyphs(ofFace: id)
        if let hbShapingFont { hb_font_destroy(hbShapingFont) }
        if let hbFont { hb_font_destroy(hbFont) }
        if let hbBuffer { hb_buffer_destroy(hbBuffer) }
        FT_Done_Face(face)
    }

    /// HarfBuzz's font over this FreeType face, loading glyphs with the flags the rasteriser uses, so shaped
    /// advances are the hinted advances drawn. Made at first use; follows the face's size.
    private var hbFont: OpaquePointer?
    /// What an outline face shapes with: a sub-font of `hbFont` taking advances from `advances`.
    private var hbShapingFont: OpaquePointer?
    private var hbSize: Int32 = 0
    private var advancesBySize: [Int32: GlyphAdvances] = [:]
    /// The advances at `hbSize`, for an outline face.
    private(set) var advances: GlyphAdvances?

    func harfBuzzFont(sizeKey: Int32) -> OpaquePointer? {
        guard (try? activate(sizeKey)) != nil else { return nil }
        if kind.hasFixedSizes {
            // FreeType has no scaled advances for a bitmap face; HarfBuzz's own font functions scale the font's
            // metrics to the text size (26.6, as the FreeType font gives).
            if hbFont == nil {
                let hbFace = hb_ft_face_create_referenced(face)
                hbFont = hb_font_create(hbFace)
                hb_face_destroy(hbFace)
            }
            hb_font_set_scale(hbFont, sizeKey, sizeKey)
            return hbFont
        }
        if hbFont == nil {
            hbFont = hb_ft_font_create_referenced(face)
            hb_ft_font_set_load_flags(hbFont, kind.loadFlags)
            hbShapingFont = hb_font_create_sub_font(hbFont)
        } else if hbSize != sizeKey {
            hb_ft_font_changed(hbFont)
        } else {
            return hbShapingFont
        }
        hbSize = sizeKey
        let advances = advancesBySize[sizeKey] ?? GlyphAdvances(owner: self, sizeKey: sizeKey, characters: characters,
                                                                loadFlags: kind.loadFlags, glyphCount: glyphCount)
        advancesBySize[sizeKey] = advances
        self.advances = advances
        // The sub-font's scale, ppem and variation are its parent's when made, not after.
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(hbFont, &x, &y)
        hb_font_set_scale(hbShapingFont, x, y)
        var xPPEM: UInt32 = 0, yPPEM: UInt32 = 0
        hb_font_get_ppem(hbFont, &xPPEM, &yPPEM)
        hb_font_set_ppem(hbShapingFont, xPPEM, yPPEM)
        hb_font_set_ptem(hbShapingFont, hb_font_get_ptem(hbFont))
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(hbFont, &coordinateCount)
        hb_font_set_var_coords_normalized(hbShapingFont, coordinates, coordinateCount)
        hb_font_set_funcs(hbShapingFont, ShapingFont.functions, Unmanaged.passUnretained(advances).toOpaque(), nil)
        return hbShapingFont
    }

    /// One buffer reused for every run this face shapes (a face is used from one thread).
    private var hbBuffer: OpaquePointer?

    func harfBuzzBuffer() -> OpaquePointer? {
        if hbBuffer == nil { hbBuffer = hb_buffer_create() }
        return hbBuffer
    }

    /// FT_Open_Face accepts files whose tables run past the end (it drops them) or that hold only
    /// monochrome bitmaps; checking now turns such files into an error at open, not blank or broken text later.
    /// Returns the kind of glyphs the face draws.
    private static func validate(_ face: FT_Face, path: String, isFile: Bool) throws(TextError) -> FaceKind {
        if isFile, let directory = SFNTDirectory(path: path), let size = SFNTDirectory.fileSize(path),
           let table = directory.firstTableBeyond(size) {
            throw .truncatedFont(file: path, table: table)
        }
        guard let kind = FaceKind(face) else { throw .unusableFont(file: path, reason: "not a scalable font") }
        guard face.pointee.num_glyphs > 0 else { throw .unusableFont(file: path, reason: "font has no glyphs") }
        try check(FT_Select_Charmap(face, FT_ENCODING_UNICODE), path, "FT_Select_Charmap")
        if kind.hasFixedSizes {
            try check(FT_Select_Size(face, 0), path, "FT_Select_Size")
        } else {
            try check(FT_Set_Char_Size(face, 0, FT_F26Dot6(probeSize), 72, 72), path, "FT_Set_Char_Size")
        }
        let probes: [Unicode.Scalar] = ["A", "g", "0"]
        for scalar in probes {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            try check(FT_Load_Glyph(face, index, kind.loadFlags), path, "FT_Load_Glyph")
        }
        let last = FT_UInt(face.pointee.num_glyphs - 1)
        try check(FT_Load_Glyph(face, last, kind.loadFlags), path, "FT_Load_Glyph")
        return kind
    }

    private static let probeSize: Int32 = 16 * 64

    private static func check(_ error: FT_Error, _ path: String, _ call: String) throws(TextError) {
        if error != 0 { throw .freeType(file: path, call: call, code: error) }
    }

    private var lastStrike: (size: Int32, strike: GlyphStrike)?

    /// This face's glyphs at `sizeKey` in the library's cache.
    func glyphStrike(_ sizeKey: Int32) -> GlyphStrike {
        if let last = lastStrike, last.size == sizeKey { return last.strike }
        let strike = library.glyphCache.strike(face: id, size: sizeKey)
        lastStrike = (sizeKey, strike)
        return strike
    }

    /// The glyph for `scalar` in this face's Unicode cmap, or 0 (`.notdef`) when the face lacks it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> GlyphIndex {
        characters.glyph(scalar.value)
    }

    /// Ascent, descent and line height at `pixelSize`, from FreeType's (hinted, 26.6) size metrics.
    public func metrics(pixelSize: Double) -> FontMetrics {
        metrics(sizeKey: Self.sizeKey(pixelSize))
    }

    func metrics(sizeKey: Int32) -> FontMetrics {
        if let known = metricsBySize[sizeKey] { return known }
        let result: FontMetrics
        if (try? activate(sizeKey)) != nil {
            let m = face.pointee.size.pointee.metrics
            result = FontMetrics(pixelSize: Double(sizeKey) / 64, ascent: atTextSize(m.ascender),
                                 descent: atTextSize(-m.descender), lineHeight: atTextSize(m.height))
        } else {
            // Unreachable for the scalable faces `validate` admits; design units keep layout sane anyway.
            let scale = Double(sizeKey) / 64 / Double(max(1, unitsPerEm))
            result = FontMetrics(pixelSize: Double(sizeKey) / 64, ascent: Double(face.pointee.ascender) * scale,
                                 descent: Double(-face.pointee.descender) * scale,
                                 lineHeight: Double(face.pointee.height) * scale)
        }
        metricsBySize[sizeKey] = result
        return result
    }

    /// The pair adjustment FreeType's FT_Get_Kerning gives (grid-fitted), in pixels; 0 without a `kern` table.
    public func kerning(between left: GlyphIndex, and right: GlyphIndex, pixelSize: Double) -> Double {
        kerning(left, right, sizeKey: Self.sizeKey(pixelSize))
    }

    func kerning(_ left: GlyphIndex, _ right: GlyphIndex, sizeKey: Int32) -> Double {
        guard hasKerning, left != 0, right != 0, (try? activate(sizeKey)) != nil else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_DEFAULT.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x) / 64
    }

    /// Loads and rasterises one glyph, uncached: light hinting, 8-bit gray coverage — or colour pixels from a colour
    /// face, a bitmap face's scaled to the text size.
    func renderGlyph(_ index: GlyphIndex, sizeKey: Int32) throws(TextError) -> Glyph {
        try activate(sizeKey)
        try Self.check(FT_Load_Glyph(face, index, kind.loadFlags), path, "FT_Load_Glyph")
        let slot = face.pointee.glyph!
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            try Self.check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), path, "FT_Render_Glyph")
        }
        let advance = atTextSize(slot.pointee.advance.x)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return Glyph(mask: AlphaMask(width: 0, height: 0), left: 0, top: 0, advance: advance)
        }
        let pitch = Int(bitmap.pitch)
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
            return colorGlyph(buffer, width: width, height: height, pitch: pitch, slot: slot, advance: advance)
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        for y in 0..<height {
            // A negative pitch means rows run bottom-up; buffer still points at the first row FreeType stores.
            let row = buffer + (pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch)
            for x in 0..<width {
                coverage[y * width + x] = mono ? (row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0) : row[x]
            }
        }
        return Glyph(mask: AlphaMask(width: width, height: height, coverage: coverage),
                     left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), advance: advance)
    }

    /// A 26.6 length FreeType gave at the selected size, in pixels at the text size: a colour strike's whole
    /// pixels scaled and kept whole.
    private func atTextSize(_ length: FT_Pos) -> Double {
        strikeScale == 1 ? Double(length) / 64 : (Double(length) / 64 * strikeScale).rounded()
    }

    /// FreeType's premultiplied BGRA is `ColorBitmap`'s layout on a little-endian machine (every Linux kiosk CPU).
    private func colorGlyph(_ buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int, pitch: Int,
                            slot: FT_GlyphSlot, advance: Double) -> Glyph {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = buffer + (pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch)
            for x in 0..<width {
                let p = row + x * 4
                pixels[y * width + x] = UInt32(p[3]) << 24 | UInt32(p[2]) << 16 | UInt32(p[1]) << 8 | UInt32(p[0])
            }
        }
        var color = ColorBitmap(width: width, height: height, pixels: pixels)
        var left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        if strikeScale != 1 {
            color = color.resampled(width: max(1, Int((Double(width) * strikeScale).rounded())),
                                    height: max(1, Int((Double(height) * strikeScale).rounded())))
            left = Int((Double(left) * strikeScale).rounded())
            top = Int((Double(top) * strikeScale).rounded())
        }
        return Glyph(mask: AlphaMask(width: 0, height: 0), color: color, left: left, top: top, advance: advance)
    }

    /// The FreeType face set to `sizeKey`, to read what FreeType gives at that size; nil when it cannot be set.
    func freeTypeFace(at sizeKey: Int32) -> FT_Face? {
        (try? activate(sizeKey)) != nil ? face : nil
    }

    private func activate(_ sizeKey: Int32) throws(TextError) {
        guard sizeKey != activeSize else { return }
        if case .colorBitmaps(let strikes) = kind {
            // The smallest strike at least as big as the text (shrinking keeps detail), else the biggest.
            let chosen = strikes.indices.filter { strikes[$0] >= sizeKey }.min { strikes[$0] < strikes[$1] }
                ?? strikes.indices.max { strikes[$0] < strikes[$1] }!
            try Self.check(FT_Select_Size(face, Int32(chosen)), path, "FT_Select_Size")
            strikeScale = Double(sizeKey) / Double(strikes[chosen])
        } else {
            try Self.check(FT_Set_Char_Size(face, 0, FT_F26Dot6(sizeKey), 72, 72), path, "FT_Set_Char_Size")
        }
        activeSize = sizeKey
    }

    /// Pixel sizes in 26.6, clamped to what FreeType's hinter handles; also the glyph cache's size key.
    static func sizeKey(_ pixelSize: Double) -> Int32 {
        guard pixelSize.isFinite else { return 64 }
        return Int32(min(2048 * 64, max(64, (pixelSize * 64).rounded())))
    }
}
