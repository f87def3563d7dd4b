import FlickTestFixtures
import Foundation
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
        let flick = try ChildProcess([path] + arguments, output: "/dev/null")
        let status = flick.waitForExit() ?? -1
        return (status, flick.peakResidentBytes ?? 0)
    }

    /// Starts `flick arguments` (paths in them absolute) and leaves it running, as a service manager starts it; its
    /// output goes to `directory` (`flick.out`, `flick.err`).
    static func start(_ arguments: [String], in directory: String) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build flick first (swift build --build-tests does)")
        return try ChildProcess([path] + arguments, output: directory + "/flick.out", errors: directory + "/flick.err")
    }
}
