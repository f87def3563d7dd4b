import FlickFiles

/// A picture file that cannot be read: the file and why, one line.
public struct ImageError: Error, CustomStringConvertible {
    /// The file as it was named.
    public let path: String
    /// What is wrong with it and, where there is something to do, what.
    public let reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

extension Surface {
    /// Reads a PNG, JPEG or WebP picture, told apart by its first bytes (not its name), into premultiplied
    /// pixels, upright as the camera's EXIF orientation says. A picture larger than `fitting` on both sides
    /// (it will be shown scaled down to fit that box) may be decoded smaller, though never smaller than it is
    /// shown: a 12 MP photo for a 1280x800 screen decodes at about 1.7 MP. A file that cannot be read throws,
    /// naming it.
    public static func readImage(path: String, fitting: Size? = nil) throws -> Surface {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, as: .image) } catch { throw ImageError(path: path, reason: error.reason) }
        switch ImageFormat(sniffing: bytes) {
        case .png?: return try decodePNG(bytes, path: path)
        case .jpeg?: return try decodeJPEG(bytes, path: path, fitting: fitting)
        case .webP?: return try decodeWebP(bytes, path: path, fitting: fitting)
        case nil: throw ImageError(path: path, reason: "not a PNG, JPEG or WebP picture (the formats Flick reads)")
        }
    }

    /// Refuses a picture too large to decode on a board, before any pixel is decoded.
    static func checkSize(width: Int, height: Int, path: String) throws {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw ImageError(path: path, reason: "unsupported size \(width)x\(height) (at most \(maxSide) on a side and "
                                 + "\(maxPixels / 1_000_000) megapixels: scale it down)")
        }
    }

    static let maxSide = 16384
    /// Above any phone's usual photo (12–50 MP); decoded whole, 64 MP is 256 MB, a 16384² picture 1 GiB.
    static let maxPixels = 64_000_000
}

enum ImageFormat {
    case png, jpeg, webP

    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webP
        } else {
            return nil
        }
    }
}

/// The size a `width`x`height` picture is shown at, scaled down to fit `box` keeping its shape (never up):
/// the pages' own rule, so a decoder can stop there.
func fittedSize(width: Int, height: Int, into box: Size?) -> (width: Int, height: Int) {
    guard let box else { return (width, height) }
    let scale = min(box.width / Double(width), box.height / Double(height))
    guard scale < 1 else { return (width, height) }
    return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
}
