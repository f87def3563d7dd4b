/// A parsed JSON document that keeps object keys in file order, so validation reports the
/// first bad field as the reader sees it, and keeps numbers apart from booleans.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// How an error message shows a value it did not expect.
    public var shortDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): Self.numberText(n)
        case .string(let s): "\"\(escapingControlCharacters(s))\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A number as JSON text, without a pointless ".0".
    public static func numberText(_ number: Double) -> String {
        // Int64, not Int: Int is 32 bits on the armv7 panels.
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
