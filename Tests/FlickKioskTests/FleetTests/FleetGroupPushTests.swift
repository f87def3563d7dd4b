@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// A config pushed to a group, as an operator pushes it: three `flick run --headless --realtime` kiosks, each with
/// the host name of its node (a UTS namespace each, as three boards have), one config for all of them naming no node,
/// two in the group `cafe` and one in `bar`; `flick remote push` to `cafe` applies on the two without a restart and
/// leaves the third alone; a config the kiosks refuse (sent with mosquitto_pub: `flick remote` checks first) changes
/// nothing on either, and each says why.
@Suite struct FleetGroupPushTests {
    private func config(broker: MosquittoBroker, group: String, title: String) -> String {
        #"{"mqtt": {"broker": "\#(broker.address)"}, "fleet": {"groups": ["\#(group)"]}, "pages": \#(FleetKiosk.pages.replacingOccurrences(of: "Café Aurora", with: title))}"#
    }

    @Test func aConfigPushedToAGroupAppliesOnEachMemberAndABadOneChangesNothing() throws {
        let broker = MosquittoBroker()
        try broker.start(["allow_anonymous true", "log_type all"])
        let dir = try ConfigFixtures.directory([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sub = try broker.spawn(["mosquitto_sub", "-p", "\(broker.port)", "-v", "-q", "1", "-t", "flick/+/state/config", "-t", "flick/+/status"],
                                   output: dir + "/sub.out")
        #expect(sub.wait(seconds: 10) { broker.log.contains(" flick/+/status") }, "\(broker.log)")
        func payloads(on topic: String) -> [String] {
            sub.out.split(separator: "\n").compactMap { $0.hasPrefix(topic + " ") ? String($0.dropFirst(topic.count + 1)) : nil }
        }

        var kiosks: [(node: String, file: String, process: ChildProcess)] = []
        defer { for kiosk in kiosks { kill(kiosk.process.pid, SIGKILL); _ = kiosk.process.exitCode(within: 5) } }
        for (node, group) in [("cafe-1", "cafe"), ("cafe-2", "cafe"), ("bar-1", "bar")] {
            let home = dir + "/" + node
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            try ExampleKiosk.save(config(broker: broker, group: group, title: "Opening soon"), to: home + "/kiosk.json")
            let run = [FlickCommand.path, "run", "--headless", "--realtime", "--config", home + "/kiosk.json", "--state-dir", home + "/state", "--no-out"]
            // unshare execs the shell, which execs flick: one process, the kiosk's pid.
            let process = try ChildProcess(["/usr/bin/unshare", "--uts", "/bin/sh", "-c", #"hostname "$0" && exec "$@""#, node] + run,
                                           output: home + "/flick.out", errors: home + "/flick.err")
            kiosks.append((node, home + "/kiosk.json", process))
        }
        #expect(sub.wait(seconds: 30) { kiosks.allSatisfy { payloads(on: "flick/\($0.node)/status").last == "online" } },
                "\(sub.out)\n\(kiosks.map { $0.process.err })")

        // flick remote checks the config, sends it to the group and waits for each member's answer.
        let pushed = config(broker: broker, group: "cafe", title: "Open until six")
        try ExampleKiosk.save(pushed, to: dir + "/new.json")
        let push = try FlickCommand.run(["remote", "push", dir + "/new.json", "--to", "cafe", "--broker", broker.address, "--timeout", "20"])
        #expect(push.status == 0, "\(push.out)\(push.err)")
        for kiosk in kiosks.prefix(2) {
            #expect(push.out.contains(kiosk.node), "\(push.out)")
            #expect(try String(contentsOfFile: kiosk.file, encoding: .utf8) == pushed)
            #expect(payloads(on: "flick/\(kiosk.node)/state/config").last?.contains(#""applied": true"#) == true)
        }
        #expect(try String(contentsOfFile: kiosks[2].file, encoding: .utf8).contains("Opening soon"))
        #expect(payloads(on: "flick/bar-1/state/config").isEmpty)

        // A config the kiosks cannot apply: each refuses it with the line saying why, and keeps the file it had.
        let bad = pushed.replacingOccurrences(of: #""right": "menu""#, with: #""right": "lunch""#)
        #expect(broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-q", "1", "-t", "flick/cafe/command/config", "-m", bad]) == 0)
        #expect(sub.wait(seconds: 20) {
            kiosks.prefix(2).allSatisfy { payloads(on: "flick/\($0.node)/state/config").last?.contains(#""applied": false"#) == true }
        }, "\(sub.out)")
        for kiosk in kiosks.prefix(2) {
            #expect(payloads(on: "flick/\(kiosk.node)/state/config").last?.contains(#"unknown page id \"lunch\""#) == true,
                    "\(payloads(on: "flick/\(kiosk.node)/state/config"))")
            #expect(try String(contentsOfFile: kiosk.file, encoding: .utf8) == pushed)
        }

        // No kiosk restarted for any of it: each is still the process it was, and ends cleanly.
        for kiosk in kiosks {
            kill(kiosk.process.pid, SIGTERM)
            #expect(kiosk.process.exitCode(within: 10) == 0, "\(kiosk.process.err)")
            #expect(kiosk.process.out.contains(#""page": "home""#))
        }
        kiosks = []
    }
}
