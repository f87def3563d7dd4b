import Foundation
import Glibc

/// A program a test starts and leaves running, as a service manager starts one: with posix_spawn, no signal
/// blocked and the default action for SIGTERM, SIGINT, SIGHUP and SIGPIPE (Foundation's Process starts children with
/// SIGTERM blocked, and a test thread's mask would be inherited: a signal sent to stop it would never arrive),
/// its stdout and stderr to files. Waits are for a condition, with a deadline; a child still running when the test
/// lets go of it is killed and reaped.
public final class ChildProcess {
    public let pid: pid_t
    /// Where its standard output goes, and its standard error.
    public let outputPath: String, errorPath: String
    /// The raw wait status once it has been reaped; nil while it runs.
    public private(set) var status: Int32?
    /// The most memory it ever had resident, in bytes, once it has been reaped (the kernel's count for this one
    /// child, whatever else the tests run meanwhile).
    public private(set) var peakResidentBytes: Int?

    /// Starts `arguments` (the first an absolute path, else a program in /usr/bin, /usr/sbin or /bin), its output
    /// written to `output` and its errors to `errors` (nil: to `output` too), each appended to with `append`, else
    /// truncated first.
    public init(_ arguments: [String], output: String, errors: String? = nil, append: Bool = false) throws {
        outputPath = output
        errorPath = errors ?? output
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
        posix_spawn_file_actions_addopen(&actions, 1, output, flags, 0o644)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, flags, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let program = Self.find(arguments[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else { throw FixtureError("\(program) could not be started: \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        if status == nil { stop(signal: SIGKILL) }
    }

    /// Sends `signal` and waits for it to exit, however long that takes.
    public func stop(signal: Int32 = SIGTERM) {
        guard status == nil else { return }
        kill(pid, signal)
        reap(options: 0)
    }

    /// Waits for it to exit, however long that takes; its exit status, or nil when a signal ended it.
    @discardableResult
    public func waitForExit() -> Int32? {
        reap(options: 0)
        return exitCode
    }

    /// Whether `condition` held within `seconds` (checked every 10 ms), or the process exited first.
    public func wait(seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            if reap(options: WNOHANG) { return condition() }
            usleep(10_000)
        }
        return condition()
    }

    /// The exit status once it has exited within `seconds`; nil while it runs (or when a signal ended it: see
    /// `status`, which then holds the raw wait status).
    public func exitCode(within seconds: Double) -> Int32? {
        _ = wait(seconds: seconds) { hasExited }
        return exitCode
    }

    /// Whether it has exited (it is reaped if it has).
    public var hasExited: Bool { reap(options: WNOHANG) }

    /// What it wrote to its standard output so far, and to its standard error.
    public var out: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    public var err: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    private var exitCode: Int32? {
        guard let status, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// Collects the exit status (and the peak memory) when the process has exited; true once it has.
    @discardableResult
    private func reap(options: Int32) -> Bool {
        guard status == nil else { return true }
        var raw: Int32 = 0
        var usage = rusage()
        var reaped: pid_t
        repeat { reaped = wait4(pid, &raw, options, &usage) } while reaped < 0 && errno == EINTR
        guard reaped == pid else { return false }
        status = raw
        peakResidentBytes = usage.ru_maxrss * 1024
        return true
    }

    private static func find(_ program: String) -> String {
        guard !program.hasPrefix("/") else { return program }
        return ["/usr/bin/", "/usr/sbin/", "/bin/"].map { $0 + program }.first { access($0, X_OK) == 0 } ?? program
    }
}

/// What a fixture could not do (start a program, a broker), in one line.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
