import FlickJSON

/// The store's file format, version 2: the whole replica of one list — every item with its fields' versions
/// (``TodoItemPayload``, one per line: the items alive in list order, then the tombstones), and the latest clock time
/// the kiosk made or saw, so its clock never goes back across a restart:
///
/// ```json
/// {"version": 2, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": [
///   {"id": 8512993021, "text": "Milk", "completed": false, "position": "a0", "versions": {…}},
///   {"id": 4419875230, "deleted": "0000018f3a2b4c5d-0001-cafe-1"}
/// ]}
/// ```
///
/// Version 1 (`{"version": 1, "items": [{"id": 7, "text": "Milk", "completed": false}, …]}`, in list order) is read
/// too, and migrated: see ``migrated(_:node:)``. It is written as version 2 at the next change.
package enum TodoFile {
    static let version = 2

    /// What a file holds.
    package struct Contents: Equatable, Sendable {
        package var list: TodoListState
        /// The latest clock time it had made or seen; nil for a version 1 file.
        package var clock: HLCTimestamp?

        package init(list: TodoListState, clock: HLCTimestamp?) {
            self.list = list
            self.clock = clock
        }
    }

    package static func encode(_ list: TodoListState, clock: HLCTimestamp) -> [UInt8] {
        let alive = list.order.map { list[$0]! }
        let tombstones = list.entries.values.filter(\.isDeleted).sorted { $0.id < $1.id }
        let file = JSONValue.object([
            ("version", .number(Double(version))),
            ("clock", .string(clock.text)),
            ("items", .array((alive + tombstones).map(TodoItemPayload.json))),
        ])
        return Array((file.text(rows: true) + "\n").utf8)
    }

    /// At least the size of `list`'s file: its items' payloads, each on a line of its own, and the header.
    package static func sizeBound(_ list: TodoListState) -> Int { sizeBound(payloadBytes: list.payloadBytes, entries: list.entries.count) }

    /// The same of a list of `entries` items whose payloads are `payloadBytes` together.
    package static func sizeBound(payloadBytes: Int, entries: Int) -> Int { payloadBytes + 4 * entries + 160 }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The contents of a version 2 file, or a version 1 file migrated for `node`.
    package static func decode(_ bytes: [UInt8], node: String) throws -> Contents {
        // Read as UTF-8 with replacement characters, a Latin-1 store would be rewritten at the first edit and its
        // bytes lost: it is damaged, and moved aside like any damaged store.
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw Problem(description: "not valid UTF-8 text")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Problem(description: "line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .object(let fields) = root else { throw Problem(description: "not a JSON object") }
        func field(_ key: String) -> JSONValue? { fields.first { $0.key == key }?.value }
        guard case .array(let entries)? = field("items") else { throw Problem(description: "items is not an array") }
        switch field("version") {
        case .number(1)?:
            return Contents(list: migrated(try version1(entries), node: node), clock: nil)
        case .number(Double(version))?:
            guard case .string(let text)? = field("clock"), let clock = HLCTimestamp(text: text) else {
                throw Problem(description: "clock is not a clock time like \"0000018f3a2b4c5d-0003-cafe-1\"")
            }
            var list = TodoListState()
            for (index, entry) in entries.enumerated() {
                let item: TodoItemState
                do {
                    item = try TodoItemPayload.item(entry)
                } catch {
                    throw Problem(description: "items[\(index)]: \(error)")
                }
                guard list[item.id] == nil else { throw Problem(description: "items[\(index)].id \(item.id) appears twice") }
                list.merge(item)
            }
            return Contents(list: list, clock: clock)
        default:
            throw Problem(description: "version is not 1 or \(version)")
        }
    }

    private static func version1(_ entries: [JSONValue]) throws -> [TodoItem] {
        var seen: Set<UInt64> = []
        return try entries.enumerated().map { index, entry in
            guard case .object(let f) = entry,
                  case .number(let id)? = f.first(where: { $0.key == "id" })?.value, id >= 0, id == id.rounded(), id < 9e15,
                  case .string(let text)? = f.first(where: { $0.key == "text" })?.value,
                  case .bool(let completed)? = f.first(where: { $0.key == "completed" })?.value
            else { throw Problem(description: "items[\(index)] needs a whole-number id, a text string and completed true/false") }
            guard seen.insert(UInt64(id)).inserted else { throw Problem(description: "items[\(index)].id \(Int(id)) appears twice") }
            return TodoItem(id: UInt64(id), text: text, completed: completed)
        }
    }

    /// A version 1 list as a replica: its items in their order (``OrderKey/sequence(_:)``), every field at version
    /// zero from `node`, so any later change anywhere wins. Version 1 numbered items 1, 2, 3 on every kiosk: kept,
    /// the first item of one kiosk's list and the first of another's would be taken for one item the day the two
    /// share a list, and one text lost. Each id is therefore made anew from `node` and the old id (the same every
    /// time the file is read, so items published before the file is rewritten keep their ids).
    package static func migrated(_ items: [TodoItem], node: String) -> TodoListState {
        plain(items.map { TodoItem(id: migratedID($0.id, node: node), text: $0.text, completed: $0.completed) }, node: node)
    }

    /// `items` as a replica, in their order, ids kept, every field at version zero from `node`.
    package static func plain(_ items: [TodoItem], node: String) -> TodoListState {
        let zero = HLCTimestamp.zero(node: node)
        return TodoListState(zip(items, OrderKey.sequence(items.count)).map { item, key in
            TodoItemState(id: item.id, text: item.text, completed: item.completed, position: key, at: zero)
        })
    }

    /// FNV-1a of the node and the old id, cut to an id's 53 bits.
    static func migratedID(_ id: UInt64, node: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(node.utf8) + [0] + Array(String(id).utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash & TodoItemState.maximumID
    }
}
