import FlickRaster

/// A rendered glyph: coverage (or colour pixels) plus where it sits relative to the pen on the baseline.
public struct Glyph: Sendable {
    public let mask: AlphaMask
    /// A colour glyph's pixels (an emoji), drawn as they are instead of `mask` in the text's paint.
    public let color: ColorBitmap?
    /// Pixels from the pen to the mask's left edge (FreeType's bitmap_left).
    public let left: Int
    /// Pixels from the baseline up to the mask's top row (FreeType's bitmap_top).
    public let top: Int
    /// Pen advance in pixels (the hinted 26.6 advance, whole pixels under light hinting).
    public let advance: Double

    public init(mask: AlphaMask, color: ColorBitmap? = nil, left: Int, top: Int, advance: Double) {
        self.mask = mask; self.color = color; self.left = left; self.top = top; self.advance = advance
    }

    public var hasInk: Bool { mask.width > 0 || color != nil }

    var bytes: Int { mask.coverage.count + (color?.pixels.count ?? 0) * 4 }

    static let empty = Glyph(mask: AlphaMask(width: 0, height: 0), left: 0, top: 0, advance: 0)
}

struct GlyphKey: Hashable {
    var face: UInt32
    var size: Int32
    var index: GlyphIndex

    /// One word into the hasher instead of three: every glyph of every layout is looked up here.
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(face) << 40 ^ UInt64(UInt32(bitPattern: size)) << 20 ^ UInt64(index))
    }
}

/// Rendered glyphs keyed by (face, 26.6 pixel size, glyph index), shared by a library's faces.
/// A hit is one dictionary lookup and no allocation; only misses call FreeType.
public final class GlyphCache {
    /// A kiosk shows a few sizes of two faces: a few thousand glyphs, well under this.
    public static let defaultByteBudget = 8 << 20

    public let byteBudget: Int
    public private(set) var hits = 0
    public private(set) var misses = 0
    /// Approximate memory held: coverage bytes plus a fixed per-entry overhead.
    public private(set) var bytes = 0
    public var count: Int { glyphs.count }

    private var glyphs: [GlyphKey: Glyph] = [:]
    private static let entryOverhead = 64

    public init(byteBudget: Int = GlyphCache.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    func lookup(_ key: GlyphKey) -> Glyph? {
        if let glyph = glyphs[key] {
            hits &+= 1
            return glyph
        }
        misses &+= 1
        return nil
    }

    func insert(_ glyph: Glyph, for key: GlyphKey) {
        let cost = glyph.bytes + Self.entryOverhead
        // Dropping everything is crude but rare with this budget, and keeps hits free of LRU bookkeeping.
        if bytes + cost > byteBudget { removeAll() }
        glyphs[key] = glyph
        bytes += cost
    }

    public func removeAll() {
        glyphs.removeAll(keepingCapacity: true)
        bytes = 0
    }

    public func resetStatistics() {
        hits = 0
        misses = 0
    }

    func removeGlyphs(ofFace face: UInt32) {
        glyphs = glyphs.filter { $0.key.face != face }
        bytes = glyphs.values.reduce(0) { $0 + $1.bytes + Self.entryOverhead }
    }
}

extension FontFace {
    /// The rendered glyph at `pixelSize`, from the cache or FreeType. A glyph FreeType cannot render
    /// comes back as `.notdef`, and failing that as an empty glyph: a bad glyph never stops a frame.
    public func glyph(_ index: GlyphIndex, pixelSize: Double) -> Glyph {
        glyph(index, sizeKey: Self.sizeKey(pixelSize))
    }

    @inline(__always)
    func glyph(_ index: GlyphIndex, sizeKey: Int32) -> Glyph {
        let key = GlyphKey(face: id, size: sizeKey, index: index)
        if let cached = library.glyphCache.lookup(key) { return cached }
        let rendered = (try? renderGlyph(index, sizeKey: sizeKey))
            ?? (index != 0 ? try? renderGlyph(0, sizeKey: sizeKey) : nil)
            ?? .empty
        library.glyphCache.insert(rendered, for: key)
        return rendered
    }
}
