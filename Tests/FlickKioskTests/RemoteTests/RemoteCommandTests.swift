import FlickJSON
import FlickMQTT
import FlickRaster
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// `flick remote` run as a separate process against a real mosquitto, with kiosks the test plays through the
/// fleet's MQTT interface.
@Suite struct RemoteCommandTests {
    /// What a kiosk gone away left on the broker: its last health, with the watchdog's restart and an error.
    static let offlineHealth = #"{"node": "cafe-3", "groups": ["cafe"], "version": "test", "uptime": 86400, "fps": 12, "#
        + #""screen": "on", "lastError": "pages[1]: photo.jpg: damaged JPEG", "#
        + #""lastRestart": {"at": "2026-03-02T23:10:00Z", "reason": "watchdog"}, "at": "2026-03-03T08:00:00Z"}"#

    /// Rows of a table as cells (split on runs of two or more spaces), keyed by their first cell.
    private func rows(_ table: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in table.split(separator: "\n") {
            let cells = line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            rows[cells[0]] = cells
        }
        return rows
    }

    @Test func listShowsOnlineAndOfflineKiosksAsATableAndAsJSONLines() throws {
        let fleet = try FakeFleet()
        let first = try fleet.add("cafe-1", groups: ["cafe", "downtown"])
        first.page = "menu"
        try first.publishPage()
        try fleet.add("cafe-2", groups: ["cafe"])
        fleet.addOffline("cafe-3", groups: ["cafe"], health: Self.offlineHealth)

        let list = try fleet.remote(["list"])
        #expect(list.status == 0, "\(list.err)")
        let table = rows(list.out)
        #expect(list.out.split(separator: "\n").count == 4, "\(list.out)")
        #expect(table["NODE"] == ["NODE", "STATUS", "GROUPS", "PAGE", "UPTIME", "FPS", "SCREEN", "LAST RESTART", "LAST ERROR"])
        #expect(table["cafe-1"] == ["cafe-1", "online", "cafe,downtown", "menu", "1h 02m", "59.9", "on", "-", "-"], "\(list.out)")
        #expect(table["cafe-2"] == ["cafe-2", "online", "cafe", "home", "1h 02m", "59.9", "on", "-", "-"], "\(list.out)")
        // Gone: no uptime, rate or screen to believe, but its restart and error are still what a person needs.
        #expect(table["cafe-3"] == ["cafe-3", "offline", "cafe", "-", "-", "-", "-", "2026-03-02T23:10:00Z watchdog",
                                    "pages[1]: photo.jpg: damaged JPEG"], "\(list.out)")

        // Online by its retained status, but its health an hour old: a broker that kept the word through its own restart.
        let silent = try fleet.add("cafe-4", groups: ["cafe"])
        silent.reportedAt = Date(timeIntervalSinceNow: -3600)
        try silent.publishHealth()
        let listed = try fleet.remote(["list"]).out
        #expect(rows(listed)["cafe-4"]?[1] == "online, silent 60m")

        let json = try fleet.remote(["list", "--json"])
        #expect(json.status == 0, "\(json.err)")
        let objects = try json.out.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        #expect(objects.count == 4)
        #expect(objects.map { $0.member("node") } == [.string("cafe-1"), .string("cafe-2"), .string("cafe-3"), .string("cafe-4")])
        #expect(objects.map { $0.member("status") } == [.string("online"), .string("online"), .string("offline"), .string("online")])
        #expect(objects[0].member("health") == first.health, "the health as the kiosk sent it")
        #expect(objects[0].member("page") == .object([("page", .string("menu")), ("language", .string("en"))]))
        #expect(objects[2].member("page") == .null)
    }

    @Test func listWithoutKiosksOrWithoutABrokerSaysSoAndFails() throws {
        let fleet = try FakeFleet()
        let empty = try FlickCommand.run(["remote", "list"], environment: ["FLICK_BROKER": fleet.broker.address])
        #expect(empty.status == 1)
        #expect(empty.err == "flick remote: no kiosks on \(fleet.broker.address): nothing under flick/+/status (a kiosk needs \"mqtt\" "
            + "and \"fleet\" in its config; is --prefix its fleet.prefix?)\n")
        #expect(empty.out.isEmpty)

        fleet.broker.stop()
        let gone = try FlickCommand.run(["remote", "list", "--broker", fleet.broker.address])
        #expect(gone.status == 3)
        #expect(gone.err.hasPrefix("flick remote: cannot connect to \(fleet.broker.address): connection refused (--broker or FLICK_BROKER"), "\(gone.err)")

        let typo = try FlickCommand.run(["remote", "list", "--broker", "http://broker.local"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("--broker 'http://broker.local': the scheme 'http' is not mqtt:// or mqtts://"), "\(typo.err)")
    }

    @Test func aScreenshotIsWrittenAndAKioskThatDoesNotAnswerTimesOut() throws {
        let fleet = try FakeFleet()
        let kiosk = try fleet.add("cafe-1", groups: ["cafe"])
        let frame = Surface(width: 64, height: 40)
        frame.clear(to: 0xFF20_80C0)
        try frame.writePNG(path: fleet.directory + "/frame.png")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fleet.directory + "/frame.png")))
        kiosk.screenshot = png
        try fleet.add("cafe-2", groups: ["cafe"])  // never answers

        let shot = fleet.directory + "/shot.png"
        let taken = try fleet.remote(["screenshot", "cafe-1", "-o", shot])
        #expect(taken.status == 0, "\(taken.err)")
        #expect(taken.out == "\(shot): 64x40, the screen of cafe-1\n")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot))) == png)
        #expect(kiosk.commands == ["screenshot"])

        let silent = fleet.directory + "/silent.png"
        let started = Date()
        let timedOut = try fleet.remote(["screenshot", "cafe-2", "-o", silent, "--timeout", "1"])
        #expect(timedOut.status == 1)
        #expect(timedOut.err == "flick remote: cafe-2 sent no screenshot within 1 s (--timeout gives it longer)\n")
        #expect(!FileManager.default.fileExists(atPath: silent))
        #expect(Date().timeIntervalSince(started) < 5, "it waited for --timeout, not longer")

        let unknown = try fleet.remote(["screenshot", "cafe-9"])
        #expect(unknown.status == 1)
        #expect(unknown.err == "flick remote: no kiosk on \(fleet.broker.address) is named 'cafe-9' (nodes: cafe-1, cafe-2)\n")

        // Something that is not a PNG is not written over the last good shot.
        kiosk.screenshot = Array("<html>".utf8)
        let junk = try fleet.remote(["screenshot", "cafe-1", "-o", shot])
        #expect(junk.status == 1)
        #expect(junk.err.hasPrefix("flick remote: cafe-1 sent 6 bytes that are not a PNG ("), "\(junk.err)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot))) == png)
    }

    @Test func aBadConfigIsRefusedHereAndNothingIsPublished() throws {
        let fleet = try FakeFleet()
        let kiosks = try ["cafe-1", "cafe-2"].map { try fleet.add($0, groups: ["cafe"]) }
        let spy = try MQTTConnection(settings: MQTTSettings(broker: BrokerAddress(parsing: fleet.broker.address), clientID: "spy"),
                                     log: { _ in })
        var seen: [String] = []
        spy.onMessage = { topic, _ in seen.append(topic) }
        try spy.subscribe("flick/#")
        #expect(fleet.loop.run([spy], until: { spy.state == .connected }))

        let bad = fleet.directory + "/bad.json"
        _ = fleet.broker.write("bad.json", #"{"pages": [{"id": "home", "content": {"type": "txet", "title": "Hi"}}]}"#)
        let refused = try fleet.remote(["push", bad, "--to", "cafe"])
        #expect(refused.status == 2)
        #expect(refused.err.hasPrefix("\(bad): pages[0].content.type: unknown content type \"txet\" (expected one of: text, "), "\(refused.err)")
        #expect(refused.out.isEmpty)

        // One config for a group that names a node would rename every kiosk it reaches.
        let named = fleet.directory + "/named.json"
        _ = fleet.broker.write("named.json", #"{"fleet": {"node": "cafe-1"}, "pages": [{"id": "home", "content": {"type": "text", "title": "Hi", "body": "Hello"}}]}"#)
        let renaming = try fleet.remote(["push", named, "--to", "cafe"])
        #expect(renaming.status == 2)
        #expect(try fleet.remote(["push", named, "--to", "cafe-1", "--prefix", "acme"]).err == "flick remote: \(named): its fleet.prefix is "
            + "\"flick\", but it is pushed under acme: the kiosks would leave this fleet; push with --prefix flick, or change fleet.prefix\n")
        #expect(renaming.err == "flick remote: \(named): fleet.node is \"cafe-1\": pushed to cafe, every kiosk it reaches would become "
            + "cafe-1; leave fleet.node out of a config for many kiosks (each is then its host name), or push it to cafe-1\n")

        // Whatever flick published reached the broker before it exited: the spy's own message comes after it.
        try spy.publish(topic: "flick/spy/done", payload: [])
        #expect(fleet.loop.run([spy] + kiosks.map(\.connection), until: { seen.contains("flick/spy/done") }))
        #expect(seen.filter { $0.contains("/command/") } == [], "\(seen)")
        #expect(kiosks.allSatisfy { $0.commands.isEmpty })
    }

    @Test func aConfigPushedToAGroupNamesTheKioskThatRefusedIt() throws {
        let fleet = try FakeFleet()
        let cafe1 = try fleet.add("cafe-1", groups: ["cafe"])
        let cafe2 = try fleet.add("cafe-2", groups: ["cafe", "downtown"])
        cafe2.refusesConfigs = "pages[0].content.image: photo.jpg: no such file"
        let museum = try fleet.add("museum-1", groups: ["museum"])
        let config = fleet.broker.write("cafe.json", #"{"pages": [{"id": "home", "content": {"type": "text", "title": "Welcome", "body": "Coffee and cake"}}]}"#)
        let bytes = Array(fleet.broker.read("cafe.json").utf8)

        // A config without "fleet" takes the kiosks out of the fleet: said, as it may be meant.
        let leaving = "flick remote: warning: \(config) has no \"fleet\": a kiosk that applies it leaves the fleet, and is no longer reached from here\n"
        let push = try fleet.remote(["push", config, "--to", "cafe"])
        #expect(push.status == 1)
        #expect(push.out == "cafe-1: applied (config 5eed1)\ncafe-2: refused: pages[0].content.image: photo.jpg: no such file\n")
        #expect(push.err == leaving + "flick remote: 1 of 2 kiosks did not apply \(config): cafe-2 (refused)\n")
        #expect(cafe1.configs == [bytes] && cafe2.configs == [bytes])
        #expect(museum.configs.isEmpty, "a kiosk outside the group got it")

        // To every kiosk, and now all apply it; one gone offline in the group is named and fails a group push.
        cafe2.refusesConfigs = nil
        let all = try fleet.remote(["push", config, "--to", "all"])
        #expect(all.status == 0, "\(all.err)")
        #expect(all.out == "cafe-1: applied (config 5eed2)\ncafe-2: applied (config 5eed2)\nmuseum-1: applied (config 5eed1)\n")

        fleet.addOffline("cafe-3", groups: ["cafe"], health: Self.offlineHealth)
        let withOffline = try fleet.remote(["push", config, "--to", "cafe", "--timeout", "2"])
        #expect(withOffline.status == 1)
        #expect(withOffline.out.hasSuffix("cafe-3: offline, not reached\n"), "\(withOffline.out)")
        #expect(withOffline.err == leaving + "flick remote: 1 of 3 kiosks did not apply \(config): cafe-3 (offline)\n")

        let nobody = try fleet.remote(["push", config, "--to", "kitchen"])
        #expect(nobody.status == 1)
        #expect(nobody.err == leaving + "flick remote: no kiosk on \(fleet.broker.address) is named 'kitchen' or in a group of that name "
            + "(nodes: cafe-1, cafe-2, cafe-3, museum-1; groups: cafe, downtown, museum)\n")
    }

    @Test func sendWaitsForEachKioskToShowItAndNamesThoseThatRefuse() throws {
        let fleet = try FakeFleet()
        let cafe1 = try fleet.add("cafe-1", groups: ["cafe"])
        let cafe2 = try fleet.add("cafe-2", groups: ["cafe"])
        cafe2.pages = ["home"]
        let museum = try fleet.add("museum-1", groups: ["museum"])

        let page = try fleet.remote(["send", "cafe", "page", "menu"])
        #expect(page.status == 1)
        #expect(page.out == "cafe-1: showing menu\ncafe-2: refused: page: unknown page id \"menu\"\n")
        #expect(page.err == "flick remote: 1 of 2 kiosks did not do \"page menu\": cafe-2 (refused)\n")
        #expect(cafe1.page == "menu" && museum.commands.isEmpty)

        let blank = try fleet.remote(["send", "all", "blank"])
        #expect(blank.status == 0, "\(blank.err)")
        #expect(blank.out == "cafe-1: screen blank\ncafe-2: screen blank\nmuseum-1: screen blank\n")
        #expect([cafe1, cafe2, museum].allSatisfy { $0.screen == "blank" })

        let backlight = try fleet.remote(["send", "museum-1", "backlight", "40"])
        #expect(backlight.status == 0, "\(backlight.err)")
        #expect(backlight.out == "museum-1: sent (it does not answer backlight)\n")
        #expect(museum.commands.last == "backlight 40")

        fleet.addOffline("cafe-3", groups: ["cafe"], health: Self.offlineHealth)
        let offline = try fleet.remote(["send", "cafe-3", "wake"])
        #expect(offline.status == 1)
        #expect(offline.err == "flick remote: cafe-3 is offline: nothing sent\n")

        let tooBright = try fleet.remote(["send", "cafe", "backlight", "400"])
        #expect(tooBright.status == 64)
        #expect(tooBright.err.contains("backlight needs a brightness from 1 to 100 percent, like: send cafe backlight 40"), "\(tooBright.err)")
    }

    @Test func followPrintsWhatTheBrokerHoldsThenEachChange() throws {
        let fleet = try FakeFleet()
        let cafe1 = try fleet.add("cafe-1", groups: ["cafe"])
        let museum = try fleet.add("museum-1", groups: ["museum"])
        let follow = try fleet.startRemote(["follow", "cafe"])
        let sockets = [cafe1.connection, museum.connection]
        #expect(fleet.loop.run(sockets, for: 10, every: 0.05, until: { follow.out.contains(" cafe-1 health ") }), "\(follow.err)")
        #expect(follow.out.contains(" cafe-1 status online\n") && follow.out.contains(" cafe-1 page home (en)\n"), "\(follow.out)")
        #expect(follow.out.contains(" cafe-1 health screen on, 59.9 fps, up 1h 02m\n"), "\(follow.out)")

        museum.page = "menu"
        try museum.publishPage()
        try cafe1.publishPage()  // the same page again: no change
        cafe1.page = "menu"
        try cafe1.publishPage()
        #expect(fleet.loop.run(sockets, for: 10, every: 0.05, until: { follow.out.contains(" cafe-1 page menu (en)\n") }), "\(follow.out)")
        #expect(!follow.out.contains("museum-1"), "a kiosk outside the group: \(follow.out)")

        // The broker dies (killed: no wills sent) and restarts empty: follow waits for it, and the kiosks' state
        // sent again is no news.
        fleet.broker.stop(signal: SIGKILL)
        #expect(fleet.loop.run(sockets, for: 10, every: 0.05, until: { follow.err.contains("trying again") }), "\(follow.err)")
        try fleet.broker.restart()
        #expect(fleet.loop.run(sockets, for: 20, every: 0.05, until: { follow.err.contains("connected again") }), "\(follow.err)")
        #expect(fleet.loop.run(sockets, for: 10, until: { sockets.allSatisfy { $0.state == .connected } }))
        cafe1.page = "home"
        try cafe1.publishPage()
        #expect(fleet.loop.run(sockets, for: 10, every: 0.05, until: { follow.out.hasSuffix(" cafe-1 page home (en)\n") }), "\(follow.out)")

        kill(follow.pid, SIGINT)
        #expect(follow.exitCode(within: 10) == 0, "\(follow.err)")
        // Every line is a change or the state at the start: nothing said twice.
        let lines = follow.out.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1)[1] }
        #expect(lines == ["cafe-1 status online", "cafe-1 page home (en)", "cafe-1 health screen on, 59.9 fps, up 1h 02m",
                          "cafe-1 page menu (en)", "cafe-1 page home (en)"])
        #expect(follow.err == "flick remote: \(fleet.broker.address): connection lost; trying again\n"
            + "flick remote: \(fleet.broker.address): connected again\n", "\(follow.err)")
    }

    @Test func followWithJSONGivesAnObjectPerChange() throws {
        let fleet = try FakeFleet()
        let cafe1 = try fleet.add("cafe-1", groups: ["cafe"])
        let follow = try fleet.startRemote(["follow", "--json"])
        #expect(fleet.loop.run([cafe1.connection], for: 10, every: 0.05, until: { follow.out.contains(#""health""#) }), "\(follow.err)")
        cafe1.lastError = "sources.temperature: no value"
        try cafe1.publishHealth()
        #expect(fleet.loop.run([cafe1.connection], for: 10, every: 0.05, until: { follow.out.contains("no value") }), "\(follow.out)")
        kill(follow.pid, SIGTERM)
        #expect(follow.exitCode(within: 10) == 0, "\(follow.err)")
        let objects = try follow.out.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        #expect(objects.count == 4, "\(follow.out)")
        #expect(objects.allSatisfy { $0.member("node") == .string("cafe-1") && $0.member("at")?.stringValueOrNil?.hasSuffix("Z") == true })
        #expect(objects.last?.member("health") == cafe1.health)
    }

    @Test func overTLSWithAPasswordFile() throws {
        let broker = MosquittoBroker()
        try broker.start(try broker.makePasswordFile(user: "laptop", password: "s3cret") + broker.makeTLSCertificates())
        let address = "mqtts://127.0.0.1:\(broker.port)"
        let fleet = try FakeFleet(broker: broker)
        let passwordFile = broker.write("password", "s3cret\n")
        try fleet.add("cafe-1", groups: ["cafe"], settings: MQTTSettings(
            broker: BrokerAddress(parsing: address), username: "laptop", passwordFile: passwordFile, caFile: broker.caFile))
        let login = ["--ca-file", broker.caFile, "--username", "laptop"]

        let list = try fleet.remote(["list"] + login + ["--password-file", passwordFile], broker: address)
        #expect(list.status == 0, "\(list.err)")
        #expect(rows(list.out)["cafe-1"]?.prefix(3) == ["cafe-1", "online", "cafe"], "\(list.out)")

        let wrong = broker.write("wrong", "guess\n")
        let refused = try fleet.remote(["list"] + login + ["--password-file", wrong], broker: address)
        #expect(refused.status == 3)
        #expect(refused.err.hasPrefix("flick remote: cannot connect to \(address): not authorised"), "\(refused.err)")

        let missing = try fleet.remote(["list"] + login + ["--password-file", broker.directory + "/nowhere"], broker: address)
        #expect(missing.status == 2)
        #expect(missing.err == "flick remote: --password-file \(broker.directory)/nowhere: no such file\n")

        let untrusted = try fleet.remote(["list", "--username", "laptop", "--password-file", passwordFile], broker: address)
        #expect(untrusted.status == 3)
        #expect(untrusted.err.contains("TLS failed") && untrusted.err.contains("certificate verify failed"), "\(untrusted.err)")
    }
}

extension JSONValue {
    /// The member `key` of an object, else nil.
    func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValueOrNil: String? { if case .string(let s) = self { s } else { nil } }
}
