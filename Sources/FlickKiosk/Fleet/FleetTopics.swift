/// The topics of one kiosk in a fleet, as the fleet's interface names them (<doc:Fleet>): `P/N/status`,
/// `P/N/state/…`, and the commands it takes on `P/N/command/<verb>`, `P/G/command/<verb>` for each of its groups and
/// `P/all/command/<verb>` (P the prefix, N the node, G a group).
package struct FleetTopics: Sendable, Equatable {
    /// The fleet the topics are of.
    package let fleet: KioskConfig.Fleet

    /// What the status topic says while the kiosk is connected.
    package static let online = "online"
    /// What it says once the kiosk said goodbye, or its connection broke (the will).
    package static let offline = "offline"

    package init(_ fleet: KioskConfig.Fleet) { self.fleet = fleet }

    private var node: String { "\(fleet.prefix)/\(fleet.node)" }

    /// `P/N/status`: retained `online` or `offline`.
    package var status: String { "\(node)/status" }
    /// `P/N/state/page`: retained `{"page", "language"}`.
    package var page: String { "\(node)/state/page" }
    /// `P/N/state/health`: retained, on change and at least once a minute.
    package var health: String { "\(node)/state/health" }
    /// `P/N/state/config`: retained, the answer to `command/config`.
    package var config: String { "\(node)/state/config" }
    /// `P/N/state/screenshot`: a PNG, the answer to `command/screenshot`.
    package var screenshot: String { "\(node)/state/screenshot" }
    /// `P/N/state/error`: one line for a refused command.
    package var error: String { "\(node)/state/error" }

    /// `P/N/command/<verb>`: a command to this kiosk alone.
    package func command(_ verb: String) -> String { "\(node)/command/\(verb)" }

    /// The filters of the commands the kiosk takes: to the node, to each group, to all.
    package var commandFilters: [String] {
        ([fleet.node] + fleet.groups + [KioskConfig.Fleet.everyone]).map { "\(fleet.prefix)/\($0)/command/+" }
    }

    /// `P/G/todo/<list>/<itemID>`: an item of group `group`'s shared list `list`.
    package func todoItem(group: String, list: String, item: String) -> String { "\(fleet.prefix)/\(group)/todo/\(list)/\(item)" }

    /// `P/G/todo/<list>/+`: every item of group `group`'s shared list `list`.
    package func todoList(group: String, list: String) -> String { "\(fleet.prefix)/\(group)/todo/\(list)/+" }

    /// The verb of a command on `topic` (its last level), when `topic` is one of the command topics.
    package func verb(of topic: String) -> Substring? {
        guard let slash = topic.lastIndex(of: "/") else { return nil }
        let head = topic[..<slash]
        guard head.hasSuffix("/command") else { return nil }
        return topic[topic.index(after: slash)...]
    }
}
