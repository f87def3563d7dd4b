import Glibc
import SystemPackage

/// The table directory at the start of a TrueType/OpenType file, read only to catch truncation:
/// FreeType silently drops tables that run past the end of the file and opens what is left.
struct SFNTDirectory {
    struct Table {
        var tag: String
        var end: UInt64
    }

    var tables: [Table]

    /// nil when the file is not a single sfnt (a collection, or not a font at all): FreeType judges those.
    init?(path: String) {
        guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return nil }
        defer { try? file.close() }
        guard let bytes = Self.read(file, count: 12) else { return nil }
        let version = Self.uint32(bytes, 0)
        guard version == 0x0001_0000 || version == 0x4F54_544F /* OTTO */ || version == 0x7472_7565 /* true */
        else { return nil }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        guard let entries = Self.read(file, count: count * 16) else {
            tables = []
            return
        }
        tables = (0..<count).map { i in
            let base = i * 16
            let tag = String(decoding: entries[base..<base + 4], as: UTF8.self)
            let end = UInt64(Self.uint32(entries, base + 8)) + UInt64(Self.uint32(entries, base + 12))
            return Table(tag: tag, end: end)
        }
    }

    /// The first table that does not fit in a file of `fileSize` bytes, if any.
    func firstTableBeyond(_ fileSize: UInt64) -> String? {
        tables.first { $0.end > fileSize }?.tag
    }

    static func fileSize(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_size)
    }

    /// The next `count` bytes of `file`, or nil when it ends sooner or cannot be read.
    private static func read(_ file: FileDescriptor, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try? bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            guard let n = read, n > 0 else { return nil }
            filled += n
        }
        return bytes
    }

    private static func uint32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
