import Glibc
import SystemPackage

/// The one way to make a system call swift-system does not wrap (poll, ioctl, signalfd, waitpid, pread on a
/// descriptor a C library holds): interrupted by a signal it is made again; a failure is the call's `Errno`.
package enum SystemCall {
    /// `call`'s result once no signal interrupts it, or the `Errno` it failed with (a negative result).
    package static func retryingOnInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Swift.Result<Result, Errno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let code = Errno.current
            if code != .interrupted { return .failure(code) }
        }
    }

    /// `call`'s result once no signal interrupts it; a failure throws the call's `name` with its `Errno`.
    @discardableResult
    package static func retrying<Result: SignedInteger>(_ name: String, _ call: () -> Result) throws(SystemCallError) -> Result {
        switch retryingOnInterrupt(call) {
        case .success(let result): return result
        case .failure(let code): throw SystemCallError(name, errno: code)
        }
    }

    /// `body`'s result, its failure as the `Errno` it is: swift-system's calls throw nothing else, but untyped.
    @discardableResult
    package static func typed<Result>(_ body: () throws -> Result) throws(Errno) -> Result {
        do { return try body() } catch { throw error as? Errno ?? .ioError }
    }
}
