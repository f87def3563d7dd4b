import Glibc
import SystemPackage

/// What stat(2) says of a file: its kind, mode and size. Its own few lines rather than swift-system's `Stat`
/// (1.6 on), which the swift-system Debian's Swift 6.0 toolchain builds (1.3, the aarch64 build's) does not have.
package struct FileStatus: Sendable {
    /// The kind and permission bits (`st_mode`).
    package let mode: mode_t
    /// The size in bytes (`st_size`).
    package let size: Int64

    package var isRegular: Bool { mode & S_IFMT == S_IFREG }

    /// The status of what `descriptor` refers to (fstat).
    package init(of descriptor: FileDescriptor) throws(Errno) {
        var status = stat()
        _ = try SystemCall.retryingOnInterrupt { fstat(descriptor.rawValue, &status) }.get()
        self.init(status)
    }

    /// The status of the file at `path`, its symbolic links followed (stat).
    package init(path: String) throws(Errno) {
        var status = stat()
        _ = try SystemCall.retryingOnInterrupt { stat(path, &status) }.get()
        self.init(status)
    }

    private init(_ status: stat) {
        mode = status.st_mode
        size = Int64(status.st_size)
    }
}
