import FlickFiles
import Glibc
import SystemPackage

/// Runs a program to completion, the way a benchmark measures a child: posix_spawn and waitpid, stdout
/// discarded, the environment inherited.
enum ChildProcess {
    enum Failure: Error, CustomStringConvertible {
        /// `posix_spawn` or `waitpid` failed for `program`.
        case call(String, program: String, errno: Errno)
        case killed(program: String, signal: Int32)

        var description: String {
            switch self {
            case .call(let call, let program, let errno): SystemCallError.line(on: program, call, failedWith: errno)
            case .killed(let program, let signal): "\(program) was killed by signal \(signal)"
            }
        }
    }

    /// The child's exit status; a child killed by a signal is a `Failure`.
    static func run(_ executable: String, _ arguments: [String]) throws(Failure) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            // posix_spawn returns the error rather than setting errno.
            throw .call("posix_spawn", program: executable, errno: Errno(rawValue: spawned))
        }
        var status: Int32 = 0
        if case .failure(let code) = SystemCall.retryingOnInterrupt({ waitpid(pid, &status, 0) }) {
            throw .call("waitpid", program: executable, errno: code)
        }
        // WIFEXITED and WEXITSTATUS are macros that do not import.
        guard status & 0x7F == 0 else { throw .killed(program: executable, signal: status & 0x7F) }
        return (status >> 8) & 0xFF
    }
}
