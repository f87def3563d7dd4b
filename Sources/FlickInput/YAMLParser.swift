import CYAML
import FlickJSON

/// The one document of a YAML text as a `YAMLNode` tree, built from libyaml's events.
///
/// Anchors and aliases are refused: libinput record writes none, and followed, a few kilobytes of them stand for a
/// billion nodes. Without them the tree is no larger than the text, which `InputFile` bounds.
enum YAMLParser {
    /// A recording nests seven levels (devices, a device, its events, a frame, its evdev list, an event); libyaml
    /// itself does not bound nesting, and the tree is walked and freed recursively.
    static let maximumDepth = 64

    /// The document in `yaml`, or nil when it holds none.
    static func document(in yaml: String) throws(YAMLError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw YAMLError(line: nil, message: "libyaml could not start: out of memory") }
        defer { yaml_parser_delete(&parser) }
        var text = yaml
        let result = text.withUTF8 { bytes -> Result<YAMLNode?, YAMLError> in
            // libyaml asserts a non-null input, which an empty string need not have.
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return .success(nil) }
            yaml_parser_set_input_string(&parser, start, bytes.count)
            return Result { () throws(YAMLError) in try tree(from: &parser, of: yaml) }
        }
        return try result.get()
    }

    /// A sequence or mapping whose end has not come yet; a mapping's keys and values alternate in `items`.
    private struct OpenCollection {
        var isMapping: Bool
        var line: Int
        var items: [YAMLNode] = []

        var node: YAMLNode {
            guard isMapping else { return YAMLNode(content: .sequence(items), line: line) }
            let pairs = stride(from: 0, to: items.count - 1, by: 2).map { (key: items[$0], value: items[$0 + 1]) }
            return YAMLNode(content: .mapping(pairs), line: line)
        }
    }

    private static func tree(from parser: inout yaml_parser_t, of yaml: String) throws(YAMLError) -> YAMLNode? {
        var open: [OpenCollection] = []
        var document: YAMLNode?
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLError(parser, in: yaml) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return document
            case YAML_DOCUMENT_START_EVENT where document != nil:
                throw YAMLError(line: line, message: "a second YAML document; a libinput recording is one")
            case YAML_ALIAS_EVENT:
                throw YAMLError(line: line, message: escapingControlCharacters(
                    "an alias (*\(String(cString: event.data.alias.anchor))): libinput record writes none, and they can multiply without bound; write the values out"))
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try refuse(anchor: scalar.anchor, at: line)
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                finished = YAMLNode(content: .scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                try refuse(anchor: isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor, at: line)
                guard open.count < maximumDepth else {
                    throw YAMLError(line: line, message: "nested more than \(maximumDepth) levels deep; a libinput recording nests 7")
                }
                open.append(OpenCollection(isMapping: isMapping, line: line))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                finished = open.removeLast().node
            default:
                break
            }
            if let finished {
                if open.isEmpty { document = finished } else { open[open.count - 1].items.append(finished) }
            }
        }
    }

    private static func refuse(anchor: UnsafeMutablePointer<yaml_char_t>?, at line: Int) throws(YAMLError) {
        guard let anchor else { return }
        throw YAMLError(line: line, message: escapingControlCharacters(
            "an anchor (&\(String(cString: anchor))): libinput record writes none, and aliases to it can multiply without bound; write the values out"))
    }
}

/// What is wrong with a YAML text, as one line at the 1-based line it names (the reader adds the file).
struct YAMLError: Error {
    var line: Int?
    var message: String
}

extension YAMLError {
    /// libyaml's error: its problem, and what it was parsing when that began on an earlier line.
    fileprivate init(_ parser: yaml_parser_t, in yaml: String) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            line = yaml.utf8.prefix(parser.problem_offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            message = "not valid YAML: \(problem)"
            if parser.problem_value >= 0 {
                message += " (U+\(String(UInt32(parser.problem_value), radix: 16, uppercase: true)))"
            }
        case YAML_MEMORY_ERROR:
            line = nil
            message = "libyaml ran out of memory"
        default:
            let mark = parser.problem_mark, context = parser.context_mark
            line = Int(mark.line) + 1
            message = "not valid YAML: \(problem)"
            if let what = parser.context, context.line != mark.line {
                message += " \(String(cString: what)) from line \(context.line + 1)"
            }
            if Self.character(line: Int(mark.line), column: Int(mark.column), in: yaml) == "\t" {
                message += "; YAML indents with spaces, not tabs"
            }
        }
        message = escapingControlCharacters(message)
    }

    /// The character at a libyaml mark, which counts lines and columns (in Unicode scalars) from 0.
    private static func character(line: Int, column: Int, in yaml: String) -> Unicode.Scalar? {
        let lines = yaml.unicodeScalars.split(separator: "\n", maxSplits: line + 1, omittingEmptySubsequences: false)
        guard line < lines.count else { return nil }
        return lines[line].dropFirst(column).first
    }
}
