import SystemPackage

/// A system call the board's plumbing made failed: which one, and its errno.
public struct SystemCallError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let errno: Errno

    public init(_ call: String, errno: Errno) { self.call = call; self.errno = errno }

    public var description: String { "\(call) failed: \(errno)" }
}
