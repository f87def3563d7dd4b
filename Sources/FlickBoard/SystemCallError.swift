import Glibc

/// A system call the board's plumbing made failed: which one, and errno in words.
public struct SystemCallError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let code: Int32

    public init(_ call: String, code: Int32 = errno) { self.call = call; self.code = code }

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
