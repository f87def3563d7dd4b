import FlickJSON

/// A node of a YAML document as `YAMLParser` builds it, with the 1-based line it starts on. Tags are not kept:
/// libinput record writes none, and the recording reader compares scalars by their text.
struct YAMLNode {
    enum Content {
        /// The text; `isPlain` when unquoted, so that an empty plain value (`quirks:`) can stand for nothing.
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        /// Key/value pairs in the file's order.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    var content: Content
    var line: Int

    var scalar: String? {
        if case .scalar(let text, _) = content { text } else { nil }
    }

    var isEmptyPlainScalar: Bool {
        if case .scalar("", isPlain: true) = content { true } else { false }
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { items } else { nil }
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs) = content { pairs } else { nil }
    }

    /// The node as an error quotes it: in flow style on one line, control characters escaped, cut short.
    var quoted: String {
        var text = ""
        write(to: &text)
        if text.unicodeScalars.count > Self.quotedLength { text = String(text.unicodeScalars.prefix(Self.quotedLength)) + "…" }
        return escapingControlCharacters(text)
    }

    private static let quotedLength = 80

    private func write(to text: inout String) {
        guard text.utf8.count <= Self.quotedLength else { return }
        switch content {
        case .scalar(let scalar, _):
            text += scalar
        case .sequence(let items):
            text += "["
            for (i, item) in items.enumerated() where text.utf8.count <= Self.quotedLength {
                text += i == 0 ? "" : ", "
                item.write(to: &text)
            }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for (i, pair) in pairs.enumerated() where text.utf8.count <= Self.quotedLength {
                text += i == 0 ? "" : ", "
                pair.key.write(to: &text)
                text += ": "
                pair.value.write(to: &text)
            }
            text += "}"
        }
    }
}
