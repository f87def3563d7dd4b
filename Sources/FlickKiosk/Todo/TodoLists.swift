#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's to-do lists: one ``TodoReplica`` per list name the config's to-do pages show, made when a config is
/// applied and kept across reloads while the config still shows the list, so two pages of one list and the page
/// made again after a reload all show the same replica. The pages scene owns it; the MQTT glue reads ``replicas``
/// after every ``PagesScene/apply(_:live:)`` to know which lists to subscribe to, and where.
package final class TodoLists {
    /// Where the stores are kept; nil keeps every list in memory only.
    let stateDirectory: String?
    let log: (String) -> Void
    /// The node this kiosk's versions are made for.
    package private(set) var node: String
    private var byName: [String: TodoReplica] = [:]

    package init(stateDirectory: String?, node: String = TodoSharing.hostNode(), log: @escaping (String) -> Void) {
        self.stateDirectory = stateDirectory
        self.node = node
        self.log = log
    }

    /// Every list, by name: what the glue wires (a replica whose `group` is nil is not shared).
    package var replicas: [TodoReplica] { byName.keys.sorted().map { byName[$0]! } }

    /// The replica of list `name`, made (and its store read) if no page showed it yet.
    package func replica(_ name: String) -> TodoReplica {
        if let replica = byName[name] { return replica }
        let store = stateDirectory.map { TodoStore(directory: $0, list: name, node: node, log: log) }
        let replica = TodoReplica(list: name, store: store, node: node, log: log)
        byName[name] = replica
        return replica
    }

    /// The lists `config` shows, each shared as it says; lists it no longer shows are let go.
    func update(for config: KioskConfig) {
        node = TodoSharing.node(of: config)
        let groups = TodoSharing.groups(of: config)
        byName = byName.filter { groups.keys.contains($0.key) }
        for (name, group) in groups {
            let replica = replica(name)
            replica.group = group
            replica.clock.node = node
            replica.store?.node = node
        }
    }

    /// Saves what arrived from the broker for any list (``TodoReplica/saveReceived()``): the pages scene does at every
    /// frame; the glue may after a burst of messages too, as no frame is drawn while the screen is blanked.
    package func saveReceived() {
        for replica in byName.values { replica.saveReceived() }
    }

    var needsSave: Bool { byName.values.contains { $0.needsSave } }
}

/// Who a kiosk's to-do lists are shared with, from its config.
package enum TodoSharing {
    /// This machine's host name, the node name when the config gives none; its characters outside a node name's
    /// (letters, digits, `-`, `_`, `.`) become `_`.
    package static func hostNode() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let node = String(host.unicodeScalars.prefix(64).map { scalar in
            HLCTimestamp.isNodeName(String(scalar)) ? Character(scalar) : "_"
        })
        return node.isEmpty ? "localhost" : node
    }

    /// The node name `config` gives this kiosk.
    static func node(of config: KioskConfig) -> String {
        config.fleet?.node ?? hostNode()
    }

    /// Each list the config's to-do pages show, and the group it is shared with (nil: this kiosk's alone).
    static func groups(of config: KioskConfig) -> [String: String?] {
        let firstGroup = config.fleet?.groups.first
        var groups: [String: String?] = [:]
        for page in config.pages {
            guard let todo = page.content.kind as? KioskConfig.Todo else { continue }
            switch todo.share {
            case .firstGroup: groups.updateValue(firstGroup, forKey: todo.list)
            case .local: groups.updateValue(nil, forKey: todo.list)
            case .group(let group): groups.updateValue(group, forKey: todo.list)
            }
        }
        return groups
    }

    /// A fleet group's name: 1 to 64 letters, digits, `-`, `_` or `.`, and not `all` (which means every kiosk).
    static func isGroupName(_ name: String) -> Bool { HLCTimestamp.isNodeName(name) && name != "all" }
}
