import Foundation
import Glibc
import Testing

/// `flick` run as an operator runs it: the executable built beside this test runner (so a test build with any
/// scratch path runs its own), with what it printed and how it exited.
enum FlickCommand {
    static let path = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("flick").path

    static func run(_ arguments: [String], in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build flick first (swift build --build-tests does)")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: path)
        child.arguments = arguments
        if let directory { child.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            child.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        child.standardOutput = out
        child.standardError = err
        try child.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, output, errors)
    }

    /// Runs `flick` with its output thrown away: how it exited and the most memory it ever had resident (the
    /// kernel's count for that one child, whatever else the tests run meanwhile).
    static func peakResidentBytes(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build flick first (swift build --build-tests does)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, path, &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }
}

/// `flick` started and left running, as a service manager starts it: its own signal mask and dispositions (a test
/// thread's blocked signals would otherwise be inherited, and SIGTERM would never arrive), stdout and stderr to
/// files. Waits are for a condition, with a deadline.
final class RunningFlick {
    let pid: pid_t
    private let outPath: String, errPath: String
    private(set) var status: Int32?

    /// Starts `flick arguments` (paths in them absolute); its output goes to `directory` (`flick.out`, `flick.err`).
    init(_ arguments: [String], in directory: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: FlickCommand.path), "build flick first (swift build --build-tests does)")
        outPath = directory + "/flick.out"
        errPath = directory + "/flick.err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([FlickCommand.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, FlickCommand.path, &actions, &attributes, argv, environ) == 0)
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Whether `condition` held within `seconds` (checked every 10 ms), or the process exited first.
    func wait(seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            if reap() { return condition() }
            usleep(10_000)
        }
        return condition()
    }

    /// The exit status once it has exited within `seconds`; nil while it runs (or when a signal killed it: see
    /// `status`, which then holds the raw wait status).
    func exitCode(within seconds: Double) -> Int32? {
        _ = wait(seconds: seconds) { status != nil || reap() }
        guard let status, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    var out: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
    var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// Collects the exit status when the process has exited.
    private func reap() -> Bool {
        guard status == nil else { return true }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
        status = raw
        return true
    }
}
