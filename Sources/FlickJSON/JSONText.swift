extension JSONValue {
    /// The value as JSON text — Flick's one JSON writer. Members and elements are separated by `", "` and keys by
    /// `": "`, on one line; with `rows`, an array whose elements are objects or arrays puts each on a line of its own,
    /// indented two spaces, as a file a person reads and diffs (a to-do list, a touch script) wants. Strings are
    /// escaped as RFC 8259 requires; numbers are written as ``numberText(_:)`` does.
    public func text(rows: Bool = false) -> String {
        var out = ""
        write(to: &out, rows: rows)
        return out
    }

    private func write(to out: inout String, rows: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.numberText(n)
        case .string(let s): out += jsonQuoted(s)
        case .array(let elements):
            let onLines = rows && !elements.isEmpty && elements.allSatisfy(\.isContainer)
            out += "["
            for (i, element) in elements.enumerated() {
                out += onLines ? (i == 0 ? "\n  " : ",\n  ") : (i == 0 ? "" : ", ")
                element.write(to: &out, rows: false)
            }
            out += onLines ? "\n]" : "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                out += (i == 0 ? "" : ", ") + jsonQuoted(member.key) + ": "
                member.value.write(to: &out, rows: rows)
            }
            out += "}"
        }
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
