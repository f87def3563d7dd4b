import SystemPackage

/// A system call the board's plumbing made failed: which one, and its errno.
public struct SystemCallError: Error, CustomStringConvertible, Equatable {
    /// The call's name (`poll`, `signalfd`).
    public let call: String
    /// Why it failed.
    public let errno: Errno

    /// The failure of `call` with `errno`.
    public init(_ call: String, errno: Errno) { self.call = call; self.errno = errno }

    /// `poll failed: …`, one line for the log.
    public var description: String { "\(call) failed: \(errno)" }
}
