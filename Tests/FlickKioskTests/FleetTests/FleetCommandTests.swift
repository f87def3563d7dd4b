@testable import FlickKiosk
import FlickCore
import FlickJSON
import Foundation
import Testing

/// Reading commands, answering refusals once per burst, and what a health report is made of — without a broker.
@Suite struct FleetCommandTests {
    private func read(_ verb: Substring, _ payload: String) -> Result<FleetCommand, FleetCommandProblem> {
        FleetCommand.read(verb: verb, payload: Array(payload.utf8))
    }

    @Test func eachVerbAndWhatItTakes() {
        #expect(read("page", "menu\n") == .success(.page("menu")))
        #expect(read("page", #""café""#) == .success(.page("café")))
        #expect(read("page", "3") == .success(.page("3")))
        #expect(read("backlight", "40") == .success(.backlight(40)))
        #expect(read("backlight", " 100 ") == .success(.backlight(100)))
        #expect(read("wake", "anything") == .success(.wake))
        #expect(read("blank", "") == .success(.blank))
        #expect(read("reload", "") == .success(.reload))
        #expect(read("screenshot", "") == .success(.screenshot))
        #expect(read("config", "{}") == .success(.config(Array("{}".utf8))))
    }

    @Test func badPayloadsAndVerbsAreOneShortLine() {
        #expect(read("dance", "") == .failure(.unknownVerb("dance")))
        #expect("\(FleetCommandProblem.unknownVerb("dance"))" == "unknown command (commands: page, backlight, wake, blank, reload, screenshot, config)")
        for (payload, got) in [("0", "0"), ("101", "101"), ("NaN", "\"NaN\""), ("\"40\"", "\"40\""), ("[40]", "an array"), ("", "nothing")] {
            #expect(read("backlight", payload) == .failure(.payload(expected: "a percentage from 1 to 100", got: got)), "\(payload)")
        }
        #expect(read("page", "  ") == .failure(.payload(expected: "a page id", got: "nothing")))
        #expect(read("page", #""""#) == .failure(.payload(expected: "a page id", got: "an empty string")))
        #expect(FleetCommand.read(verb: "page", payload: [0xFF, 0xFE, 0x00]) == .failure(.payload(expected: "a page id", got: "3 bytes that are not text")))
        // Ten thousand deep: past the parser's depth, so text, and too long to be a page id or to quote.
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(read("page", deep) == .failure(.payload(expected: "a page id", got: "20000 bytes of text")))
        #expect(read("backlight", deep) == .failure(.payload(expected: "a percentage from 1 to 100", got: "20000 bytes of text")))
        // Control characters are quoted escaped.
        #expect("\(read("backlight", "\u{1b}[2J"))".contains(#"\u{1B}[2J"#))
    }

    @Test func aBurstIsOneLineWithHowManyMoreAndTheLatest() {
        var burst = ErrorBurst()
        #expect(burst.deadline == nil)
        burst.add("a: no page \"x\"", at: 10)
        #expect(burst.deadline == 11)
        #expect(burst.take(at: 10.5) == nil)
        #expect(burst.take(at: 11) == "a: no page \"x\"")
        #expect(burst.take(at: 12) == nil && burst.deadline == nil)

        for i in 0..<10_000 { burst.add("line \(i)", at: 20 + Double(i) / 100_000) }
        #expect(burst.take(at: 21) == "line 0 (and 9999 more within 1 s, the latest: line 9999)")
        burst.add("same", at: 30)
        burst.add("same", at: 30.2)
        #expect(burst.take(at: 31) == "same (and 1 more like it within 1 s)")
    }

    @Test func theConfigHashIsFNV1a64OfTheBytes() {
        // The published test vectors of FNV-1a 64.
        #expect(ConfigHash.of([]) == "cbf29ce484222325")
        #expect(ConfigHash.of(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ConfigHash.of(Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func theCPUZoneIsPreferredAndUnreadableZonesAreLeftOut() throws {
        let dir = try ConfigFixtures.directory([
            "thermal_zone0/type": "acpitz\n", "thermal_zone0/temp": "27800\n",
            "thermal_zone1/type": "iwlwifi_1\n", "thermal_zone1/temp": "garbage\n",
            "thermal_zone2/type": "x86_pkg_temp\n", "thermal_zone2/temp": "45500\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(SystemReadings.cpuTemperature(zones: dir) == 45.5)
        try FileManager.default.removeItem(atPath: dir + "/thermal_zone2")
        #expect(SystemReadings.cpuTemperature(zones: dir) == 27.8)
        #expect(SystemReadings.cpuTemperature(zones: dir + "/none") == nil)
        #expect((SystemReadings.residentBytes() ?? 0) > 1 << 20)
        #expect((SystemReadings.processUptime() ?? -1) >= 0)
    }

    @Test func healthSaysEveryFieldOfTheInterface() throws {
        let fleet = KioskConfig.Fleet(node: "cafe-1", groups: ["cafe"])
        let signature = FleetHealth.Signature(screen: "dim", lastError: "x: \u{1b}", config: "af63dc4c8601ec8c",
                                              lastRestart: LastExit(at: 1_772_524_800, reason: "watchdog", detail: "killed ABRT"))
        let health = FleetHealth(signature: signature, statistics: nil, since: FleetHealth.FrameCount(frames: 0, time: 0), now: 60)
        let json = health.json(fleet: fleet, epoch: 1_772_524_861)
        guard case .object(let members) = json else { Issue.record("\(json)"); return }
        #expect(members.map(\.key) == ["node", "groups", "version", "uptime", "config", "fps", "frameTimeP99", "missedVblanks",
                                       "rss", "cpuTemperature", "screen", "lastError", "lastRestart", "at"])
        let text = json.text()
        #expect(text.contains(#""lastRestart": {"at": "2026-03-03T08:00:00Z", "reason": "watchdog", "detail": "killed ABRT"}"#), "\(text)")
        #expect(text.contains(#""at": "2026-03-03T08:01:01Z""#) && text.contains(#""screen": "dim""#))
        #expect(text.contains(#""fps": 0,"#) && text.contains(#""frameTimeP99": null"#) && text.contains(#""version": "\#(FlickVersion.current)""#))
        #expect(!text.contains("\u{1b}"))
    }
}
