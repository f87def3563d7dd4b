import Glibc
import SystemPackage

/// The board's one way to make a system call that swift-system does not wrap (poll, ioctl, signalfd): interrupted
/// by a signal it is made again, and a failure throws the call's name with its `Errno`.
package enum SystemCall {
    @discardableResult
    package static func retrying(_ name: String, _ call: () -> Int32) throws(SystemCallError) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = Errno(rawValue: errno)
            if code != .interrupted { throw SystemCallError(name, errno: code) }
        }
    }
}
