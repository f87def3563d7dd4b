import FlickJSON
import FlickKiosk

/// The fleet's topics under one prefix, as the kiosks publish and subscribe to them (docs/remote.md lists them):
/// `P/N/status`, `P/N/state/<what>` from each kiosk, `P/<node|group|all>/command/<verb>` to them.
struct RemoteTopics {
    let prefix: String

    /// The retained state `list` and `follow` read: every kiosk's status, health and page.
    var retainedState: [String] { ["\(prefix)/+/status", "\(prefix)/+/state/health", "\(prefix)/+/state/page"] }

    /// `P/<node>/state/<what>`, or every node's with `+`.
    func state(_ what: String, of node: String = "+") -> String { "\(prefix)/\(node)/state/\(what)" }

    /// `P/<target>/command/<verb>`: a node, a group or `all`.
    func command(_ verb: String, to target: String) -> String { "\(prefix)/\(target)/command/\(verb)" }

    /// Where this remote checks that the broker has handed over everything before it (its own topic under the
    /// prefix, so a broker whose access list allows the fleet's topics allows it; no kiosk subscribes to it).
    func probe(clientID: String) -> String { "\(prefix)/remote/\(clientID)/settled" }

    /// What a message on `topic` says about which kiosk, or nil for a topic that is not a kiosk's.
    func message(topic: String, payload: [UInt8]) -> FleetMessage? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count >= 2, !levels[0].isEmpty else { return nil }
        let rest = levels.dropFirst().joined(separator: "/")
        let kind: FleetMessage.Kind? = if rest == "status" {
            .status
        } else if rest.hasPrefix("state/"), let kind = FleetMessage.Kind(rawValue: String(rest.dropFirst(6))), kind != .status {
            kind
        } else {
            nil
        }
        return kind.map { FleetMessage(node: String(levels[0]), kind: $0, payload: payload) }
    }
}

/// One message from a kiosk.
struct FleetMessage {
    /// `status`, else the last level of `state/<kind>`.
    enum Kind: String {
        case status, health, page, config, screenshot, error
    }

    let node: String
    let kind: Kind
    let payload: [UInt8]

    var text: String { String(decoding: payload, as: UTF8.self) }

    /// The payload as JSON, or nil when it is none (an empty payload clears a retained message).
    var json: JSONValue? { payload.isEmpty ? nil : try? JSONParser.parse(payload) }
}

/// Node, group and prefix names as the fleet's config allows them: letters, digits, `-`, `_` and `.`, 1 to 64
/// characters, so that each is exactly one topic level with no wildcard.
enum FleetName {
    static let longest = KioskConfig.Fleet.nameLimit

    /// What is wrong with `name` as a `what` (a node or group, a prefix level), or nil when it is fine.
    static func problem(_ name: String, as what: String) -> String? {
        if name.isEmpty { return "the \(what) is empty" }
        guard KioskConfig.Fleet.isName(name) else {
            return "the \(what) '\(escapingControlCharacters(name))' must be 1 to \(longest) letters, digits, '-', '_' or '.'"
        }
        return nil
    }
}

extension JSONValue {
    /// The member `key` of an object, else nil.
    subscript(member key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
}
