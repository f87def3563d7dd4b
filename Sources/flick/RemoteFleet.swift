import FlickJSON

/// What the broker holds about one kiosk: its last status, health and page (retained, so a kiosk that went away
/// unannounced is still known, with its last will's `offline`).
struct KioskRecord: Equatable {
    let node: String
    var status: String?
    var health: JSONValue?
    var page: JSONValue?

    var isOnline: Bool { status == "online" }

    /// The groups its last health report lists.
    var groups: [String] {
        guard case .array(let names) = health?[member: "groups"] else { return [] }
        return names.compactMap(\.stringValue)
    }

    /// The page id it last said it shows.
    var pageID: String? { page?[member: "page"]?.stringValue }

    /// A field of its last health report: nil when the kiosk did not send it, or sent null.
    func health(_ key: String) -> JSONValue? {
        guard let value = health?[member: key], value != .null else { return nil }
        return value
    }

    /// One JSON object for scripts: the node, its status, and its page and health as the kiosk sent them.
    var json: JSONValue {
        .object([("node", .string(node)), ("status", status.map(JSONValue.string) ?? .null),
                 ("page", page ?? .null), ("health", health ?? .null)])
    }
}

/// The fleet as the broker's retained messages describe it, kept up to date as they change.
struct FleetView {
    private var records: [String: KioskRecord] = [:]

    /// Every kiosk known, by node name.
    var kiosks: [KioskRecord] { records.values.sorted { $0.node < $1.node } }

    func kiosk(_ node: String) -> KioskRecord? { records[node] }

    /// Takes in a status, health or page message (an empty payload clears it); true when it changed what is known.
    @discardableResult
    mutating func apply(_ message: FleetMessage) -> Bool {
        var record = records[message.node] ?? KioskRecord(node: message.node)
        switch message.kind {
        case .status: record.status = message.payload.isEmpty ? nil : message.text
        case .health: record.health = message.json
        case .page: record.page = message.json
        case .config, .screenshot, .error: return false
        }
        guard record != records[message.node] else { return false }
        let forgotten = record.status == nil && record.health == nil && record.page == nil
        records[message.node] = forgotten ? nil : record
        return true
    }

    /// The online kiosk named `node`, or why there is none to ask: no kiosk at all, an unknown name (with the names
    /// there are), or offline.
    func online(_ node: String, broker: String, topics: RemoteTopics) throws(RemoteFailure) -> KioskRecord {
        guard !records.isEmpty else { throw .noKiosks(broker: broker, topics: topics) }
        guard let kiosk = records[node] else {
            throw RemoteFailure(.fleet, "no kiosk on \(broker) is named '\(escapingControlCharacters(node))' (nodes: \(nodeNames))")
        }
        guard kiosk.isOnline else { throw RemoteFailure(.fleet, "\(node) is offline: nothing sent") }
        return kiosk
    }

    private var nodeNames: String { kiosks.map(\.node).joined(separator: ", ") }

    /// The kiosks a command on `P/<target>/command/…` reaches: the node of that name and every kiosk whose health
    /// lists it as a group, or with `all` every kiosk online.
    func members(of target: String) -> [KioskRecord] {
        target == RemoteTarget.all ? kiosks.filter(\.isOnline) : kiosks.filter { $0.node == target || $0.groups.contains(target) }
    }

    /// The kiosks a command to `target` (a node or a group) reaches, online or not, or why there are none: no kiosk
    /// at all, or an unknown name (with the names there are).
    func known(_ target: String, broker: String, topics: RemoteTopics) throws(RemoteFailure) -> [KioskRecord] {
        guard !records.isEmpty else { throw .noKiosks(broker: broker, topics: topics) }
        let members = members(of: target)
        guard members.isEmpty, target != RemoteTarget.all else { return members }
        let groups = Set(kiosks.flatMap(\.groups)).sorted()
        throw RemoteFailure(.fleet, "no kiosk on \(broker) is named '\(escapingControlCharacters(target))' or in a group of that name "
            + "(nodes: \(nodeNames); groups: \(groups.isEmpty ? "none" : groups.joined(separator: ", ")))")
    }

    /// The kiosks a command to `target` reaches, at least one of them online, or why there are none to send it to:
    /// no kiosk at all, an unknown name, or nobody online.
    func reach(_ target: String, broker: String, topics: RemoteTopics) throws(RemoteFailure) -> [KioskRecord] {
        let members = try known(target, broker: broker, topics: topics)
        guard !members.contains(where: \.isOnline) else { return members }
        if target == RemoteTarget.all {
            throw RemoteFailure(.fleet, "none of the \(records.count) kiosks on \(broker) is online (flick remote list shows them)")
        }
        let names = members.map(\.node).joined(separator: ", ")
        throw RemoteFailure(.fleet, "\(members.count == 1 ? "\(names) is" : "its kiosks \(names) are") offline: nothing sent")
    }
}

/// Who a command goes to: a node, a group, or every kiosk.
enum RemoteTarget {
    /// The name every kiosk listens to, which no node or group may have.
    static let all = "all"

    /// `name` as the command line gave it, checked as a node or group name (or `all` when `allowsAll`).
    static func check(_ name: String, allowsAll: Bool = true) -> String? {
        if name == all { return allowsAll ? nil : "'all' names every kiosk: name one node" }
        return FleetName.problem(name, as: allowsAll ? "node or group" : "node")
    }
}
