@testable import FlickKiosk
import FlickJSON
import FlickTestFixtures
import Foundation
import Testing

/// A kiosk announced to Home Assistant through MQTT discovery: its entities' configs retained under the discovery
/// prefix, made of the fleet's own topics.
@Suite struct HomeAssistantDiscoveryTests {
    private func fleet(_ homeAssistant: String) -> String {
        #"{"mqtt": {"broker": "mqtt://localhost"}, "fleet": {"node": "cafe.1", "homeAssistant": \#(homeAssistant)}, "pages": \#(FleetKiosk.pages)}"#
    }

    @Test func homeAssistantIsTrueFalseOrADiscoveryPrefix() throws {
        func parsed(_ value: String) throws -> String? {
            try KioskConfig.parse(Array(fleet(value).utf8), file: "kiosk.json", directory: "/").fleet?.homeAssistant
        }
        #expect(try parsed("true") == "homeassistant")
        #expect(try parsed("false") == nil)
        #expect(try parsed(#""ha/discovery""#) == "ha/discovery")
        #expect(ConfigFixtures.problems(fleet("1")) == [
            #"kiosk.json: fleet.homeAssistant: expected true (announce the kiosk under "homeassistant"), false, or Home Assistant's discovery prefix, got 1"#,
        ])
        #expect(ConfigFixtures.problems(fleet(#""ha/#""#)) == [
            #"kiosk.json: fleet.homeAssistant: expected levels of 1 to 64 letters, digits, '-', '_' or '.' between '/' (like "homeassistant"), got "ha/#""#,
        ])
    }

    @Test func theEntitiesAreTheFleetsTopicsOnOneDevice() throws {
        let discovery = try #require(HomeAssistantDiscovery(KioskConfig.Fleet(node: "cafe.1", homeAssistant: "homeassistant")))
        let announced = discovery.announcements(pages: ["home", "menu"])
        #expect(announced.map(\.topic) == [
            "homeassistant/select/cafe_1/page/config", "homeassistant/number/cafe_1/backlight/config",
            "homeassistant/button/cafe_1/wake/config", "homeassistant/button/cafe_1/blank/config",
            "homeassistant/button/cafe_1/reload/config", "homeassistant/sensor/cafe_1/screen/config",
            "homeassistant/sensor/cafe_1/fps/config", "homeassistant/sensor/cafe_1/uptime/config",
            "homeassistant/sensor/cafe_1/last_error/config",
        ])
        let select = try #require(try JSONSerialization.jsonObject(with: Data(announced[0].payload.text().utf8)) as? [String: Any])
        #expect(select["command_topic"] as? String == "flick/cafe.1/command/page")
        #expect(select["state_topic"] as? String == "flick/cafe.1/state/page")
        #expect(select["options"] as? [String] == ["home", "menu"])
        #expect(select["availability_topic"] as? String == "flick/cafe.1/status")
        #expect(select["unique_id"] as? String == "flick_cafe_1_page")
        #expect((select["device"] as? [String: Any])?["identifiers"] as? [String] == ["flick_cafe_1"])
        #expect((select["device"] as? [String: Any])?["name"] as? String == "cafe.1")
        // Every entity is of the one device, under a unique id.
        let ids = announced.compactMap { ($0.payload.text().split(separator: "\"unique_id\": \"").dropFirst().first?.prefix { $0 != "\"" }).map(String.init) }
        #expect(Set(ids).count == announced.count)
    }

    @Test func anAnnouncedKioskIsSteeredThroughItsEntitiesTopics() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let config = FleetKiosk.config(broker: broker).replacingOccurrences(of: #""groups": ["cafe"]"#, with: #""groups": ["cafe"], "homeAssistant": true"#)
        let k = try FleetKiosk(broker: broker, config: config)
        let home = try FleetProbe(broker: broker, filter: "homeassistant/#")
        func wait(until condition: () -> Bool) -> Bool {
            k.loop.run(k.kiosk.sources + [k.probe.connection, home.connection], for: 5, every: 0.05, until: condition)
        }
        #expect(wait { home.connection.state == .connected && home.messages.count == 9 }, "\(home.messages.map(\.topic))")
        let selectTopic = "homeassistant/select/cafe-1/page/config"
        #expect(home.json(on: selectTopic)?["options"] as? [String] == ["home", "menu"])

        // Home Assistant's select sends the option to the command topic the announcement names.
        let command = try #require(home.json(on: selectTopic)?["command_topic"] as? String)
        try home.connection.publish(topic: command, payload: Array("menu".utf8), qos: .atLeastOnce)
        #expect(wait { k.kiosk.pages.currentPage == "menu" })

        // A reload with another page announces the select again, with it.
        let pages = FleetKiosk.pages.replacingOccurrences(of: #""content": {"type": "text", "title": "Menu""#,
                                                          with: #""right": "hours", "content": {"type": "text", "title": "Menu""#)
            .replacingOccurrences(of: "]", with: #", {"id": "hours", "content": {"type": "text", "title": "Hours", "body": "8-18"}}]"#)
        try ExampleKiosk.save(FleetKiosk.config(broker: broker, pages: pages)
            .replacingOccurrences(of: #""groups": ["cafe"]"#, with: #""groups": ["cafe"], "homeAssistant": true"#), to: k.file)
        #expect(wait { home.json(on: selectTopic)?["options"] as? [String] == ["home", "menu", "hours"] },
                "\(home.texts(on: selectTopic)) \(k.log.lines)")
    }
}
