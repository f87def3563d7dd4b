import FlickFiles
import SystemPackage

/// Why the to-do store cannot keep a change; each names the file and what to do.
package struct TodoStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    init(_ path: String, _ call: String, errno: Errno, remedy: String) {
        description = "\(SystemCallError.line(on: path, call, failedWith: errno)) — \(remedy)"
    }

    init(_ error: FileError, remedy: String) {
        description = "\(error) — \(remedy)"
    }

    init(_ message: String) { description = message }
}
