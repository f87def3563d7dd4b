import FlickJSON
import SystemPackage

/// Lines for the operator, plain (not the logger's format) so editors and CI can parse them; whatever of the
/// user's input they quote cannot break a line or drive the terminal.
func printToStandardError(_ lines: [String]) {
    let bytes = Array(lines.map { escapingControlCharacters($0) + "\n" }.joined().utf8)
    // Nowhere is left to report a failed write to standard error.
    _ = try? FileDescriptor.standardError.writeAll(bytes)
}
