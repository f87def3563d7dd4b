import Glibc
import SystemPackage

/// A system call that failed: which one, and its errno. Errors that name a file or device (``FileError``, the
/// display's, the backlight's) say their failed calls with the same `line`.
public struct SystemCallError: Error, CustomStringConvertible, Equatable {
    /// The call's name (`poll`, `signalfd`).
    public let call: String
    /// Why it failed.
    public let errno: Errno

    /// The failure of `call` with `errno`.
    public init(_ call: String, errno: Errno) { self.call = call; self.errno = errno }

    /// `poll failed: …`, one line for the log.
    public var description: String { Self.line(call, failedWith: errno) }

    /// The one way every Flick error says a system call failed: `source: call failed: what errno says (advice)` —
    /// the file or device first when there is one, what to do last when the code knows it.
    package static func line(on source: String? = nil, _ call: String, failedWith errno: Errno, advice: String? = nil) -> String {
        (source.map { "\($0): " } ?? "") + "\(call) failed: \(errno)" + (advice.map { " (\($0))" } ?? "")
    }
}

extension Errno {
    /// The errno the last failed call left, as swift-system's type (its own `current` is internal).
    package static var current: Errno { Errno(rawValue: Glibc.errno) }
}
