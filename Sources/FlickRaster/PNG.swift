import CPNG
import FlickFiles
import Glibc

extension Surface {
    /// Reads a PNG of any colour type into premultiplied pixels. A damaged file, or one that is not a PNG,
    /// throws, naming it. Pictures people give Flick go through `readImage(path:fitting:)`.
    public static func readPNG(path: String) throws -> Surface {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, as: .image) } catch { throw ImageError(path: path, reason: error.reason) }
        return try decodePNG(bytes, path: path)
    }

    /// `bytes` decoded as a PNG (errors name `path`): pictures that come from elsewhere than a file, such as a
    /// kiosk's screenshot over MQTT.
    package static func decodePNG(_ bytes: [UInt8], path: String) throws -> Surface {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard bytes.withUnsafeBytes({ png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }) != 0 else {
            throw ImageError(path: path, reason: "not a readable PNG (\(message(of: image)))")
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = UInt32(PNG_FORMAT_BGRA)
        let width = Int(image.width), height = Int(image.height)
        try checkSize(width: width, height: height, path: path)
        let surface = Surface(width: width, height: height)
        guard png_image_finish_read(&image, nil, surface.pixels, Int32(width * 4), nil) != 0 else {
            throw ImageError(path: path, reason: "damaged PNG data (\(message(of: image)))")
        }
        surface.premultiply()
        // Known now, while the pixels are fresh: an opaque photo is then copied, never blended.
        surface.isKnownOpaque = !hasAlpha || surface.isOpaque
        return surface
    }

    /// Writes the pixels as an RGBA PNG (straight alpha), durably: a crash never leaves half a file.
    public func writePNG(path: String) throws {
        let bytes: [UInt8]
        do { bytes = try pngData() } catch { throw ImageError(path: path, reason: error.reason) }
        do { try DurableFile.write(bytes, to: path) } catch {
            throw ImageError(path: error.path, reason: error.reason)
        }
    }

    /// The pixels as the bytes of an RGBA PNG (straight alpha): a file's contents, or a screenshot to send. Throws
    /// only when libpng cannot encode (out of memory), naming the picture "PNG".
    public func pngData() throws(ImageError) -> [UInt8] {
        let straight = copy()
        straight.unpremultiply()
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_BGRA)
        defer { png_image_free(&image) }
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, straight.pixels, Int32(width * 4), nil) != 0 else {
            throw ImageError(path: "PNG", reason: "could not encode PNG (\(Self.message(of: image)))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        guard bytes.withUnsafeMutableBytes({ png_image_write_to_memory(&image, $0.baseAddress, &size, 0, straight.pixels, Int32(width * 4), nil) }) != 0 else {
            throw ImageError(path: "PNG", reason: "could not encode PNG (\(Self.message(of: image)))")
        }
        return Array(bytes.prefix(size))
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Four pixels a step, the same arithmetic as `scalePixel`; a photo's opaque pixels are left as they are.
    func premultiply() {
        let alpha = Pixels4(repeating: 0xFF00_0000), colour = Pixels4(repeating: 0x00FF_FFFF)
        for y in 0..<height {
            let r = row(y)
            var x = 0
            while x + 4 <= width {
                let p = loadPixels(r + x), a = p &>> 24
                if a != Pixels4(repeating: 255) {
                    storePixels((p & alpha) | (scalePixels(p, by: a) & colour), r + x)
                }
                x += 4
            }
            for x in x..<width {
                let p = r[x], a = p >> 24
                r[x] = (p & 0xFF00_0000) | (scalePixel(p, by: a) & 0x00FF_FFFF)
            }
        }
    }

    func unpremultiply() {
        for y in 0..<height {
            let r = row(y)
            for x in 0..<width {
                let p = r[x], a = p >> 24
                guard a != 0 && a != 255 else { if a == 0 { r[x] = 0 }; continue }
                func ch(_ s: UInt32) -> UInt32 { min(255, (((p >> s) & 0xFF) * 255 + a / 2) / a) << s }
                r[x] = (a << 24) | ch(16) | ch(8) | ch(0)
            }
        }
    }
}
