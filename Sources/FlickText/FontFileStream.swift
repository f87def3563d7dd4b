import CFreeType
import FlickFiles
import Glibc
import SystemPackage

/// A font file FreeType reads through `pread` as it needs bytes, instead of mapping the whole file. A mapped CJK font
/// cost 2 MB of resident memory from one glyph load (each page fault maps its neighbours too, and the hinter's
/// reference glyphs are spread over the file), and a font file truncated while mapped kills the process with SIGBUS;
/// read, it costs the bytes FreeType keeps, and a short read is an error for one glyph.
final class FontFileStream {
    let record: UnsafeMutablePointer<FT_StreamRec>

    init(path: String) throws(TextError) {
        let file: FileDescriptor
        let size: Int64
        do {
            file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
            do { size = try FileStatus(of: file).size } catch { try? file.close(); throw error }
        } catch {
            throw .freeType(file: path, call: "open", code: FT_Error(1))  // FT_Err_Cannot_Open_Resource
        }
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(size)
        // FreeType keeps the descriptor in its stream record; read and close below take it back from there.
        record.pointee.descriptor.value = Int(file.rawValue)
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
    let file = FileDescriptor(rawValue: Int32(stream.pointee.descriptor.value))
    var done = 0
    while done < Int(count),
          let n = try? file.read(fromAbsoluteOffset: Int64(offset) + Int64(done),
                                 into: UnsafeMutableRawBufferPointer(start: buffer + done, count: Int(count) - done)),
          n > 0 {
        done += n
    }
    return UInt(done)
}

private func closeFontFile(_ stream: FT_Stream?) {
    guard let stream, stream.pointee.descriptor.value >= 0 else { return }
    try? FileDescriptor(rawValue: Int32(stream.pointee.descriptor.value)).close()
    stream.pointee.descriptor.value = -1
}
