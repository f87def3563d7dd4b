import FlickFiles
import CFreeType
import Glibc

/// A font file FreeType reads through `pread` as it needs bytes, instead of mapping the whole file. A mapped CJK font
/// cost 2 MB of resident memory from one glyph load (each page fault maps its neighbours too, and the hinter's
/// reference glyphs are spread over the file), and a font file truncated while mapped kills the process with SIGBUS;
/// read, it costs the bytes FreeType keeps, and a short read is an error for one glyph.
final class FontFileStream {
    let record: UnsafeMutablePointer<FT_StreamRec>

    init(path: String) throws(TextError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        var status = stat()
        guard fd >= 0, fstat(fd, &status) == 0 else {
            if fd >= 0 { close(fd) }
            throw .freeType(file: path, call: "open", code: FT_Error(1))  // FT_Err_Cannot_Open_Resource
        }
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(status.st_size)
        record.pointee.descriptor.value = Int(fd)
        record.pointee.read = readFontFile
        record.pointee.close = closeFontFile
    }

    /// FreeType has closed the file by then (FT_Done_Face, or a failed FT_Open_Face).
    deinit { record.deallocate() }
}

/// FreeType's stream read: `count` bytes at `offset` into `buffer`, returning how many were read; a `count` of 0 is
/// a seek, 0 for success.
private func readFontFile(_ stream: FT_Stream?, _ offset: UInt, _ buffer: UnsafeMutablePointer<UInt8>?, _ count: UInt) -> UInt {
    guard let stream else { return count == 0 ? 1 : 0 }
    if count == 0 { return offset <= stream.pointee.size ? 0 : 1 }
    guard let buffer else { return 0 }
    let fd = Int32(stream.pointee.descriptor.value)
    var done = 0
    while done < Int(count),
          case .success(let n) = SystemCall.retryingOnInterrupt({ pread(fd, buffer + done, Int(count) - done, off_t(offset) + off_t(done)) }),
          n > 0 {
        done += n
    }
    return UInt(done)
}

private func closeFontFile(_ stream: FT_Stream?) {
    guard let stream, stream.pointee.descriptor.value >= 0 else { return }
    close(Int32(stream.pointee.descriptor.value))
    stream.pointee.descriptor.value = -1
}
