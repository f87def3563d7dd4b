/// A parsed JSON document that keeps object keys in file order, so validation reports the
/// first bad field as the reader sees it, and keeps numbers apart from booleans.
///
/// A kind of page reads its fields from a kiosk config through `ConfigFields` (FlickKiosk), whose subscript and
/// `array` hand out these values for anything its typed readers do not cover.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number, as a double (integers up to 2⁵³ exactly).
    case number(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object's members in the order the file has them (a key appears once: a duplicate is a syntax error).
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
