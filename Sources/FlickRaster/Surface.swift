#if canImport(Glibc)
import Glibc
#endif

/// A rectangle of premultiplied 32-bit pixels, 0xAARRGGBB in native order: B, G, R, A in memory on
/// little-endian — DRM's ARGB8888 and XRGB8888. It owns its memory or wraps memory it does not own
/// (a mapped dumb buffer), without copying.
public final class Surface {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance between rows, in pixels (DRM's pitch / 4).
    public let stride: Int
    /// The top row's first pixel; row `y` starts ``Surface/stride`` × `y` pixels after it. Valid while the surface
    /// lives (for a wrapped one, while its memory does).
    public let pixels: UnsafeMutablePointer<UInt32>
    private let memory: Memory

    private enum Memory {
        case heap
        /// Mapped bytes: given back to the pages they came from, or to the system, when the surface goes.
        case mapped(Int, SurfacePages?)
        case borrowed
    }

    /// Surfaces at least this big get pages of their own: malloc would keep a freed layer cache's pages
    /// (its mmap threshold grows with every large free), and a kiosk's memory is its few screens.
    static let mappedThresholdBytes = 256 * 1024

    /// Transparent black.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative")
        self.width = width
        self.height = height
        self.stride = width
        (pixels, memory) = Self.allocate(max(1, width * height), cleared: true, pages: nil)
    }

    /// Transparent black, in pages kept by `pages` when it has some of the size (see ``SurfacePages``), given back
    /// to it when the surface goes.
    package convenience init(width: Int, height: Int, pages: SurfacePages) {
        self.init(width: width, height: height, cleared: true, pages: pages)
    }

    /// A surface whose pixels are left as they come (zeros, or a surface of `pages` let go a moment before): for
    /// one the caller overwrites entirely, so clearing all of it first would be wasted.
    package static func forOverwriting(width: Int, height: Int, pages: SurfacePages? = nil) -> Surface {
        Surface(width: width, height: height, cleared: false, pages: pages)
    }

    private init(width: Int, height: Int, cleared: Bool, pages: SurfacePages?) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative")
        self.width = width
        self.height = height
        self.stride = width
        (pixels, memory) = Self.allocate(max(1, width * height), cleared: cleared, pages: pages)
    }

    private static func allocate(_ count: Int, cleared: Bool, pages: SurfacePages?) -> (UnsafeMutablePointer<UInt32>, Memory) {
        let bytes = count * 4
        if bytes >= mappedThresholdBytes, let mapped = pages?.take(bytes, cleared: cleared) ?? SurfacePages.map(bytes) {
            return (mapped.bindMemory(to: UInt32.self, capacity: count), .mapped(bytes, pages))
        }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
        return (pixels, .heap)
    }

    /// Wraps `memory`; the caller keeps it alive and mapped for the surface's lifetime.
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int) {
        precondition(strideBytes % 4 == 0 && strideBytes >= width * 4, "stride must hold a row of 32-bit pixels")
        self.width = width
        self.height = height
        self.stride = strideBytes / 4
        pixels = memory.bindMemory(to: UInt32.self, capacity: stride * height)
        self.memory = .borrowed
    }

    /// The pages the surface's memory came from and goes back to; nil when its own.
    private var pages: SurfacePages? {
        if case .mapped(_, let pages) = memory { pages } else { nil }
    }

    deinit {
        switch memory {
        case .heap: pixels.deallocate()
        case .mapped(let bytes, let pages?): pages.give(pixels, bytes: bytes)
        case .mapped(let bytes, nil): munmap(pixels, bytes)
        case .borrowed: break
        }
    }

    /// The whole surface in pixels: (0, 0), `width` × `height`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The first pixel of row `y` (0 the top), not bounds-checked: `width` pixels follow it.
    @inlinable @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * stride }

    /// The premultiplied 0xAARRGGBB pixel at column `x`, row `y`; traps outside ``Surface/bounds``.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { precondition(bounds.contains(x, y)); return row(y)[x] }
        set { precondition(bounds.contains(x, y)); row(y)[x] = newValue }
    }

    /// Sets every pixel to `pixel` (premultiplied 0xAARRGGBB), transparent black by default.
    public func clear(to pixel: UInt32 = 0) {
        for y in 0..<height { row(y).update(repeating: pixel, count: width) }
    }

    /// A copy that owns its memory.
    public func copy() -> Surface { copy(of: bounds) }

    /// The pixels of `area` (inside the surface) in a surface of their own; known opaque when this one is.
    public func copy(of area: PixelRect) -> Surface {
        precondition(area.intersection(bounds) == area, "copy(of:): area outside the surface")
        // From the pages this one came from: a picture cut out of a layer let go takes the pages of the last one.
        let out = Surface.forOverwriting(width: area.width, height: area.height, pages: pages)
        for y in 0..<area.height { out.row(y).update(from: row(area.y + y) + area.x, count: area.width) }
        out.isKnownOpaque = isKnownOpaque
        out.knownOpaqueArea = knownOpaqueArea.intersection(area).offsetBy(dx: -area.x, dy: -area.y)
        return out
    }

    /// Moves pixels within the surface by (`dx`, `dy`): each pixel of `regions` (where pixels land; disjoint,
    /// with their sources inside the surface too) takes the value at (x - dx, y - dy) from before the move.
    /// Content sliding across a screen that still shows the last frame costs one pass over one buffer.
    public func shiftPixels(in regions: [PixelRect], dx: Int, dy: Int) {
        guard dx != 0 || dy != 0, let top = regions.map(\.y).min(), let bottom = regions.map(\.maxY).max() else { return }
        // Every pixel is read before it is overwritten: rows are walked against the motion, and spans in a
        // row (when the motion is along it) too.
        for span in regions where !span.isEmpty {
            let source = span.offsetBy(dx: -dx, dy: -dy)
            precondition(span.intersection(bounds) == span && source.intersection(bounds) == source,
                         "shiftPixels: region or its source outside the surface")
        }
        if regions.count == 1, dx == 0, let span = regions.first, span.x == 0, span.width == stride {
            // Whole rows lie one after another: one move, several times quicker than a row at a time.
            memmove(row(span.y), row(span.y - dy), span.height * stride * 4)
            return
        }
        let spans = regions.sorted { dx > 0 ? $0.x > $1.x : $0.x < $1.x }
        for i in 0..<(bottom - top) {
            let y = dy > 0 ? bottom - 1 - i : top + i
            let source = row(y - dy)
            for span in spans where y >= span.y && y < span.maxY {
                memmove(row(y) + span.x, source + span.x - dx, span.width * 4)
            }
        }
    }

    /// Moves the whole picture by (`dx`, `dy`): what was at (x, y) is then at (x + dx, y + dy). The strips along
    /// the edges that had nothing to come from hold leftovers: draw over them. When rows are contiguous this is
    /// one memmove, several times quicker than a row at a time.
    public func shiftAll(dx: Int, dy: Int) {
        guard dx != 0 || dy != 0, abs(dx) < width, abs(dy) < height else { return }
        guard stride == width else {
            return shiftPixels(in: [bounds.intersection(bounds.offsetBy(dx: dx, dy: dy))], dx: dx, dy: dy)
        }
        let offset = dy * stride + dx
        memmove(pixels + max(offset, 0), pixels + max(-offset, 0), (height * stride - abs(offset)) * 4)
    }

    /// Set by whoever has checked that every pixel is opaque and will not change them (a layer cache after it
    /// is rendered): source-over blits of the image then copy (or lerp, under a global alpha) instead of
    /// blending. Never set by the surface itself; a stale `true` draws wrong pixels.
    public var isKnownOpaque = false

    /// Pixels set by whoever has checked that they are opaque and will not change them (a photo card's print in
    /// its layer, round which lies a translucent shadow): source-over blits copy them instead of blending.
    /// A stale area draws wrong pixels.
    public var knownOpaqueArea = PixelRect.zero

    /// True when every pixel is opaque: such an image can be blitted with plain copies.
    public var isOpaque: Bool {
        for y in 0..<height {
            let r = row(y)
            var acc: UInt32 = 0xFF00_0000
            for x in 0..<width { acc &= r[x] }
            if acc & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }
}

extension PixelRect {
    /// True when the pixel at column `px`, row `py` lies inside.
    public func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}
