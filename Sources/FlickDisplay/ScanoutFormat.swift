import FlickRaster

/// The pixel formats Flick scans out, by DRM fourcc. Frames are drawn in 32-bit XRGB (the shadow surface) and
/// converted in the copy to the scan-out buffer: small SPI and parallel TFTs take only RGB565, some planes only
/// the 24-bit or BGR orders.
public enum ScanoutFormat: String, CaseIterable, Sendable {
    /// 32 bits a pixel, blue in the low byte, the top byte unused: the shadow surface's own format, copied as is.
    case xrgb8888 = "XRGB8888"
    /// 16 bits a pixel, 5 red, 6 green, 5 blue: small SPI and parallel TFTs.
    case rgb565 = "RGB565"
    /// 24 bits a pixel, bytes in memory blue, green, red.
    case rgb888 = "RGB888"
    /// 24 bits a pixel, bytes in memory red, green, blue.
    case bgr888 = "BGR888"
    /// 32 bits a pixel, red in the low byte, the top byte unused.
    case xbgr8888 = "XBGR8888"

    /// The order Flick picks in when the plane offers several: the cheapest copy first.
    public static let preference: [ScanoutFormat] = [.xrgb8888, .rgb565, .rgb888, .bgr888, .xbgr8888]

    /// The format's DRM fourcc code (`DRM_FORMAT_XRGB8888` is "XR24").
    package var fourcc: UInt32 {
        switch self {
        case .xrgb8888: fourccCode("XR24")
        case .rgb565: fourccCode("RG16")
        case .rgb888: fourccCode("RG24")
        case .bgr888: fourccCode("BG24")
        case .xbgr8888: fourccCode("XB24")
        }
    }

    /// The format with DRM fourcc `code`; nil for one Flick does not scan out in.
    package init?(fourcc code: UInt32) {
        guard let format = Self.allCases.first(where: { $0.fourcc == code }) else { return nil }
        self = format
    }

    /// Bytes a pixel takes in the scan-out buffer: 4, 3 or 2.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .xbgr8888: 4
        case .rgb565: 2
        case .rgb888, .bgr888: 3
        }
    }

    /// A fourcc as DRM prints it: "XR24", or the hex code when it is not four printable characters.
    package static func name(ofFourcc code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
            let text = String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces
            return ScanoutFormat(fourcc: code).map { "\($0.rawValue) (\(text))" } ?? text
        }
        return "0x" + String(code, radix: 16)
    }

    /// The format to scan out in: `requested` when given (it must be offered), else the first of `preference`
    /// the plane offers; nil when none fits.
    package static func choose(offered: [UInt32], requested: ScanoutFormat? = nil) -> ScanoutFormat? {
        if let requested { return offered.contains(requested.fourcc) ? requested : nil }
        return preference.first { offered.contains($0.fourcc) }
    }
}

private func fourccCode(_ text: StaticString) -> UInt32 {
    text.withUTF8Buffer { b in UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24 }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
