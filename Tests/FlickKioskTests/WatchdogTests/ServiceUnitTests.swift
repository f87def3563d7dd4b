import Foundation
import Testing

/// deploy/flick.service as systemd reads it: `systemd-analyze verify` (systemd's own parser, without running it) finds
/// nothing to say — no unknown key, no bad value — with its commands pointed at this build's flick.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "no systemd-analyze (the systemd package)"))
struct ServiceUnitTests {
    @Test func theUnitIsOneSystemdReadsWithoutAWord() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let unit = try String(contentsOfFile: ConfigFixtures.repoRoot + "/deploy/flick.service", encoding: .utf8)
        #expect(unit.contains("ExecStopPost=-/usr/local/bin/flick note-exit"))
        try unit.replacingOccurrences(of: "/usr/local/bin/flick", with: FlickCommand.path)
            .write(toFile: dir + "/flick.service", atomically: true, encoding: .utf8)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        verify.arguments = ["verify", dir + "/flick.service"]
        let output = Pipe()
        verify.standardOutput = output
        verify.standardError = output
        try verify.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        #expect(verify.terminationStatus == 0 && said.isEmpty, "\(said)")
    }
}
