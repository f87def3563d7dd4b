import FlickJSON

/// What a message or a file holds, as the value a source is bound to: JSON when it is JSON (`21.5`, `"on"`,
/// `{"celsius": 21.5}`), else its text with the surrounding white space trimmed (`21.5\n` from sysfs, `open`).
package enum LivePayload {
    /// Longest text kept as a value: a label, not a document.
    package static let textLimit = 4096

    /// What a payload is, read once for every source it goes to.
    enum Contents {
        /// A JSON document.
        case json(JSONValue)
        /// Text that is not JSON, white space around it trimmed.
        case text(String)
        /// Neither: bytes that are not UTF-8.
        case binary
    }

    /// `bytes` read as JSON, else as text.
    static func contents(of bytes: [UInt8]) -> Contents {
        if let json = try? JSONParser.parse(bytes) { return .json(json) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .binary }
        return .text(text.trimmingWhiteSpace())
    }

    /// The value at `path` in `bytes`, or why there is none, in one line.
    static func value(of bytes: [UInt8], at path: ValuePath?) -> Result<JSONValue, LiveValueProblem> {
        value(of: contents(of: bytes), at: path)
    }

    /// The value at `path` in `contents`, or why there is none, in one line.
    static func value(of contents: Contents, at path: ValuePath?) -> Result<JSONValue, LiveValueProblem> {
        let document: JSONValue
        switch contents {
        case .binary:
            return .failure(.notText)
        case .text(let trimmed):
            guard path == nil else { return .failure(.notJSON) }
            guard trimmed.utf8.count <= textLimit else { return .failure(.tooLong) }
            guard let number = Double(trimmed) else { return .success(.string(trimmed)) }
            return number.isFinite ? .success(.number(number)) : .failure(.notFinite)
        case .json(let json):
            document = json
        }
        guard let path else { return checked(document) }
        guard let value = path.value(in: document) else { return .failure(.noValue(at: path)) }
        return checked(value)
    }

    /// Numbers must be finite to be shown; strings short enough to be one.
    private static func checked(_ value: JSONValue) -> Result<JSONValue, LiveValueProblem> {
        switch value {
        case .number(let n) where !n.isFinite: .failure(.notFinite)
        case .string(let s) where s.utf8.count > textLimit: .failure(.tooLong)
        default: .success(value)
        }
    }
}

/// Why a payload gave no value to show.
enum LiveValueProblem: Error, Equatable, CustomStringConvertible {
    case notText, notJSON, tooLong, notFinite
    case noValue(at: ValuePath)

    var description: String {
        switch self {
        case .notText: "not text (binary data)"
        case .notJSON: "not JSON, so it has no path to look into"
        case .tooLong: "longer than \(LivePayload.textLimit) bytes"
        case .notFinite: "not a finite number (NaN, infinity, or past 1.8e308)"
        case .noValue(let path): "no value at \"\(path)\""
        }
    }
}

extension String {
    func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
