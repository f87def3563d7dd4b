import FlickJSON
import Yams

/// What libyaml (through Yams) found wrong with a file's YAML, as one line at the line it names: Yams' own
/// description spans lines, with a snippet and a caret under the column.
struct YAMLSyntaxError {
    var line: Int?
    var message: String

    init(_ error: any Error, in yaml: String) {
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            line = mark.line
            message = "not valid YAML: \(problem)"
            if let context, context.mark.line != mark.line { message += " \(context.text) from line \(context.mark.line)" }
            if Self.character(at: mark, in: yaml) == "\t" { message += "; YAML indents with spaces, not tabs" }
        case .reader(let problem, let offset, let value, _):
            line = offset.map { yaml.prefix($0).reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
            message = "not valid YAML: \(problem) (U+\(String(UInt32(bitPattern: value), radix: 16, uppercase: true)))"
        case .duplicatedKeysInMapping(let duplicates, let context):
            line = context.mark.line
            message = "`\(duplicates.first ?? "")` is a key twice in one map; keep one of them"
        default:
            line = nil
            message = "not valid YAML: \(error)"
        }
        message = escapingControlCharacters(message)
    }

    func recordingError(file: String) -> LibinputRecordingError {
        LibinputRecordingError(file: file, line: line, message: message)
    }

    /// The character a mark points at; libyaml counts columns in Unicode scalars from 1.
    private static func character(at mark: Mark, in yaml: String) -> Unicode.Scalar? {
        let lines = yaml.unicodeScalars.split(separator: "\n", maxSplits: mark.line, omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count, mark.column >= 1 else { return nil }
        let line = lines[mark.line - 1]
        return line.dropFirst(mark.column - 1).first
    }
}
