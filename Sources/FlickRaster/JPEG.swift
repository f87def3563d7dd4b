import CJPEG
import CJPEGGuard

extension Surface {
    /// A JPEG through libjpeg-turbo, turned upright by its EXIF orientation and decoded at the smallest of
    /// libjpeg's scales (1/8 to 8/8) that is still at least the size it is shown at in `fitting`.
    static func decodeJPEG(_ bytes: [UInt8], path: String, fitting: Size?) throws -> Surface {
        try bytes.withUnsafeBufferPointer { buffer in
            guard let info = flick_jpeg_create(buffer.baseAddress, UInt(buffer.count)) else {
                throw ImageError(path: path, reason: "out of memory starting to read a JPEG")
            }
            defer { flick_jpeg_destroy(info) }
            func damaged(_ what: String) -> ImageError {
                ImageError(path: path, reason: "\(what) (\(String(cString: flick_jpeg_message(info)))): save it again or replace it")
            }
            guard flick_jpeg_read_header(info) != 0 else { throw damaged("not a readable JPEG") }
            let width = Int(info.pointee.image_width), height = Int(info.pointee.image_height)
            try checkSize(width: width, height: height, path: path)
            // libjpeg does not turn CMYK into RGB; such files are made for print, and it would call them damaged.
            guard info.pointee.jpeg_color_space != JCS_CMYK && info.pointee.jpeg_color_space != JCS_YCCK else {
                throw ImageError(path: path, reason: "a CMYK JPEG (made for print): save it as an RGB JPEG")
            }
            let orientation = ExifOrientation(markers: info.pointee.marker_list)
            let upright = orientation.transposes ? (width: height, height: width) : (width: width, height: height)
            let shown = fittedSize(width: upright.width, height: upright.height, into: fitting)
            info.pointee.scale_num = UInt32(Self.eighths(from: upright, to: shown))
            info.pointee.scale_denom = 8
            info.pointee.out_color_space = JCS_EXT_BGRA
            guard flick_jpeg_start(info) != 0 else { throw damaged("damaged JPEG") }
            let decoded = (width: Int(info.pointee.output_width), height: Int(info.pointee.output_height))
            let surface = orientation.transposes ? Surface.forOverwriting(width: decoded.height, height: decoded.width)
                                                 : Surface.forOverwriting(width: decoded.width, height: decoded.height)
            let row = UnsafeMutablePointer<UInt32>.allocate(capacity: decoded.width)
            defer { row.deallocate() }
            var rows: [UnsafeMutablePointer<UInt8>?] = [UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt8.self)]
            for y in 0..<decoded.height {
                guard flick_jpeg_read_rows(info, &rows, 1) == 1 else { throw damaged("damaged JPEG") }
                orientation.place(row, storedAt: y, of: decoded, on: surface)
            }
            surface.isKnownOpaque = true
            return surface
        }
    }

    /// The fewest eighths of `size` (libjpeg's scales, each side rounded up) that cover `shown`.
    static func eighths(from size: (width: Int, height: Int), to shown: (width: Int, height: Int)) -> Int {
        (1...8).first { n in (size.width * n + 7) / 8 >= shown.width && (size.height * n + 7) / 8 >= shown.height } ?? 8
    }
}
