/// `s` as a JSON string literal: quotes, backslashes and control characters escaped.
func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// Text from a file or the command line, safe to put in a one-line message on a terminal: control characters
/// (a newline would split the line, an escape sequence repaint the screen), format characters (a bidi override
/// would reorder it) and line separators come out as Swift escapes like `\n` and `\u{1B}`; the rest is kept.
package func escapingControlCharacters(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: out += scalar.escaped(asASCII: true)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
