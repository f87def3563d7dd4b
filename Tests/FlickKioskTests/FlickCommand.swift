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
