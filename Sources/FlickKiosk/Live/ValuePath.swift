import FlickJSON

/// Where a bound value sits inside a JSON payload: `"celsius"`, `"line.temperature"`, `"readings[0].value"` — keys
/// separated by dots, array indexes in brackets. The empty path is the whole payload.
public struct ValuePath: Sendable, Equatable, CustomStringConvertible {
    /// One step into a JSON value.
    public enum Step: Sendable, Equatable {
        /// A key of an object.
        case key(String)
        /// An index into an array, from 0.
        case index(Int)
    }

    /// The steps, outermost first.
    public let steps: [Step]

    /// The path `text` spells, or nil when it is not one (an empty key, an unclosed bracket, an index that is not a
    /// whole number).
    public init?(_ text: String) {
        var steps: [Step] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      index >= 0 else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
                if rest.first == "." {
                    rest = rest.dropFirst()
                    if rest.isEmpty || rest.first == "[" { return nil }
                } else if let next = rest.first, next != "[" {
                    return nil
                }
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            guard end > rest.startIndex else { return nil }
            steps.append(.key(String(rest[..<end])))
            rest = rest[end...]
            if rest.first == "." { rest = rest.dropFirst(); if rest.isEmpty { return nil } }
        }
        self.steps = steps
    }

    /// The value at this path in `value`, or nil where a step finds no key, no such index, or not an object or array.
    public func value(in value: JSONValue) -> JSONValue? {
        var current = value
        for step in steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let next = members.first(where: { $0.key == key })?.value else { return nil }
                current = next
            case (.index(let i), .array(let elements)):
                guard i < elements.count else { return nil }
                current = elements[i]
            default:
                return nil
            }
        }
        return current
    }

    /// The path as the config spells it.
    public var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }
}
