import Glibc
import SystemPackage

/// Why a file could not be read or replaced, naming it. `reason` reads after the path:
/// `todo.json: a FIFO, not a regular file`.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Problem: Sendable, Equatable {
        /// Nothing is at the path.
        case missing
        /// The folder a file was to be written in is not there.
        case missingFolder(String)
        /// A FIFO, a device, a directory, a socket (or a symlink to one): reading it can hang or never end,
        /// replacing it would destroy something that is not ours.
        case notRegular(kind: String)
        /// Larger than Flick reads for `what` ("a config").
        case tooLarge(limit: Int, what: String)
        /// A system call failed with errno.
        case system(call: String, errno: Errno)
    }

    /// The file asked for (not a temporary name beside it).
    public let path: String
    /// What is wrong with it.
    public let problem: Problem

    /// `path` has `problem`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The problem in words, without the path (for an error of another kind that names the file itself).
    public var reason: String {
        switch problem {
        case .missing: "no such file"
        case .missingFolder(let folder): "the folder \(folder) does not exist: create it or write elsewhere"
        case .notRegular(let kind): "\(kind), not a regular file"
        case .tooLarge(let limit, let what):
            "larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"), the most Flick reads for \(what)"
        case .system(let call, let errno): SystemCallError.line(call, failedWith: errno)
        }
    }

    public var description: String { "\(path): \(reason)" }

    /// What `mode` (st_mode) is, in words, for a file that is not regular.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
