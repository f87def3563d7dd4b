import FlickJSON
import Glibc

extension KioskConfig {
    /// The config's `fleet`: the kiosk as one of many on the config's `mqtt` broker, by the name it answers to and the
    /// groups it is in. It publishes its status, the page it shows and its health under `<prefix>/<node>/`, and takes
    /// commands sent to its node, to each of its groups and to `all` (<doc:Fleet>).
    ///
    /// ```json
    /// "fleet": {"node": "cafe-1", "groups": ["cafe", "downtown"], "prefix": "flick"}
    /// ```
    ///
    /// A node, a group and each level of the prefix are 1 to 64 letters, digits, `-`, `_` or `.` (no `/`, `+`, `#` or
    /// spaces); `all` is neither a node nor a group (it names every kiosk), and a node is not one of its own groups.
    public struct Fleet: Sendable, Equatable {
        /// `node`: the kiosk's own name; default the host name.
        public var node: String
        /// `groups`: the groups the kiosk is in, each taking commands for all its members; default none.
        public var groups: [String]
        /// `prefix`: the first levels of every fleet topic (`flick`, or `acme/shops`); default ``defaultPrefix``.
        public var prefix: String
        /// `homeAssistant`: the discovery prefix under which the kiosk announces itself to Home Assistant's MQTT
        /// integration (its page, backlight, wake, blank, reload and health as entities of one device); `true` in the
        /// JSON means ``homeAssistantPrefix``; nil (absent or `false`): no announcement.
        public var homeAssistant: String?

        /// `flick`.
        public static let defaultPrefix = "flick"
        /// The name that addresses every kiosk of a prefix: no node or group may have it.
        public static let everyone = "all"
        /// The longest name, as each level of the prefix may be.
        public static let nameLimit = 64
        /// `homeassistant`: Home Assistant's default discovery prefix.
        public static let homeAssistantPrefix = "homeassistant"

        /// The kiosk `node` in `groups`, its topics under `prefix`, announced to Home Assistant under `homeAssistant`
        /// (nil: not).
        public init(node: String, groups: [String] = [], prefix: String = Fleet.defaultPrefix, homeAssistant: String? = nil) {
            self.node = node
            self.groups = groups
            self.prefix = prefix
            self.homeAssistant = homeAssistant
        }

        /// The host name (gethostname), the node a config names none for; nil when it has none or it is not a name
        /// a node may have.
        public static var hostName: String? {
            var name = [CChar](repeating: 0, count: 256)
            guard gethostname(&name, name.count - 1) == 0 else { return nil }
            let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return isName(host) && host != everyone ? host : nil
        }

        /// 1 to 64 letters, digits, `-`, `_` or `.`: a name that is one topic level, never a wildcard.
        package static func isName(_ name: String) -> Bool {
            !name.isEmpty && name.utf8.count <= nameLimit && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            }
        }
    }

    /// `fleet`, read after `mqtt`: a fleet talks through the broker.
    static func readFleet(_ value: JSONValue, hasBroker: Bool, reader: ConfigReader) -> Fleet? {
        guard let fields = reader.object(value, at: "fleet", known: ["node", "groups", "prefix", "homeAssistant"]) else { return nil }
        let expected = "1 to \(Fleet.nameLimit) letters, digits, '-', '_' or '.'"
        let node: String? = if let given = fields.string("node", required: false) {
            checkedName(given, at: fields.path("node"), what: "a node", expected: expected, reader: reader)
        } else {
            Fleet.hostName ?? {
                fields.missing("node", expected: "the kiosk's name (\(expected)): the host name is not one")
                return nil
            }()
        }
        var groups: [String] = []
        for (i, entry) in (fields.array("groups", required: false, of: "group names") ?? []).enumerated() {
            let at = fields.path("groups") + "[\(i)]"
            guard let name = reader.string(entry, at: at),
                  let group = checkedName(name, at: at, what: "a group", expected: expected, reader: reader) else { continue }
            if groups.contains(group) {
                reader.report(at, "the group \"\(group)\" is listed twice: leave one out")
            } else if group == node {
                reader.report(at, "\"\(group)\" is the node's own name: a group names other kiosks too, give it another")
            } else {
                groups.append(group)
            }
        }
        let prefix = fields.string("prefix", required: false).flatMap { prefix -> String? in
            checkedPrefix(prefix, at: "prefix", like: "\"flick\" or \"acme/shops\"", expected: expected, fields: fields)
        } ?? (fields["prefix"] == nil ? Fleet.defaultPrefix : nil)
        var homeAssistant: String?
        switch fields["homeAssistant"] {
        case nil, .bool(false)?: break
        case .bool(true)?: homeAssistant = Fleet.homeAssistantPrefix
        case .string(let given)?:
            homeAssistant = checkedPrefix(given, at: "homeAssistant", like: "\"homeassistant\"", expected: expected, fields: fields)
        case let other?:
            fields.report("homeAssistant", "expected true (announce the kiosk under \"\(Fleet.homeAssistantPrefix)\"), false, or Home Assistant's discovery prefix, got \(other.shortDescription)")
        }
        if !hasBroker {
            reader.report("fleet", "a fleet talks through a broker, but the config has no \"mqtt\": add {\"mqtt\": {\"broker\": \"mqtt://host:1883\"}}")
        }
        guard let node, let prefix else { return nil }
        return Fleet(node: node, groups: groups, prefix: prefix, homeAssistant: homeAssistant)
    }

    /// `prefix` when it is topic levels of names between `/`, else nil after reporting why not.
    private static func checkedPrefix(_ prefix: String, at key: String, like example: String, expected: String, fields: ConfigFields) -> String? {
        guard prefix.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ Fleet.isName(String($0)) }) else {
            fields.report(key, "expected levels of \(expected) between '/' (like \(example)), got \(JSONValue.string(prefix).shortDescription)")
            return nil
        }
        return prefix
    }

    /// `name` when it may be a node or a group, else nil after reporting why not.
    private static func checkedName(_ name: String, at path: String, what: String, expected: String, reader: ConfigReader) -> String? {
        guard Fleet.isName(name) else {
            reader.report(path, "expected \(what) of \(expected), got \(JSONValue.string(name).shortDescription)")
            return nil
        }
        guard name != Fleet.everyone else {
            reader.report(path, "\"\(Fleet.everyone)\" addresses every kiosk: it cannot be \(what)'s name")
            return nil
        }
        return name
    }
}
