import CExif
import CJPEG

/// How a camera stored a photo relative to upright: the EXIF Orientation tag (0x0112), named as UIKit names
/// its values. A phone held sideways writes its sensor's rows as they are and this tag to turn them.
enum ExifOrientation: UInt16 {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// The orientation the first APP1 Exif marker among `markers` names; `.up` without one or with a value
    /// outside 1–8.
    init(markers: jpeg_saved_marker_ptr?) {
        var marker = markers
        while let saved = marker {
            if saved.pointee.marker == JPEG_APP0 + 1, let value = Self.tag(in: saved.pointee.data, count: saved.pointee.data_length) {
                self = ExifOrientation(rawValue: value) ?? .up
                return
            }
            marker = saved.pointee.next
        }
        self = .up
    }

    private static func tag(in data: UnsafeMutablePointer<UInt8>?, count: UInt32) -> UInt16? {
        guard let data, let exif = exif_data_new_from_data(data, count) else { return nil }
        defer { exif_data_unref(exif) }
        guard let entry = exif_content_get_entry(exif.pointee.ifd.0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let value = entry.pointee.data
        else { return nil }
        return exif_get_short(value, exif_data_get_byte_order(exif))
    }

    /// The stored rows become the upright picture's columns.
    var transposes: Bool { rawValue >= 5 }

    /// Copies the stored picture's row `y` (of a picture `stored` in size) to where it is upright on `surface`.
    func place(_ row: UnsafePointer<UInt32>, storedAt y: Int, of stored: (width: Int, height: Int), on surface: Surface) {
        let w = stored.width, h = stored.height, down = surface.stride
        // Where the row's first pixel goes and how far each next one is from it, in pixels of `surface`.
        let (x0, y0, step): (Int, Int, Int) = switch self {
        case .up: (0, y, 1)
        case .upMirrored: (w - 1, y, -1)
        case .down: (w - 1, h - 1 - y, -1)
        case .downMirrored: (0, h - 1 - y, 1)
        case .leftMirrored: (y, 0, down)
        case .right: (h - 1 - y, 0, down)
        case .rightMirrored: (h - 1 - y, w - 1, -down)
        case .left: (y, w - 1, -down)
        }
        if step == 1 {
            surface.row(y0).update(from: row, count: w)
            return
        }
        var target = surface.row(y0) + x0
        for x in 0..<w {
            target.pointee = row[x]
            target += step
        }
    }
}
