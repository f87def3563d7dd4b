@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// `flick run --headless --realtime` as a fleet runs it, watched with mosquitto_sub and steered with mosquitto_pub:
/// online, its page and health, a page command, a flood that leaves its memory where it was, offline on SIGTERM, and
/// the will when it is killed.
@Suite struct FleetProcessTests {
    /// What mosquitto_sub -v printed: each line a topic, a space and the payload.
    private struct Watched {
        let sub: ChildProcess
        func payloads(on topic: String) -> [String] {
            sub.out.split(separator: "\n").compactMap { line in
                line.hasPrefix(topic + " ") ? String(line.dropFirst(topic.count + 1)) : nil
            }
        }
        func json(on topic: String) -> [[String: Any]] {
            payloads(on: topic).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    @Test func aRunningKioskReportsTakesCommandsAndSaysGoodbye() throws {
        let broker = MosquittoBroker()
        // Every command of a flood queued for the kiosk (by default the broker keeps a thousand for a client).
        try broker.start(["allow_anonymous true", "log_type all", "max_queued_messages 20000"])
        let dir = try ConfigFixtures.directory(["kiosk.json": FleetKiosk.config(broker: broker, node: "proc-1")])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sub = try broker.spawn(["mosquitto_sub", "-p", "\(broker.port)", "-v", "-q", "1", "-t", "flick/proc-1/#"], output: dir + "/sub.out")
        let watched = Watched(sub: sub)
        #expect(sub.wait(seconds: 10) { broker.log.contains(" flick/proc-1/#") }, "\(broker.log)")
        let arguments = ["run", "--headless", "--realtime", "--config", dir + "/kiosk.json", "--state-dir", dir + "/state", "--no-out"]
        let kiosk = try FlickCommand.start(arguments, in: dir)

        #expect(kiosk.wait(seconds: 20) {
            watched.payloads(on: "flick/proc-1/status") == ["online"] && !watched.json(on: "flick/proc-1/state/health").isEmpty
                && !watched.json(on: "flick/proc-1/state/page").isEmpty
        }, "\(sub.out)\n\(kiosk.err)")
        #expect(watched.json(on: "flick/proc-1/state/page").last?["page"] as? String == "home")
        let health = try #require(watched.json(on: "flick/proc-1/state/health").last)
        #expect(health["node"] as? String == "proc-1" && health["screen"] as? String == "on")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/kiosk.json")))
        #expect(health["config"] as? String == ConfigHash.of(bytes))

        #expect(broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-q", "1", "-t", "flick/cafe/command/page", "-m", "menu"]) == 0)
        #expect(kiosk.wait(seconds: 10) { watched.json(on: "flick/proc-1/state/page").last?["page"] as? String == "menu" }, "\(sub.out)")

        // Floods of bad commands: the health that follows each says the kiosk's memory, which the second leaves flat.
        func flood(_ count: Int, mark: String) throws -> Int? {
            let file = dir + "/flood"
            try Data((0..<count).map { "\(mark)-\($0)" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
            #expect(broker.run(["/bin/sh", "-c", "mosquitto_pub -p \(broker.port) -q 1 -t flick/all/command/page -l < \(file)"]) == 0)
            var rss: Int?
            #expect(kiosk.wait(seconds: 20) {
                rss = watched.json(on: "flick/proc-1/state/health").last { ($0["lastError"] as? String)?.contains(mark) == true }?["rss"] as? Int
                return rss != nil
            }, "\(sub.out.suffix(2000))")
            return rss
        }
        let warm = try flood(1_000, mark: "warm")
        let flooded = try flood(10_000, mark: "flood")
        let grown = (flooded ?? 0) - (warm ?? 0)
        print("flick run: resident \((warm ?? 0) >> 10) KiB after 1,000 bad commands, \((flooded ?? 0) >> 10) KiB after 10,000 more")
        #expect(grown < 4 << 20, "grew \(grown >> 10) KiB")
        let lines = watched.payloads(on: "flick/proc-1/state/error")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("flick/all/command/page: no page") })

        // SIGTERM: the run ends, and the kiosk says offline itself before a clean goodbye.
        kill(kiosk.pid, SIGTERM)
        #expect(kiosk.exitCode(within: 10) == 0, "\(kiosk.err)")
        #expect(sub.wait(seconds: 5) { watched.payloads(on: "flick/proc-1/status").last == "offline" }, "\(sub.out)")
        let host = try #require(KioskConfig.Fleet.hostName)
        // The broker's log says it a moment after the kiosk has gone: waited for, as on a busy machine it comes later.
        #expect(sub.wait(seconds: 5) { broker.log.contains("Client flick-\(host)-\(kiosk.pid) disconnected.") }, "\(broker.log)")

        // Killed outright: the broker says it for the kiosk, with the will.
        let again = try FlickCommand.start(arguments, in: dir)
        #expect(again.wait(seconds: 20) { watched.payloads(on: "flick/proc-1/status").suffix(2) == ["offline", "online"] }, "\(again.err)")
        kill(again.pid, SIGKILL)
        _ = again.exitCode(within: 10)
        #expect(sub.wait(seconds: 5) { watched.payloads(on: "flick/proc-1/status").suffix(2) == ["online", "offline"] }, "\(sub.out)")
        #expect(sub.wait(seconds: 5) { broker.log.contains("Client flick-\(host)-\(again.pid) closed its connection.") }, "\(broker.log)")
        sub.stop()
    }
}
