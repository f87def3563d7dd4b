#if canImport(Glibc)
import Glibc
#endif
import FlickFiles

/// Why the to-do store cannot keep a change; each names the file and what to do.
package struct TodoStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    init(_ path: String, _ call: String, errno code: Int32, remedy: String) {
        description = "\(path): \(call) failed: \(String(cString: strerror(code))) — \(remedy)"
    }

    init(_ error: FileError, remedy: String) {
        description = "\(error) — \(remedy)"
    }

    init(_ message: String) { description = message }
}
