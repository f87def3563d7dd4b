import FlickRaster
import Testing
import FlickDisplay
@testable import FlickDRM

@Suite struct ScanoutFormatTests {
    @Test func fourccsAreDRMs() {
        #expect(ScanoutFormat.xrgb8888.fourcc == 0x3432_5258)
        #expect(ScanoutFormat.rgb565.fourcc == 0x3631_4752)
        #expect(ScanoutFormat.rgb888.fourcc == 0x3432_4752)
        #expect(ScanoutFormat.bgr888.fourcc == 0x3432_4742)
        #expect(ScanoutFormat.xbgr8888.fourcc == 0x3432_4258)
        #expect(ScanoutFormat.name(ofFourcc: 0x3631_4752) == "RGB565 (RG16)")
        #expect(ScanoutFormat.name(ofFourcc: 0x3231_5659) == "YV12")
        #expect(ScanoutFormat.name(ofFourcc: 7) == "0x7")
    }

    @Test func thePreferredFormatIsPickedAndARequestMustBeOffered() {
        let panel565 = [ScanoutFormat.rgb565.fourcc, 0x3231_5659]
        #expect(ScanoutFormat.choose(offered: panel565) == .rgb565)
        #expect(ScanoutFormat.choose(offered: ScanoutFormat.allCases.map(\.fourcc)) == .xrgb8888)
        #expect(ScanoutFormat.choose(offered: [ScanoutFormat.bgr888.fourcc, ScanoutFormat.xbgr8888.fourcc]) == .bgr888)
        #expect(ScanoutFormat.choose(offered: [0x3231_5659]) == nil)
        #expect(ScanoutFormat.choose(offered: ScanoutFormat.allCases.map(\.fourcc), requested: .rgb565) == .rgb565)
        #expect(ScanoutFormat.choose(offered: panel565, requested: .xrgb8888) == nil)
    }

    /// Each format's bytes, from the channels, written the plain way: the reference the copies must match.
    private func referenceBytes(_ p: UInt32, _ format: ScanoutFormat) -> [UInt8] {
        let r = UInt8(p >> 16 & 0xFF), g = UInt8(p >> 8 & 0xFF), b = UInt8(p & 0xFF)
        switch format {
        case .xrgb8888: return [b, g, r, UInt8(p >> 24)]
        case .xbgr8888: return [r, g, b, 0]
        case .rgb888: return [b, g, r]
        case .bgr888: return [r, g, b]
        case .rgb565:
            let v = UInt16(r >> 3) << 11 | UInt16(g >> 2) << 5 | UInt16(b >> 3)
            return [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
    }

    @Test(arguments: ScanoutFormat.allCases, Rotation.allCases)
    func everyFormatAndRotationMatchesTheReference(format: ScanoutFormat, rotation: Rotation) {
        let source = Surface(width: 7, height: 5)
        var seed: UInt32 = 0x1234_5678
        for y in 0..<5 { for x in 0..<7 { seed = seed &* 1_664_525 &+ 1_013_904_223; source[x, y] = seed | 0xFF00_0000 } }
        let (pw, ph) = rotation == .clockwise90 || rotation == .clockwise270 ? (5, 7) : (7, 5)
        let pitch = pw * format.bytesPerPixel + 4
        var memory = [UInt8](repeating: 0xEE, count: pitch * ph)
        let area = PixelRect(x: 1, y: 1, width: 5, height: 3)
        memory.withUnsafeMutableBytes { raw in
            ScanoutCopy(base: raw.baseAddress!, pitch: pitch, width: pw, height: ph, format: format)
                .copy(from: source, area: area, rotation: rotation)
        }
        // Where each logical pixel lands, from the XRGB8888 copy that is already tested.
        let panel = Surface(width: pw, height: ph)
        let marks = Surface(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { marks[x, y] = UInt32(y * 7 + x) + 1 } }
        panel.copyRotated(from: marks, area: area, rotation: rotation)
        for py in 0..<ph {
            for px in 0..<pw {
                let at = py * pitch + px * format.bytesPerPixel
                let stored = Array(memory[at..<at + format.bytesPerPixel])
                let mark = Int(panel[px, py])
                if mark == 0 {
                    #expect(stored.allSatisfy { $0 == 0xEE }, "outside the area at (\(px), \(py))")
                } else {
                    let expected = referenceBytes(source[(mark - 1) % 7, (mark - 1) / 7], format)
                    #expect(stored == expected, "\(format) \(rotation) at (\(px), \(py))")
                }
            }
        }
    }

    private typealias RowStore = (UnsafeMutablePointer<UInt32>, UnsafeMutableRawPointer, Int) -> Void

    /// A format's bytes a pixel, the byte offsets its rows are tried at (any byte for the 24-bit ones, whole words
    /// for the others), its row as stored and its baseline row.
    private static func rows(_ format: ScanoutFormat) -> (size: Int, offsets: [Int], row: RowStore, baseline: RowStore) {
        switch format {
        case .rgb888: (3, [0, 1, 2], RGB888.storeRow(_:at:count:), RGB888.storeRowBaseline(_:at:count:))
        case .bgr888: (3, [0, 1, 2], BGR888.storeRow(_:at:count:), BGR888.storeRowBaseline(_:at:count:))
        case .rgb565: (2, [0, 2, 4], RGB565.storeRow(_:at:count:), RGB565.storeRowBaseline(_:at:count:))
        case .xbgr8888: (4, [0, 4, 8], XBGR8888.storeRow(_:at:count:), XBGR8888.storeRowBaseline(_:at:count:))
        case .xrgb8888: preconditionFailure("XRGB8888 is the surfaces' own copy, with no row of its own")
        }
    }

    /// The wide rows (SSSE3 24-bit, AVX2 RGB565 and XBGR8888, when this CPU has them) store exactly the bytes of
    /// the baseline row, for every length, where a damage rectangle starting at any pixel puts them, and nothing
    /// past the row.
    @Test(arguments: [ScanoutFormat.rgb888, .bgr888, .rgb565, .xbgr8888])
    func theWideRowMatchesTheBaseline(format: ScanoutFormat) {
        var random = SystemRandomNumberGenerator()
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 100)
        defer { pixels.deallocate() }
        for i in 0..<100 { pixels[i] = random.next() }
        let (size, offsets, row, baseline) = Self.rows(format)
        for count in 0...70 {
            for offset in offsets {
                var wide = [UInt8](repeating: 0xAA, count: size * (count + 8)), plain = wide
                wide.withUnsafeMutableBytes { row(pixels + 1, $0.baseAddress! + offset, count) }
                plain.withUnsafeMutableBytes { baseline(pixels + 1, $0.baseAddress! + offset, count) }
                let differing = zip(wide, plain).filter { $0 != $1 }.count
                #expect(differing == 0, "\(count) pixels at byte \(offset): \(differing) bytes differ")
            }
        }
    }
}
