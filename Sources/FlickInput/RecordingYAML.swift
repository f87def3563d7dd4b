/// One logical line of the YAML that `libinput record` writes, placed in the document by the keys above it.
///
/// libinput record prints its YAML with fixed indentation and no anchors, block scalars or multi-document
/// streams, so a line reader that tracks indentation is all it takes: block mappings, block sequences (items
/// at their parent key's indentation, as libinput writes them), flow sequences and mappings on one line or, like
/// the `hid:` report descriptors, over several, comments, and quoted strings.
struct RecordingYAMLLine: Hashable, Sendable {
    /// The block keys this line sits under, outermost first: `["devices", "events", "evdev"]`.
    var path: [String]
    /// The line starts a sequence item (`- `).
    var isItem: Bool
    /// The key of a `key: value` line.
    var key: String?
    /// The scalar or flow text after the key (or the whole item); empty when a block follows.
    var value: String
    /// 1-based, for error messages; a flow value spread over lines reports its first.
    var number: Int
}

struct RecordingYAMLError: Error {
    var line: Int
    var message: String
}

enum RecordingYAML {
    static func lines(of text: String) throws(RecordingYAMLError) -> [RecordingYAMLLine] {
        var result: [RecordingYAMLLine] = []
        var stack: [(indent: Int, key: String)] = []
        let raw = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var index = 0
        while index < raw.count {
            let number = index + 1
            var line = stripComment(String(raw[index]))
            index += 1
            let indent = line.prefix { $0 == " " }.count
            var content = line.dropFirst(indent)
            while content.last == " " || content.last == "\t" || content.last == "\r" { content.removeLast() }
            if content.isEmpty { continue }
            if content.first == "\t" { throw RecordingYAMLError(line: number, message: "a tab in the indentation (YAML indents with spaces)") }

            var isItem = false
            var keyIndent = indent
            if content == "-" || content.hasPrefix("- ") {
                isItem = true
                let afterDash = content.dropFirst()
                let spaces = afterDash.prefix { $0 == " " }.count
                keyIndent = indent + 1 + spaces
                content = afterDash.dropFirst(spaces)
            }
            while let top = stack.last, top.indent > indent || (top.indent == indent && !isItem) {
                stack.removeLast()
            }

            var key: String?
            var value = String(content)
            if let colon = keySeparator(in: content) {
                key = String(content[..<colon])
                value = String(content[content.index(after: colon)...].drop { $0 == " " })
            }
            // A flow collection may go on over the following lines until its brackets close.
            if value.first == "[" || value.first == "{" {
                while !isBalanced(value) {
                    guard index < raw.count else {
                        throw RecordingYAMLError(line: number, message: "\(value.first!) is never closed")
                    }
                    line = stripComment(String(raw[index]))
                    index += 1
                    value += " " + line.trimmingSpaces
                }
            }
            result.append(RecordingYAMLLine(path: stack.map(\.key), isItem: isItem, key: key, value: value, number: number))
            if let key, value.isEmpty { stack.append((keyIndent, key)) }
        }
        return result
    }

    /// Drops a `#` comment: one at the start or after a space, outside quotes.
    private static func stripComment(_ line: String) -> String {
        var quote: Character?
        var escaped = false
        var previous: Character = " "
        for i in line.indices {
            let c = line[i]
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                return String(line[..<i])
            }
            previous = c
        }
        return line
    }

    /// The colon of `key: value` or `key:`, outside quotes and brackets.
    private static func keySeparator(in content: Substring) -> Substring.Index? {
        guard let first = content.first, first != "[", first != "{" else { return nil }
        var quote: Character?
        for i in content.indices {
            let c = content[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ":" {
                let next = content.index(after: i)
                if next == content.endIndex || content[next] == " " { return i }
            }
        }
        return nil
    }

    private static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
            }
        }
        return depth <= 0
    }

    /// The elements of a one-level flow sequence `[a, b, c]`, or nil if `text` is not one.
    static func flowSequence(_ text: String) -> [String]? {
        guard text.first == "[", text.last == "]" else { return nil }
        let inner = text.dropFirst().dropLast().trimmingSpaces
        if inner.isEmpty { return [] }
        return inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
    }

    static func unquoted(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
