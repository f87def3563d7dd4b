import Foundation
import Glibc
import Testing

/// `flick run --headless --realtime`: the kiosk on the wall clock until SIGTERM, screenshots at wall-clock times,
/// the final state on exit. Each waits for a file or an exit, with a deadline.
@Suite struct RealtimeRunCommandTests {
    /// The first line of output is the run, the last the state.
    private func finalState(_ out: String) -> String { out.split(separator: "\n").last.map(String.init) ?? "" }

    /// A touch a minute in is still to come at SIGTERM: the run says so.
    @Test func aScreenshotIsTakenOnTheWallClockAndSigtermEndsTheRunWithTheFinalState() throws {
        let dir = try ConfigFixtures.directory([
            "late.json": #"[{"t": 60000, "type": "down", "id": 0, "x": 300, "y": 120}, {"t": 60100, "type": "up", "id": 0}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flick = try RunningFlick(["run", "--headless", "--realtime", "--config", ConfigFixtures.tourPath, "--size", "320x240",
                                      "--state-dir", dir, "--script", dir + "/late.json", "--shot", "300=\(dir)/a.png"], in: dir)
        let started = Date()
        #expect(flick.wait(seconds: 60) { FileManager.default.fileExists(atPath: dir + "/a.png") }, "no a.png: \(flick.err)")
        #expect(Date().timeIntervalSince(started) >= 0.3, "the shot is at 300 ms of wall-clock time")
        #expect(flick.exitCode(within: 0) == nil, "it runs on after its shot, until told to stop")
        kill(flick.pid, SIGTERM)
        #expect(flick.exitCode(within: 20) == 0, "\(flick.err)")
        #expect(flick.out.contains("headless in real time (320x240"))
        #expect(finalState(flick.out).hasPrefix(#"{"page": "home""#))
        #expect(flick.err.contains("the script's touches after the signal that ended the run were not played (2 frames of touches)"))
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// A swipe in the script, played on the wall clock, turns the page before the shot that says it is over.
    @Test func aScriptPlayedInRealTimeTurnsThePage() throws {
        let dir = try ConfigFixtures.directory([
            "swipe.json": #"[{"t": 100, "type": "down", "id": 0, "x": 300, "y": 120}, {"t": 200, "type": "move", "id": 0, "x": 20, "y": 120}, {"t": 216, "type": "up", "id": 0}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flick = try RunningFlick(["run", "--headless", "--realtime", "--config", ConfigFixtures.tourPath, "--size", "320x240",
                                      "--state-dir", dir, "--script", dir + "/swipe.json", "--shot", "1500=\(dir)/after.png"], in: dir)
        #expect(flick.wait(seconds: 60) { FileManager.default.fileExists(atPath: dir + "/after.png") }, "no after.png: \(flick.err)")
        kill(flick.pid, SIGTERM)
        #expect(flick.exitCode(within: 20) == 0, "\(flick.err)")
        #expect(finalState(flick.out).hasPrefix(#"{"page": "info""#), "\(flick.out)")
    }

    /// With --until the run ends by itself, as the virtual one does.
    @Test func untilEndsARealTimeRun() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flick = try RunningFlick(["run", "--headless", "--realtime", "--config", ConfigFixtures.tourPath, "--size", "320x240",
                                      "--state-dir", dir, "--until", "400", "--no-out"], in: dir)
        #expect(flick.exitCode(within: 60) == 0, "\(flick.err)")
        #expect(finalState(flick.out).hasPrefix(#"{"page": "home""#))
    }
}
