import FlickJSON
import Foundation
import Testing
@testable import FlickKiosk

/// `flick note-exit`, the unit's ExecStopPost=, keeps what systemd says about the stop in `last-exit.json`, and the
/// kiosk started again reads it back for its health report; a damaged file reads as none.
@Suite struct LastExitTests {
    @Test func noteExitKeepsWhatSystemdSaysAndTheKioskReadsItBack() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = Date().timeIntervalSince1970.rounded(.down)
        let run = try FlickCommand.run(["note-exit", "--state-dir", dir + "/state"],
                                       environment: ["SERVICE_RESULT": "watchdog", "EXIT_CODE": "dumped", "EXIT_STATUS": "ABRT"])
        #expect(run.status == 0, "\(run.err)")
        let exit = try #require(LastExit.read(stateDirectory: dir + "/state"))
        #expect(exit.reason == "watchdog" && exit.detail == "dumped ABRT")
        #expect((before...Date().timeIntervalSince1970).contains(exit.at))
        // The file is the health report's JSON, with the time in ISO 8601 (UTC).
        let text = try String(contentsOfFile: dir + "/state/last-exit.json", encoding: .utf8)
        #expect(text == exit.json.text() + "\n")
        #expect(text.range(of: #"^\{"at": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "reason": "watchdog", "detail": "dumped ABRT"\}\n$"#,
                           options: .regularExpression) != nil, "\(text)")
    }

    /// Without --state-dir it writes where `flick run` keeps its state (the unit sets XDG_STATE_HOME=/var/lib), and a
    /// clean stop is kept too.
    @Test func noteExitWritesToTheStateDirectoryFlickRunUses() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try FlickCommand.run(["note-exit"], environment: ["XDG_STATE_HOME": dir, "SERVICE_RESULT": "success",
                                                                  "EXIT_CODE": "exited", "EXIT_STATUS": "0"])
        #expect(run.status == 0, "\(run.err)")
        #expect(LastExit.read(stateDirectory: dir + "/flick")?.reason == "success")
        #expect(LastExit.read(stateDirectory: dir + "/flick")?.detail == "exited 0")
    }

    /// Run by hand (no SERVICE_RESULT), it says what it is for and writes nothing.
    @Test func noteExitOutsideSystemdWritesNothing() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try FlickCommand.run(["note-exit", "--state-dir", dir], environment: ["SERVICE_RESULT": ""])
        #expect(run.status == 2)
        #expect(run.err == "flick note-exit: SERVICE_RESULT is not set: run it as the unit's ExecStopPost= (systemd sets it there)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/last-exit.json"))
    }

    @Test func theEnvironmentOfAStopPostCommandDescribesTheExit() {
        let at = 1_741_944_413.7
        #expect(LastExit(environment: ["SERVICE_RESULT": "signal", "EXIT_CODE": "killed", "EXIT_STATUS": "KILL"], at: at)
                == LastExit(at: 1_741_944_413, reason: "signal", detail: "killed KILL"))
        // A start that never ran the process has a result and no exit.
        #expect(LastExit(environment: ["SERVICE_RESULT": "resources"], at: at)?.detail == "")
        #expect(LastExit(environment: ["EXIT_CODE": "exited", "EXIT_STATUS": "1"], at: at) == nil)
        #expect(LastExit(at: 1_741_944_413, reason: "exit-code", detail: "exited 1").json.text()
                == #"{"at": "2025-03-14T09:26:53Z", "reason": "exit-code", "detail": "exited 1"}"#)
    }

    /// A file cut short, another JSON, a date that is none, binary, a directory in its place: none, and no crash.
    @Test func aDamagedFileReadsAsNone() throws {
        let damaged = [
            #"{"at": "2025-03-14T09:26:53Z", "reason": "watch"#,
            #"{"at": 1741944413, "reason": "watchdog"}"#,
            #"{"at": "yesterday", "reason": "watchdog"}"#,
            #"{"at": "2025-03-14T09:26:53Z", "reason": ""}"#,
            #"["watchdog"]"#,
            "\u{0}\u{1}\u{FF}garbage",
            "",
        ]
        for text in damaged {
            let dir = try ConfigFixtures.directory(["last-exit.json": text])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            #expect(LastExit.read(stateDirectory: dir) == nil, "\(text)")
        }
        let dir = try ConfigFixtures.directory(["last-exit.json/inside": "a directory where the file should be"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(LastExit.read(stateDirectory: dir) == nil)
        #expect(LastExit.read(stateDirectory: dir + "/missing") == nil)
        // Fields it does not know are no damage.
        let extra = try ConfigFixtures.directory(["last-exit.json": #"{"at": "2025-03-14T09:26:53Z", "reason": "signal", "boot": 3}"#])
        defer { try? FileManager.default.removeItem(atPath: extra) }
        #expect(LastExit.read(stateDirectory: extra) == LastExit(at: 1_741_944_413, reason: "signal", detail: ""))
    }
}
