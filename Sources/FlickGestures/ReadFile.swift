import Glibc

/// Why a file could not be read, in strerror's words ("No such file or directory"): clearer on one line
/// than Foundation's error domains and user-info dictionaries.
struct FileReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// The whole file at `path`.
func readFile(atPath path: String) throws(FileReadError) -> [UInt8] {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw FileReadError(code: errno) }
    defer { close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else { throw FileReadError(code: errno) }
        if n == 0 { return bytes }
        bytes += chunk[..<n]
    }
}
