import FlickDisplay
import CRasterKernels
import FlickRaster

/// A scan-out buffer in panel pixels of any `ScanoutFormat`: what the display copies each frame's damage into,
/// turned for the panel's rotation and converted on the way. XRGB8888 is a plain copy; the others convert
/// each pixel as it is stored (RGB565 truncates to 5-6-5 bits, as pixman does).
public struct ScanoutCopy {
    public let base: UnsafeMutableRawPointer
    public let pitch: Int
    public let width: Int
    public let height: Int
    public let format: ScanoutFormat
    /// The buffer as a surface when it is XRGB8888: the copy is then the surfaces' own.
    private let surface: Surface?

    public init(base: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int, format: ScanoutFormat) {
        precondition(pitch >= width * format.bytesPerPixel, "a row must hold the panel's width")
        // 16- and 32-bit pixels are stored as whole words (DRM's pitches always allow it); 24-bit ones need not be.
        let word = format.bytesPerPixel == 3 ? 1 : format.bytesPerPixel
        precondition(pitch % word == 0 && Int(bitPattern: base) % word == 0, "pixels must be aligned to their size")
        self.base = base; self.pitch = pitch; self.width = width; self.height = height; self.format = format
        surface = format == .xrgb8888 ? Surface(wrapping: base, width: width, height: height, strideBytes: pitch) : nil
    }

    /// Copies `area` of `source` (logical pixels) to where `rotation` puts it on the panel.
    public func copy(from source: Surface, area: PixelRect, rotation: Rotation) {
        switch format {
        case .xrgb8888: surface?.copyRotated(from: source, area: area, rotation: rotation)
        case .xbgr8888: copy(from: source, area: area, rotation: rotation, as: XBGR8888.self)
        case .rgb565: copy(from: source, area: area, rotation: rotation, as: RGB565.self)
        case .rgb888: copy(from: source, area: area, rotation: rotation, as: RGB888.self)
        case .bgr888: copy(from: source, area: area, rotation: rotation, as: BGR888.self)
        }
    }

    private func copy<P: StoredPixel>(from source: Surface, area: PixelRect, rotation: Rotation, as _: P.Type) {
        let area = area.intersection(source.bounds)
        guard !area.isEmpty else { return }
        let w = source.width, h = source.height
        func row(_ y: Int) -> UnsafeMutableRawPointer { base + y * pitch }
        switch rotation {
        case .none:
            for y in area.y..<area.maxY {
                P.storeRow(source.row(y) + area.x, at: row(y) + area.x * P.size, count: area.width)
            }
        case .upsideDown:
            for y in area.y..<area.maxY {
                let src = source.row(y), dst = row(h - 1 - y)
                for x in area.x..<area.maxX { P.store(src[x], at: dst + (w - 1 - x) * P.size) }
            }
        case .clockwise90:
            // Logical (x, y) → panel (h − 1 − y, x).
            for y in area.y..<area.maxY {
                let src = source.row(y), offset = (h - 1 - y) * P.size
                for x in area.x..<area.maxX { P.store(src[x], at: row(x) + offset) }
            }
        case .clockwise270:
            // Logical (x, y) → panel (y, w − 1 − x).
            for y in area.y..<area.maxY {
                let src = source.row(y), offset = y * P.size
                for x in area.x..<area.maxX { P.store(src[x], at: row(w - 1 - x) + offset) }
            }
        }
    }
}

/// How one 0xAARRGGBB pixel is stored in a scan-out format (alpha is dropped: the screen is opaque), and a
/// run of them: the unrotated copy, written so the compiler vectorises it.
protocol StoredPixel {
    static var size: Int { get }
    static func store(_ pixel: UInt32, at address: UnsafeMutableRawPointer)
    static func storeRow(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int)
}

extension StoredPixel {
    static func storeRow(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int) {
        for i in 0..<count { store(pixels[i], at: address + i * size) }
    }
}

/// A 16- or 32-bit format: one converted word per pixel, stored whole (rows are aligned to it). A row is a wide
/// kernel where the CPU has one (AVX2, NEON), else (old x86) the compiler's vectorised loop; the two are tested to
/// store the same words.
protocol WordPixel: StoredPixel {
    associatedtype Word: FixedWidthInteger
    static func converted(_ pixel: UInt32) -> Word
    /// The wide kernel's row, where the CPU has it: false, and nothing stored, otherwise.
    static func storeRowWide(_ pixels: UnsafeMutablePointer<UInt32>, at out: UnsafeMutablePointer<Word>, count: Int) -> Bool
}

extension WordPixel {
    static var size: Int { MemoryLayout<Word>.size }
    @inline(__always) static func store(_ p: UInt32, at a: UnsafeMutableRawPointer) {
        a.storeBytes(of: converted(p), as: Word.self)
    }
    static func storeRow(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int) {
        if storeRowWide(pixels, at: address.assumingMemoryBound(to: Word.self), count: count) { return }
        storeRowBaseline(pixels, at: address, count: count)
    }
    static func storeRowBaseline(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int) {
        let out = address.assumingMemoryBound(to: Word.self)
        for i in 0..<count { out[i] = converted(pixels[i]) }
    }
    /// Runs `kernel` where the CPU has the wide kernels (true); false, and nothing run, elsewhere.
    static func whereWide(_ kernel: () -> Void) -> Bool {
        guard hasWideKernels else { return false }
        kernel()
        return true
    }
}

enum XBGR8888: WordPixel {
    @inline(__always) static func converted(_ p: UInt32) -> UInt32 { (p & 0xFF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16 }
    static func storeRowWide(_ pixels: UnsafeMutablePointer<UInt32>, at out: UnsafeMutablePointer<UInt32>, count: Int) -> Bool {
        whereWide { flick_raster_xbgr8888_wide(out, pixels, count) }
    }
}

enum RGB565: WordPixel {
    @inline(__always) static func converted(_ p: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (p >> 8 & 0xF800) | (p >> 5 & 0x07E0) | (p >> 3 & 0x001F))
    }
    static func storeRowWide(_ pixels: UnsafeMutablePointer<UInt32>, at out: UnsafeMutablePointer<UInt16>, count: Int) -> Bool {
        whereWide { flick_raster_rgb565_wide(out, pixels, count) }
    }
}

/// A 24-bit format: the low three bytes of the pixel after `ordered` puts red and blue where the format wants
/// them. A row is one byte shuffle per four pixels where the CPU has SSSE3, a de-interleaving load and an
/// interleaving store per sixteen with NEON, else (old x86) four pixels at a time as three 32-bit words; the two are
/// tested to store the same bytes.
protocol PackedPixel: StoredPixel {
    static func ordered(_ pixel: UInt32) -> UInt32
    /// Red first in memory (BGR888), not blue (RGB888).
    static var swapsRedAndBlue: Bool { get }
}

let hasWidePack24 = flick_raster_has_wide_pack24() != 0

extension PackedPixel {
    static var size: Int { 3 }
    @inline(__always) static func store(_ p: UInt32, at a: UnsafeMutableRawPointer) {
        let q = ordered(p)
        a.storeBytes(of: UInt8(truncatingIfNeeded: q), as: UInt8.self)
        (a + 1).storeBytes(of: UInt8(truncatingIfNeeded: q >> 8), as: UInt8.self)
        (a + 2).storeBytes(of: UInt8(truncatingIfNeeded: q >> 16), as: UInt8.self)
    }

    static func storeRow(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int) {
        guard hasWidePack24 else { return storeRowBaseline(pixels, at: address, count: count) }
        flick_raster_pack24_wide(address.assumingMemoryBound(to: UInt8.self), pixels, count, swapsRedAndBlue ? 1 : 0)
    }

    static func storeRowBaseline(_ pixels: UnsafeMutablePointer<UInt32>, at address: UnsafeMutableRawPointer, count: Int) {
        @inline(__always) func pixel(_ i: Int) -> UInt32 { ordered(pixels[i]) & 0xFF_FFFF }
        let quads = count / 4
        // storeBytes(toByteOffset:) may be unaligned: a damage rectangle starts at any pixel.
        for q in 0..<quads {
            let a = pixel(4 * q), b = pixel(4 * q + 1), c = pixel(4 * q + 2), d = pixel(4 * q + 3)
            address.storeBytes(of: a | b << 24, toByteOffset: 12 * q, as: UInt32.self)
            address.storeBytes(of: b >> 8 | c << 16, toByteOffset: 12 * q + 4, as: UInt32.self)
            address.storeBytes(of: c >> 16 | d << 8, toByteOffset: 12 * q + 8, as: UInt32.self)
        }
        for i in 4 * quads..<count { store(pixels[i], at: address + 3 * i) }
    }
}

/// DRM's RGB888 is little-endian [23:0] R:G:B: in memory blue, green, red — the pixel's low three bytes.
enum RGB888: PackedPixel {
    @inline(__always) static func ordered(_ p: UInt32) -> UInt32 { p }
    static var swapsRedAndBlue: Bool { false }
}

/// DRM's BGR888 is little-endian [23:0] B:G:R: in memory red, green, blue.
enum BGR888: PackedPixel {
    @inline(__always) static func ordered(_ p: UInt32) -> UInt32 { XBGR8888.converted(p) }
    static var swapsRedAndBlue: Bool { true }
}
