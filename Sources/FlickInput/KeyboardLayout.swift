/// A keyboard layout by its XKB name — `de`, `ru`, `ara`, `il` — with a variant as `de(nodeadkeys)`.
public struct KeyboardLayout: Sendable, Equatable, CustomStringConvertible {
    /// The layout's XKB name (`de`).
    public let layout: String
    /// The variant in parentheses (`nodeadkeys`), or nil.
    public let variant: String?

    /// nil unless `text` is a name (letters, digits, `_`, `-`), optionally followed by a variant in parentheses.
    public init?(_ text: String) {
        let name = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let layout = text[..<open], variant = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard name(layout), name(variant) else { return nil }
            self.layout = String(layout); self.variant = String(variant)
        } else {
            guard name(text[...]) else { return nil }
            layout = text; variant = nil
        }
    }

    /// The layout as written: `de` or `de(nodeadkeys)`.
    public var description: String { variant.map { "\(layout)(\($0))" } ?? layout }

    /// What a config's `input.keyboard` must be, for an error line that shows what it got.
    package static func expectation(got: String) -> String {
        "expected a keyboard layout XKB has (a name from /usr/share/X11/xkb/symbols, like \"de\", \"ru\", \"ara\" or \"de(nodeadkeys)\"), got \(got)"
    }
}
