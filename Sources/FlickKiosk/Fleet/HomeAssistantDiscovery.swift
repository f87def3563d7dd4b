import FlickCore
import FlickJSON

/// The kiosk announced to Home Assistant's MQTT integration (MQTT discovery), when its fleet has `homeAssistant`: one
/// device named after the node, whose entities are the fleet's own topics — no second interface. A select of the
/// config's pages (`command/page`, `state/page`), a backlight slider (`command/backlight`), Wake, Blank and Reload
/// buttons, and the screen, frames per second, uptime and last error read from `state/health`; all unavailable while
/// the status topic says `offline`.
///
/// Each announcement is retained on `<discovery prefix>/<component>/<node>/<object>/config` (a node's `.` becomes
/// `_`, which Home Assistant's ids do not allow), at every connect and when the config's pages change.
struct HomeAssistantDiscovery {
    let fleet: KioskConfig.Fleet
    let discoveryPrefix: String
    private let topics: FleetTopics
    /// The node as Home Assistant's ids allow it: letters, digits, `-` and `_`.
    private let id: String

    /// Nil when `fleet` is not announced.
    init?(_ fleet: KioskConfig.Fleet) {
        guard let discoveryPrefix = fleet.homeAssistant else { return nil }
        self.fleet = fleet
        self.discoveryPrefix = discoveryPrefix
        topics = FleetTopics(fleet)
        id = String(fleet.node.map { $0 == "." ? "_" : $0 })
    }

    /// Every entity's discovery topic and retained payload, for a kiosk whose config has the pages `pages`.
    func announcements(pages: [String]) -> [(topic: String, payload: JSONValue)] {
        var out = [pageSelect(pages)]
        out.append(entity("number", "backlight", name: "Backlight", [
            ("command_topic", .string(topics.command("backlight"))), ("min", .number(1)), ("max", .number(100)),
            ("step", .number(1)), ("unit_of_measurement", .string("%")), ("mode", .string("slider")),
            ("optimistic", .bool(true)), ("icon", .string("mdi:brightness-6")),
        ]))
        for (verb, name, icon) in [("wake", "Wake screen", "mdi:monitor"), ("blank", "Blank screen", "mdi:monitor-off"),
                                   ("reload", "Reload config", "mdi:reload")] {
            out.append(entity("button", verb, name: name, [("command_topic", .string(topics.command(verb))), ("icon", .string(icon))]))
        }
        out.append(healthSensor("screen", name: "Screen", field: "screen", [("icon", .string("mdi:monitor"))]))
        out.append(healthSensor("fps", name: "Frames per second", field: "fps", [
            ("unit_of_measurement", .string("fps")), ("state_class", .string("measurement")), ("entity_category", .string("diagnostic")),
        ]))
        out.append(healthSensor("uptime", name: "Uptime", field: "uptime", [
            ("device_class", .string("duration")), ("unit_of_measurement", .string("s")), ("entity_category", .string("diagnostic")),
        ]))
        out.append(healthSensor("last_error", name: "Last error", field: "lastError", [("entity_category", .string("diagnostic"))]))
        return out
    }

    /// The page select alone: what changes when a reload changes the pages.
    func pageSelect(_ pages: [String]) -> (topic: String, payload: JSONValue) {
        entity("select", "page", name: "Page", [
            ("command_topic", .string(topics.command("page"))), ("state_topic", .string(topics.page)),
            ("value_template", .string("{{ value_json.page }}")), ("options", .array(pages.map(JSONValue.string))),
            ("icon", .string("mdi:book-open-page-variant")),
        ])
    }

    private func healthSensor(_ object: String, name: String, field: String, _ fields: [(String, JSONValue)]) -> (topic: String, payload: JSONValue) {
        entity("sensor", object, name: name, [("state_topic", .string(topics.health)), ("value_template", .string("{{ value_json.\(field) }}"))] + fields)
    }

    private func entity(_ component: String, _ object: String, name: String, _ fields: [(String, JSONValue)]) -> (topic: String, payload: JSONValue) {
        let common: [(String, JSONValue)] = [
            ("name", .string(name)), ("unique_id", .string("flick_\(id)_\(object)")),
            ("availability_topic", .string(topics.status)),
            ("payload_available", .string(FleetTopics.online)), ("payload_not_available", .string(FleetTopics.offline)),
            ("device", .object([
                ("identifiers", .array([.string("flick_\(id)")])), ("name", .string(fleet.node)), ("manufacturer", .string("Flick")),
                ("model", .string("Flick kiosk")), ("sw_version", .string(FlickVersion.current)),
            ])),
        ]
        return ("\(discoveryPrefix)/\(component)/\(id)/\(object)/config", .object(common + fields))
    }
}
