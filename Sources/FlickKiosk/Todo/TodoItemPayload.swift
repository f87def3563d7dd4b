import FlickJSON

/// One to-do item as JSON: the retained message of a shared list's item on the broker
/// (`<prefix>/<group>/todo/<list>/<id>`) and, the same object, each item in the store's file.
///
/// ```json
/// {"id": 1234567890123, "text": "Milk", "completed": false, "position": "a0V",
///  "versions": {"text": "0000018f3a2b4c5d-0003-cafe-1", "completed": "0000018f3a2b4c5d-0000-bar-2", "position": "…"}}
/// {"id": 1234567890123, "deleted": "0000018f3a2b4c60-0000-cafe-1"}
/// ```
///
/// The second form is a tombstone. `versions` holds each field's ``HLCTimestamp``; `position` is an ``OrderKey``.
/// Other fields are ignored (and not kept), so a later Flick may add some. A payload is at most
/// ``maximumBytes``.
package enum TodoItemPayload {
    /// 64 KiB: far more than an item's text on a kiosk, and small enough that a list of them stays well within what a
    /// store may hold.
    package static let maximumBytes = 64 << 10

    /// Why bytes are not an item.
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// One line of JSON.
    package static func encode(_ item: TodoItemState) -> [UInt8] { Array(json(item).text().utf8) }

    package static func json(_ item: TodoItemState) -> JSONValue {
        let id = ("id", JSONValue.number(Double(item.id)))
        switch item.life {
        case .deleted(let version):
            return .object([id, ("deleted", .string(version.text))])
        case .alive(let f):
            return .object([
                id, ("text", .string(f.text.value)), ("completed", .bool(f.completed.value)),
                ("position", .string(f.position.value.text)),
                ("versions", .object([("text", .string(f.text.version.text)), ("completed", .string(f.completed.version.text)),
                                      ("position", .string(f.position.version.text))])),
            ])
        }
    }

    /// The item `bytes` hold: UTF-8 JSON of at most ``maximumBytes``.
    package static func decode(_ bytes: [UInt8]) throws(Problem) -> TodoItemState {
        guard bytes.count <= maximumBytes else { throw Problem("larger than \(maximumBytes / 1024) KiB") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Problem("not valid UTF-8 text") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw Problem("line \(error.line), column \(error.column): \(error.message)")
        }
        return try item(value)
    }

    /// The item a parsed JSON value describes.
    package static func item(_ value: JSONValue) throws(Problem) -> TodoItemState {
        guard case .object(let members) = value else { throw Problem("not a JSON object") }
        func field(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        guard case .number(let n)? = field("id"), n >= 0, n == n.rounded(), n <= Double(TodoItemState.maximumID) else {
            throw Problem("id is not a whole number from 0 to 2^53 - 1")
        }
        let id = UInt64(n)
        if let deleted = field("deleted") {
            return TodoItemState(id: id, .deleted(at: try timestamp(deleted, "deleted")))
        }
        guard case .object(let versions)? = field("versions") else { throw Problem("versions is not an object (nor is deleted given)") }
        func version(_ key: String) throws(Problem) -> HLCTimestamp {
            guard let value = versions.first(where: { $0.key == key })?.value else { throw Problem("versions.\(key) is missing") }
            return try timestamp(value, "versions.\(key)")
        }
        guard case .string(let text)? = field("text") else { throw Problem("text is not a string") }
        guard case .bool(let completed)? = field("completed") else { throw Problem("completed is not true or false") }
        guard case .string(let key)? = field("position"), let position = OrderKey(text: key) else {
            throw Problem("position is not an order key (base-62 digits like \"a0V\")")
        }
        return TodoItemState(id: id, .alive(.init(text: Versioned(text, at: try version("text")),
                                                  completed: Versioned(completed, at: try version("completed")),
                                                  position: Versioned(position, at: try version("position")))))
    }

    private static func timestamp(_ value: JSONValue, _ name: String) throws(Problem) -> HLCTimestamp {
        guard case .string(let text) = value, let timestamp = HLCTimestamp(text: text) else {
            throw Problem("\(name) is not a clock time like \"0000018f3a2b4c5d-0003-cafe-1\"")
        }
        return timestamp
    }
}
