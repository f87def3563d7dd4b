import Glibc

/// Lines for the operator, plain (not the logger's format) so editors and CI can parse them.
func printToStandardError(_ lines: [String]) {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + written, bytes.count - written) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        written += n
    }
}
