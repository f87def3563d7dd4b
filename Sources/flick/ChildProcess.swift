import FlickFiles
import Glibc

/// Runs a program to completion, the way a benchmark measures a child: posix_spawn and waitpid, stdout
/// discarded, the environment inherited.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
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
            throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        if case .failure(let code) = SystemCall.retryingOnInterrupt({ waitpid(pid, &status, 0) }) {
            throw Failure(description: "waitpid: \(code)")
        }
        // WIFEXITED and WEXITSTATUS are macros that do not import.
        guard status & 0x7F == 0 else { throw Failure(description: "\(executable) was killed by signal \(status & 0x7F)") }
        return (status >> 8) & 0xFF
    }
}
