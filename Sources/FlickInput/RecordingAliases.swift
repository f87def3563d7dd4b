import CYaml
import FlickJSON

/// libinput record writes no anchors or aliases, and followed they multiply: a few kilobytes of `*name` can stand
/// for a billion nodes, which Yams hashes when they are mapping keys and the reader would walk as events. libyaml's
/// event stream finds the first alias before Yams composes anything.
enum RecordingAliases {
    /// Throws at the first alias in `yaml`, naming no file (the reader adds it); a syntax error is left to Yams to
    /// report, from the same libyaml.
    static func refuse(in yaml: String) throws(LibinputRecordingError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var text = yaml
        let alias: (line: Int, name: String)? = text.withUTF8 { bytes in
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_ALIAS_EVENT:
                    return (Int(event.start_mark.line) + 1, String(cString: event.data.alias.anchor))
                case YAML_STREAM_END_EVENT:
                    return nil
                default:
                    continue
                }
            }
            return nil
        }
        if let alias {
            throw LibinputRecordingError(file: "", line: alias.line, message: escapingControlCharacters(
                "an alias (*\(alias.name)): libinput record writes none, and they can multiply without bound; write the values out"))
        }
    }
}
