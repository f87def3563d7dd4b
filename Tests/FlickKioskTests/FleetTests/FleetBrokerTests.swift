@testable import FlickKiosk
import FlickCore
import FlickJSON
import FlickRaster
import FlickTestFixtures
import FlickUI
import Foundation
import Glibc
import Testing

/// A kiosk of the fleet against a real mosquitto: its status with the will, the page it shows, its health, and each
/// command it takes.
@Suite(.serialized) struct FleetBrokerTests {
    @Test func onlineWhileConnectedTheWillWhenTheLineBreaksAndOfflineWhenItFinishes() throws {
        let broker = MosquittoBroker()
        try broker.start(["allow_anonymous true", "log_type all"])
        let k = try FleetKiosk(broker: broker)
        #expect(k.connect(), "\(k.log.lines)")
        let firstBroker = try #require(k.kiosk.broker)

        // The socket shut under the kiosk, as a pulled cable or a crash would: the broker publishes the will.
        shutdown(firstBroker.fileDescriptor, Int32(SHUT_RDWR))
        #expect(k.wait { k.probe.texts(on: k.topics.status) == ["online", "offline", "online"] }, "\(k.probe.texts(on: k.topics.status))")

        // A reload that keeps mqtt and fleet keeps the connection; one that changes the groups makes another, and the
        // first says goodbye.
        try ExampleKiosk.save(FleetKiosk.config(broker: broker, pages: FleetKiosk.pages.replacingOccurrences(of: "Menu", with: "Lunch")), to: k.file)
        #expect(k.wait { menuTitle(k) == "Lunch" })
        #expect(k.kiosk.broker === firstBroker)
        let statuses = k.probe.texts(on: k.topics.status).count
        try ExampleKiosk.save(FleetKiosk.config(broker: broker, groups: #"["cafe", "downtown"]"#), to: k.file)
        #expect(k.wait { k.kiosk.config.fleet?.groups == ["cafe", "downtown"] })
        #expect(k.kiosk.broker !== firstBroker)
        // The old connection's goodbye, or its will when the goodbye took too long and the broker published the will
        // only after the new connection's online — which the kiosk then says again.
        #expect(k.wait {
            let said = Array(k.probe.texts(on: k.topics.status).dropFirst(statuses))
            return said.first == "offline" && said.last == "online"
        }, "\(k.probe.texts(on: k.topics.status))")
        // The new connection takes commands to the new group.
        try k.send("page", "menu", to: "downtown")
        #expect(k.wait { k.kiosk.pages.currentPage == "menu" })

        // Finished: offline, said by the kiosk itself before a clean goodbye (not the will).
        k.kiosk.finish()
        #expect(k.wait { k.probe.texts(on: k.topics.status).last == "offline" })
        #expect(k.wait { broker.log.contains("Client \(clientID(of: k.kiosk.broker)) disconnected.") }, "\(broker.log)")
        // A probe that comes later finds the retained word.
        let late = try FleetProbe(broker: broker)
        #expect(k.loop.run([late.connection], until: { !late.texts(on: k.topics.status).isEmpty }))
        #expect(late.texts(on: k.topics.status) == ["offline"])
    }

    @Test func aPageCommandShowsThePageAndStatePageSaysSo() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try FleetKiosk(broker: broker)
        #expect(k.connect())
        #expect(k.wait { k.probe.json(on: k.topics.page)?["page"] as? String == "home" })
        let before = k.player.screen.copy()

        try k.send("page", "menu", to: "cafe")
        #expect(k.wait { k.probe.json(on: k.topics.page)?["page"] as? String == "menu" })
        #expect(k.probe.json(on: k.topics.page)?["language"] as? String == "en")
        #expect(k.kiosk.pages.currentPage == "menu")
        k.settle()
        #expect(k.player.screen.differingArea(from: before) != nil)

        // Another node's commands are not this kiosk's; all's are.
        try k.send("page", "home", to: "cafe-2")
        try k.send("page", "home", to: "all")
        #expect(k.wait { k.kiosk.pages.currentPage == "home" })
        #expect(k.wait { k.probe.json(on: k.topics.page)?["page"] as? String == "home" })
        #expect(k.probe.texts(on: k.topics.page).count == 3)
    }

    @Test func healthHasEveryFieldAndComesAgainWithinTheMinute() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try FleetKiosk(broker: broker)
        k.kiosk.lastRestart = LastExit(at: 1_772_524_000, reason: "watchdog", detail: "killed ABRT")
        #expect(k.connect())
        #expect(k.wait { k.probe.json(on: k.topics.health) != nil })
        let health = try #require(k.probe.json(on: k.topics.health))
        #expect(health["node"] as? String == "cafe-1")
        #expect(health["groups"] as? [String] == ["cafe"])
        #expect(health["version"] as? String == FlickVersion.current)
        #expect((health["uptime"] as? Double ?? -1) >= 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: k.file)))
        #expect(health["config"] as? String == ConfigHash.of(bytes))
        #expect((health["fps"] as? Double).map { $0 >= 0 } == true)
        // Frame 0 was drawn: its draw time is the 99th percentile so far.
        #expect((health["frameTimeP99"] as? Double).map { $0 > 0 && $0 < 1000 } == true, "\(health)")
        #expect(health["missedVblanks"] as? Int == 0)
        #expect((health["rss"] as? Int).map { $0 > 1 << 20 } == true)
        #expect(health["cpuTemperature"] is NSNull || (health["cpuTemperature"] as? Double).map { (-60...200).contains($0) } == true)
        #expect(health["screen"] as? String == "on")
        #expect(health["lastError"] is NSNull, "\(k.log.lines)")
        #expect((health["lastRestart"] as? [String: String]) == ["at": "2026-03-03T07:46:40Z", "reason": "watchdog", "detail": "killed ABRT"])
        let at = try #require(health["at"] as? String)
        #expect(at.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)

        // Quiet for 59 s: nothing new. At 60 s: the health again, its frame rate over the minute.
        let reports = k.probe.texts(on: k.topics.health).count
        k.loop.skip(59)
        k.wait(for: 0.3) { false }
        #expect(k.probe.texts(on: k.topics.health).count == reports)
        for _ in 0..<30 { k.player.step() }
        k.loop.skip(1.5)
        #expect(k.wait { k.probe.texts(on: k.topics.health).count == reports + 1 })
        let fps = try #require(k.probe.json(on: k.topics.health)?["fps"] as? Double)
        #expect(fps >= 0 && fps < 60, "\(fps)")

        // The screen blanked: the health says so at once (a second after the last report at the soonest).
        try k.send("blank")
        #expect(k.wait { k.player.screenPower?.state == .blanked })
        k.loop.skip(1)
        #expect(k.wait { k.probe.json(on: k.topics.health)?["screen"] as? String == "blank" })
    }

    @Test func backlightBlankWakeReloadAndScreenshot() throws {
        let broker = MosquittoBroker()
        try broker.start()
        // The file already holds the lunch menu; the kiosk shows the old one until told to reload.
        let lunch = FleetKiosk.config(broker: broker, pages: FleetKiosk.pages.replacingOccurrences(of: "Menu", with: "Lunch"))
        let k = try FleetKiosk(broker: broker, config: lunch, shown: FleetKiosk.config(broker: broker))
        #expect(k.connect())
        let power = try #require(k.player.screenPower)

        try k.send("backlight", "40")
        #expect(k.wait { power.brightness == 0.4 })
        try k.send("blank")
        #expect(k.wait { power.state == .blanked })
        try k.send("wake")
        #expect(k.wait { power.state == .on })

        #expect(menuTitle(k) == "Menu")
        try k.send("reload")
        #expect(k.wait { menuTitle(k) == "Lunch" })

        k.settle()
        try k.send("screenshot")
        #expect(k.wait { !k.probe.payloads(on: k.topics.screenshot).isEmpty })
        let png = try #require(k.probe.payloads(on: k.topics.screenshot).first)
        let shot = k.directory + "/shot.png"
        try Data(png).write(to: URL(fileURLWithPath: shot))
        let picture = try Surface.readPNG(path: shot)
        #expect(picture.width == 320 && picture.height == 240)
        #expect(picture.differingArea(from: k.player.screen) == nil)
        #expect(k.probe.texts(on: k.topics.error).isEmpty)
    }

    @Test func aPushedConfigIsWrittenAndAppliedAndABadOneChangesNothing() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try FleetKiosk(broker: broker)
        try Surface(width: 4, height: 4).writePNG(path: k.directory + "/soup.png")
        #expect(k.connect())
        try k.send("page", "menu")
        #expect(k.wait { k.kiosk.pages.currentPage == "menu" })
        k.settle()
        let before = k.player.screen.copy()

        // A relative picture resolves against the config file's directory, as the file's own would.
        let pushed = FleetKiosk.config(broker: broker, pages: FleetKiosk.pages.replacingOccurrences(
            of: #""title": "Menu", "body": "Soup of the day""#, with: #""title": "Lunch", "body": "Lentil soup", "image": "soup.png""#))
        try k.send("config", pushed, to: "all")
        #expect(k.wait { k.probe.json(on: k.topics.config) != nil })
        #expect(k.probe.json(on: k.topics.config)?["applied"] as? Bool == true)
        #expect(k.probe.json(on: k.topics.config)?["config"] as? String == ConfigHash.of(Array(pushed.utf8)))
        #expect(try String(contentsOfFile: k.file, encoding: .utf8) == pushed)
        let lunch = try #require(k.kiosk.config.page("menu")?.content.kind as? KioskConfig.TextPage)
        #expect(lunch.title == "Lunch" && lunch.image == k.directory + "/soup.png")
        k.settle()
        #expect(k.player.screen.differingArea(from: before) != nil)
        // The health names the new config.
        k.loop.skip(1)
        #expect(k.wait { k.probe.json(on: k.topics.health)?["config"] as? String == ConfigHash.of(Array(pushed.utf8)) })

        // Refused: the answer says why; the file, the config and the screen stay.
        let applied = k.kiosk.config, screen = k.player.screen.copy()
        let bad = pushed.replacingOccurrences(of: #""right": "menu""#, with: #""right": "dinner""#)
        try k.send("config", bad)
        #expect(k.wait { k.probe.json(on: k.topics.config)?["applied"] as? Bool == false })
        let error = try #require(k.probe.json(on: k.topics.config)?["error"] as? String)
        #expect(error == #"not applied: \#(k.file): pages[0].right: unknown page id "dinner" (pages: home, menu)"#)
        #expect(try String(contentsOfFile: k.file, encoding: .utf8) == pushed)
        #expect(k.kiosk.config == applied)
        k.settle()
        #expect(k.player.screen.differingArea(from: screen) == nil)
        k.loop.skip(1)
        #expect(k.wait { !k.probe.texts(on: k.topics.error).isEmpty })
        #expect(k.probe.texts(on: k.topics.error) == ["flick/cafe-1/command/config: \(error)"])
    }

    @Test func aKioskWithoutAConfigFileRefusesAPushAndAReload() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try FleetKiosk(broker: broker, fileless: true)
        #expect(k.connect())
        // In the order sent: the answer to the config comes once the reload before it was refused.
        try k.send("reload")
        try k.send("config", FleetKiosk.config(broker: broker))
        #expect(k.wait { k.probe.json(on: k.topics.config) != nil })
        #expect(k.probe.json(on: k.topics.config)?["applied"] as? Bool == false)
        let refusal = "this kiosk runs without a config file (an app, or a config its program made): there is none to replace"
        #expect(k.probe.json(on: k.topics.config)?["error"] as? String == refusal)
        k.loop.skip(1)
        #expect(k.wait { !k.probe.texts(on: k.topics.error).isEmpty })
        #expect(k.probe.texts(on: k.topics.error) == ["flick/cafe-1/command/reload: this kiosk runs without a config file: there is nothing "
            + "to read again (and 1 more within 1 s, the latest: flick/cafe-1/command/config: \(refusal))"])
    }

    private func clientID(of broker: KioskBroker?) -> String { broker.map { $0.clientID } ?? "" }

    private func menuTitle(_ k: FleetKiosk) -> String? { (k.kiosk.config.page("menu")?.content.kind as? KioskConfig.TextPage)?.title }
}
