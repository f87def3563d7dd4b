/// Invalid JSON, located by 1-based line and column (columns count bytes).
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let message: String

    package var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser; written here rather than using JSONSerialization so errors carry
/// a line and column and duplicate keys are caught.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private static let maximumDepth = 256

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        // A UTF-8 byte-order mark is harmless; editors on other systems add it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? index, bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
        return JSONSyntaxError(line: line, column: end - lineStart + 1, message: message)
    }

    /// Says so when the text ends early: a truncated file is the usual cause.
    private func expected(_ what: String) -> JSONSyntaxError {
        error(current == nil ? "unexpected end of file, expected \(what)" : "expected \(what)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let b = current else { throw expected("a value") }
        switch b {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found '\(Character(Unicode.Scalar(b)))'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("expected a value")
        }
        index += w.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var entries: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(entries) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw expected("a field name in double quotes") }
            let keyOffset = index
            let key = try string()
            guard seen.insert(key).inserted else { throw error("duplicate field \"\(key)\"", at: keyOffset) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw expected("':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            entries.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(entries)
            default: throw expected("',' or '}' in object")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw expected("',' or ']' in array")
            }
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw error("unterminated string") }
            index += 1
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = current else { throw error("unterminated string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
                       index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            case 0..<0x20: throw error("control character in string (use \\n, \\t)", at: index - 1)
            default: out.append(b)
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while let b = p.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { p.index += 1 }
            return p.index - s
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw error("expected a digit") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("numbers may not have leading zeros", at: intStart) }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number \(text) is out of range", at: start) }
        return v
    }
}
