import CJPEG
import Foundation
import Glibc

/// Camera-sized JPEG photos for the command-line tests, written with libjpeg's own encoder.
enum PhotoFixtures {
    /// A `width`x`height` JPEG, every row the same left-to-right ramp (quick to make at 12 MP).
    static func jpeg(width: Int, height: Int) -> [UInt8] {
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
        info.pointee.input_components = 3
        info.pointee.in_color_space = JCS_RGB
        jpeg_set_defaults(info)
        jpeg_set_quality(info, 85, 1)
        jpeg_start_compress(info, 1)
        var row: [UInt8] = []
        for x in 0..<width {
            let level = UInt8(x * 255 / max(1, width - 1))
            row += [level, 160, 255 - level]
        }
        row.withUnsafeMutableBufferPointer { buffer in
            var rows: [JSAMPROW?] = [buffer.baseAddress]
            for _ in 0..<height { _ = jpeg_write_scanlines(info, &rows, 1) }
        }
        jpeg_finish_compress(info)
        jpeg_destroy_compress(info)
        defer { free(output.pointee) }
        return Array(UnsafeBufferPointer(start: output.pointee, count: Int(size.pointee)))
    }
}
