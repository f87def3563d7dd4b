import FlickFiles
import FlickJSON
import Glibc

/// Lines for the operator, plain (not the logger's format) so editors and CI can parse them; whatever of the
/// user's input they quote cannot break a line or drive the terminal.
func printToStandardError(_ lines: [String]) {
    let bytes = Array(lines.map { escapingControlCharacters($0) + "\n" }.joined().utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { buffer in
            SystemCall.retryingOnInterrupt { write(STDERR_FILENO, buffer.baseAddress! + written, bytes.count - written) }
        }
        guard case .success(let n) = result, n > 0 else { return }
        written += n
    }
}
