import FlickJSON

/// The store's file format: `{"version": 1, "items": [{"id": 7, "text": "Milk", "completed": false}, …]}`,
/// in list order.
package enum TodoFile {
    static let version = 1

    package static func encode(_ items: [TodoItem]) -> [UInt8] {
        let file = JSONValue.object([
            ("version", .number(Double(version))),
            ("items", .array(items.map { item in
                .object([("id", .number(Double(item.id))), ("text", .string(item.text)), ("completed", .bool(item.completed))])
            })),
        ])
        return Array((file.text(rows: true) + "\n").utf8)
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    package static func decode(_ bytes: [UInt8]) throws -> [TodoItem] {
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
        guard case .number(let v)? = fields.first(where: { $0.key == "version" })?.value, v == Double(version) else {
            throw Problem(description: "version is not \(version)")
        }
        guard case .array(let entries)? = fields.first(where: { $0.key == "items" })?.value else {
            throw Problem(description: "items is not an array")
        }
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
}
