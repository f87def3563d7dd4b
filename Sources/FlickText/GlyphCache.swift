import FlickRaster

/// A rendered glyph: coverage (or colour pixels) plus where it sits relative to the pen on the baseline.
public struct Glyph: Sendable {
    /// 8-bit coverage, drawn in the text's paint; empty (0 × 0) for a colour glyph and for one without ink (a space).
    public let mask: AlphaMask
    /// A colour glyph's pixels (an emoji), drawn as they are instead of `mask` in the text's paint.
    public let color: ColorBitmap?
    /// Pixels from the pen to the mask's left edge (FreeType's bitmap_left).
    public let left: Int
    /// Pixels from the baseline up to the mask's top row (FreeType's bitmap_top).
    public let top: Int
    /// Pen advance in pixels (the hinted 26.6 advance, whole pixels under light hinting).
    public let advance: Double

    /// A glyph as given; a face renders its own with ``FontFace/glyph(_:pixelSize:)``.
    public init(mask: AlphaMask, color: ColorBitmap? = nil, left: Int, top: Int, advance: Double) {
        self.mask = mask; self.color = color; self.left = left; self.top = top; self.advance = advance
    }

    /// True when the glyph draws anything: a mask of some size, or colour pixels.
    public var hasInk: Bool { mask.width > 0 || color != nil }

    var bytes: Int { mask.coverage.count + (color?.pixels.count ?? 0) * 4 }

    static let empty = Glyph(mask: AlphaMask(width: 0, height: 0), left: 0, top: 0, advance: 0)
}

/// Rendered glyphs shared by a library's faces: one strike per face and 26.6 pixel size, holding its glyphs by index.
/// A hit is an index into the strike and no allocation; only misses call FreeType.
@usableFromInline final class GlyphCache {
    /// A kiosk shows a few sizes of two faces: a few thousand glyphs, well under this.
    @usableFromInline static let defaultByteBudget = 8 << 20

    let byteBudget: Int
    var hits: Int { counters[0] }
    var misses: Int { counters[1] }
    /// Approximate memory held: coverage bytes plus a fixed per-entry overhead.
    private(set) var bytes = 0
    private(set) var count = 0

    /// Hits and misses, counted by the strikes without an exclusive access to the cache per glyph.
    private let counters: UnsafeMutablePointer<Int>
    private var strikes: [StrikeKey: GlyphStrike] = [:]
    private static let entryOverhead = 64

    private struct StrikeKey: Hashable {
        var face: UInt32
        var size: Int32
    }

    init(byteBudget: Int = GlyphCache.defaultByteBudget) {
        self.byteBudget = byteBudget
        counters = .allocate(capacity: 2)
        counters.initialize(repeating: 0, count: 2)
    }

    deinit {
        for strike in strikes.values { strike.removeAll() }
        counters.deallocate()
    }

    /// The strike of `face` at `size`, made empty the first time.
    func strike(face: UInt32, size: Int32) -> GlyphStrike {
        let key = StrikeKey(face: face, size: size)
        if let known = strikes[key] { return known }
        let strike = GlyphStrike(counters: counters)
        strikes[key] = strike
        return strike
    }

    func insert(_ glyph: Glyph, into strike: GlyphStrike, at index: GlyphIndex) {
        let cost = glyph.bytes + Self.entryOverhead
        // Dropping everything is crude but rare with this budget, and keeps hits free of LRU bookkeeping.
        if bytes + cost > byteBudget { removeAll() }
        guard strike.insert(glyph, at: index) else { return }
        bytes += cost
        count += 1
    }

    func removeAll() {
        for strike in strikes.values { strike.removeAll() }
        bytes = 0
        count = 0
    }

    func resetStatistics() {
        counters[0] = 0
        counters[1] = 0
    }

    func removeGlyphs(ofFace face: UInt32) {
        for (key, strike) in strikes where key.face == face {
            for glyph in strike.glyphs {
                bytes -= glyph.bytes + Self.entryOverhead
                count -= 1
            }
            strike.removeAll()
            strikes[key] = nil
        }
    }
}

/// One face's glyphs at one size, by glyph index, in pages of 256 made as glyphs are rendered. Glyph indexes are
/// 16-bit in the fonts FreeType opens (sfnt, CFF); a larger one is never kept.
final class GlyphStrike {
    private let table = PagedTable(count: 1 << 16, empty: Slot())
    private let counters: UnsafeMutablePointer<Int>

    /// Not an optional glyph: reading whether a slot is filled then copies the glyph once (copying `Glyph?` out of
    /// a page went through generic copies, a tenth of layout time).
    private struct Slot {
        var isFilled = false
        var glyph = Glyph.empty
    }

    fileprivate init(counters: UnsafeMutablePointer<Int>) { self.counters = counters }

    /// The glyph at `index` when rendered, counted as a hit or a miss.
    @inline(__always)
    func glyph(_ index: GlyphIndex) -> Glyph? {
        if let slot = table.existingEntry(Int(index)), slot.pointee.isFilled {
            counters[0] &+= 1
            return slot.pointee.glyph
        }
        counters[1] &+= 1
        return nil
    }

    /// False when not kept (an index too large) or already there.
    fileprivate func insert(_ glyph: Glyph, at index: GlyphIndex) -> Bool {
        guard let slot = table.entry(Int(index)), !slot.pointee.isFilled else { return false }
        slot.pointee = Slot(isFilled: true, glyph: glyph)
        return true
    }

    fileprivate var glyphs: [Glyph] {
        var filled: [Glyph] = []
        table.forEachEntry { if $0.isFilled { filled.append($0.glyph) } }
        return filled
    }

    fileprivate func removeAll() { table.removeAll() }
}

extension FontFace {
    /// The rendered glyph at `pixelSize`, from the cache or FreeType. A glyph FreeType cannot render
    /// comes back as `.notdef`, and failing that as an empty glyph: a bad glyph never stops a frame.
    public func glyph(_ index: GlyphIndex, pixelSize: Double) -> Glyph {
        glyph(index, sizeKey: Self.sizeKey(pixelSize))
    }

    @inline(__always)
    func glyph(_ index: GlyphIndex, sizeKey: Int32) -> Glyph {
        glyph(index, sizeKey: sizeKey, in: glyphStrike(sizeKey))
    }

    /// The same from `strike`, this face's at `sizeKey`, when a caller asks for many glyphs of one size.
    @inline(__always)
    func glyph(_ index: GlyphIndex, sizeKey: Int32, in strike: GlyphStrike) -> Glyph {
        if let cached = strike.glyph(index) { return cached }
        let rendered = (try? renderGlyph(index, sizeKey: sizeKey))
            ?? (index != 0 ? try? renderGlyph(0, sizeKey: sizeKey) : nil)
            ?? .empty
        library.glyphCache.insert(rendered, into: strike, at: index)
        return rendered
    }
}
