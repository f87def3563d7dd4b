import CExif
import CJPEG
import CWebP
import Foundation
import Glibc

/// Pictures as cameras and tools write them, made in the tests with the libraries' own encoders.
public enum ImageFixtures {
    /// A JPEG of `width`x`height` whose row `y` is `row(y)` (RGB bytes, or CMYK), with an APP1 Exif segment holding
    /// `orientation` when given, written in `byteOrder` (phones write both).
    public static func jpeg(width: Int, height: Int, quality: Int32 = 95, orientation: UInt16? = nil,
                     byteOrder: ExifByteOrder = EXIF_BYTE_ORDER_INTEL, cmyk: Bool = false, row: (Int) -> [UInt8]) -> [UInt8] {
        // libjpeg keeps pointers to these between calls: they must not move.
        let info = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        let errors = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        let output = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 1)
        let size = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer { info.deallocate(); errors.deallocate(); output.deallocate(); size.deallocate() }
        info.initialize(to: jpeg_compress_struct())
        output.initialize(to: nil)
        size.initialize(to: 0)
        info.pointee.err = jpeg_std_error(errors)
        jpeg_CreateCompress(info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        jpeg_mem_dest(info, output, size)
        info.pointee.image_width = JDIMENSION(width)
        info.pointee.image_height = JDIMENSION(height)
        info.pointee.input_components = cmyk ? 4 : 3
        info.pointee.in_color_space = cmyk ? JCS_CMYK : JCS_RGB
        jpeg_set_defaults(info)
        jpeg_set_quality(info, quality, 1)
        jpeg_start_compress(info, 1)
        if let orientation {
            let exif = self.exif(orientation: orientation, byteOrder: byteOrder)
            jpeg_write_marker(info, Int32(JPEG_APP0 + 1), exif, UInt32(exif.count))
        }
        for y in 0..<height {
            var bytes = row(y)
            bytes.withUnsafeMutableBufferPointer { buffer in
                var rows: [JSAMPROW?] = [buffer.baseAddress]
                _ = jpeg_write_scanlines(info, &rows, 1)
            }
        }
        jpeg_finish_compress(info)
        jpeg_destroy_compress(info)
        defer { free(output.pointee) }
        return Array(UnsafeBufferPointer(start: output.pointee, count: Int(size.pointee)))
    }

    /// A camera-sized `width`x`height` JPEG, every row the same left-to-right ramp (quick to make at 12 MP).
    public static func cameraJPEG(width: Int, height: Int) -> [UInt8] {
        var ramp: [UInt8] = []
        for x in 0..<width {
            let level = UInt8(x * 255 / max(1, width - 1))
            ramp += [level, 160, 255 - level]
        }
        return jpeg(width: width, height: height, quality: 85) { _ in ramp }
    }

    /// An Exif APP1 payload ("Exif\0\0" and a TIFF IFD) holding only the Orientation tag, as libexif writes it.
    public static func exif(orientation: UInt16, byteOrder: ExifByteOrder) -> [UInt8] {
        let data = exif_data_new()!
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, byteOrder)
        let entry = exif_entry_new()!
        defer { exif_entry_unref(entry) }
        exif_content_add_entry(data.pointee.ifd.0, entry)
        exif_entry_initialize(entry, EXIF_TAG_ORIENTATION)
        exif_set_short(entry.pointee.data, byteOrder, orientation)
        var bytes: UnsafeMutablePointer<UInt8>?
        var count: UInt32 = 0
        exif_data_save_data(data, &bytes, &count)
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    /// `pixels` (straight-alpha BGRA, `width` a row) as a lossless WebP.
    public static func losslessWebP(_ pixels: [UInt32], width: Int, height: Int) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let count = pixels.withUnsafeBytes { raw in
            WebPEncodeLosslessBGRA(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height),
                                   Int32(width * 4), &output)
        }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    /// A 16x16 block of each colour per cell of `grid` (rows of RGB colours), as RGB rows.
    public static func rows(of grid: [[(UInt8, UInt8, UInt8)]], cell: Int = 16) -> (Int) -> [UInt8] {
        { y in grid[y / cell].flatMap { colour in Array(repeating: [colour.0, colour.1, colour.2], count: cell).flatMap { $0 } } }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
