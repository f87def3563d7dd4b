import FlickGestures
import FlickJSON
import Yams

/// The devices of a `libinput record` capture, read from the document Yams composes: each device's node, name,
/// absinfo and properties, and its `- evdev:` frames. What libinput writes beside them (`libinput:` events, `hid:`
/// reports, udev properties) is skipped; what the reader needs and finds malformed is an error at its line.
struct RecordingReader {
    /// How errors refer to the recording.
    let name: String

    func devices(in yaml: String) throws(LibinputRecordingError) -> [LibinputRecording.Device] {
        let root: Node?
        do {
            try RecordingAliases.refuse(in: yaml)
            root = try Yams.compose(yaml: yaml)
        } catch let error as LibinputRecordingError {
            throw LibinputRecordingError(file: name, line: error.line, message: error.message)
        } catch {
            throw YAMLSyntaxError(error, in: yaml).recordingError(file: name)
        }
        guard let top = root?.mapping else { throw noDevices }
        if let version = value(of: "version", in: top), version.scalar?.string != "1" {
            throw fail(version, "libinput record format version \(quoted(version)); this reader knows version 1")
        }
        guard let devices = value(of: "devices", in: top) else { throw noDevices }
        return try items(of: devices, "`devices:` as a list of `- node:` entries").map { (node) throws(LibinputRecordingError) in try device(node) }
    }

    private var noDevices: LibinputRecordingError {
        LibinputRecordingError(file: name, message: "not a libinput recording: no `devices:` section")
    }

    private func device(_ node: Node) throws(LibinputRecordingError) -> LibinputRecording.Device {
        guard let fields = node.mapping else {
            throw fail(node, "expected a device (`- node: /dev/input/eventN` with `evdev:` and `events:`), got `\(quoted(node))`")
        }
        var device = LibinputRecording.Device(node: value(of: "node", in: fields)?.scalar?.string ?? "", name: "", line: line(node) ?? 0)
        if let evdev = value(of: "evdev", in: fields) {
            guard let evdev = evdev.mapping else { throw fail(evdev, "expected `evdev:` to hold the device's name, absinfo and properties") }
            device.name = value(of: "name", in: evdev)?.scalar?.string ?? ""
            if let properties = value(of: "properties", in: evdev) {
                device.properties = try integers(properties) ?? []
            }
            if let absinfo = value(of: "absinfo", in: evdev), absinfo.scalar == nil {
                guard let axes = absinfo.mapping else { throw fail(absinfo, "expected `absinfo:` entries like `53: [0, 4095, 0, 0, 0]`") }
                for (key, range) in axes {
                    guard let code = key.scalar.flatMap({ Int($0.string) }) else {
                        throw fail(key, "expected an absinfo entry like `53: [0, 4095, 0, 0, 0]`, got `\(quoted(key))`")
                    }
                    guard let v = try integers(range), v.count == 5 else {
                        throw fail(range, "expected absinfo [min, max, fuzz, flat, resolution] for axis \(code), got `\(quoted(range))`")
                    }
                    device.absinfo[code] = LibinputRecording.AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
                }
            }
        }
        if let frames = value(of: "events", in: fields) {
            for frame in try items(of: frames, "`events:` as a list of `- evdev:` frames") {
                guard let evdev = frame.mapping.flatMap({ value(of: "evdev", in: $0) }) else { continue }
                for event in try items(of: evdev, "`evdev:` as a list of [sec, usec, type, code, value]") {
                    device.events.append(try self.event(event))
                }
            }
        }
        return device
    }

    private func event(_ node: Node) throws(LibinputRecordingError) -> LibinputRecording.EvdevEvent {
        guard let v = try integers(node), v.count == 5 else {
            throw fail(node, "expected an evdev event [sec, usec, type, code, value], got `\(quoted(node))`")
        }
        guard v[0] >= 0, (0..<1_000_000).contains(v[1]), v[0] < 1_000_000_000 else {
            throw fail(node, "expected a time of [sec, usec] with usec below 1000000, got [\(v[0]), \(v[1])]")
        }
        let time = Microseconds(seconds: v[0], microseconds: v[1])
        return LibinputRecording.EvdevEvent(time: time, type: v[2], code: v[3], value: v[4], line: line(node) ?? 0)
    }

    /// The elements of a sequence, none for an empty value (`quirks:` with nothing under it).
    private func items(of node: Node, _ expected: String) throws(LibinputRecordingError) -> [Node] {
        if let sequence = node.sequence { return Array(sequence) }
        if let scalar = node.scalar, scalar.string.isEmpty, scalar.style == .plain { return [] }
        throw fail(node, "expected \(expected), got `\(quoted(node))`")
    }

    /// The numbers of a sequence like `[0, 4095, 0, 0, 0]`, or nil if `node` is not a sequence.
    private func integers(_ node: Node) throws(LibinputRecordingError) -> [Int]? {
        guard let items = node.sequence else { return nil }
        var values: [Int] = []
        for item in items {
            // Every field of input_event and input_absinfo fits 32 bits; bounding them keeps the arithmetic safe.
            guard let value = item.scalar.flatMap({ Int32($0.string) }) else {
                throw fail(node, "expected whole numbers of at most 32 bits in `\(quoted(node))`, got `\(quoted(item))`")
            }
            values.append(Int(value))
        }
        return values
    }

    /// The value of a plain key; comparing scalars' text leaves Yams' tag resolution out of a lookup.
    private func value(of key: String, in mapping: Node.Mapping) -> Node? {
        var found: Node?
        for pair in mapping where pair.key.scalar?.string == key { found = pair.value }
        return found
    }

    private func line(_ node: Node) -> Int? { node.mark?.line }

    private func fail(_ node: Node, _ message: String) -> LibinputRecordingError {
        LibinputRecordingError(file: name, line: line(node), message: message)
    }
}

/// `node` as an error quotes it: in flow style on one line, control characters escaped, cut short.
func quoted(_ node: Node) -> String {
    var text = ""
    write(node, to: &text)
    if text.unicodeScalars.count > quotedLength { text = String(text.unicodeScalars.prefix(quotedLength)) + "…" }
    return escapingControlCharacters(text)
}

private let quotedLength = 80

private func write(_ node: Node, to text: inout String) {
    guard text.utf8.count <= quotedLength else { return }
    switch node {
    case .scalar(let scalar):
        text += scalar.string
    case .sequence(let sequence):
        text += "["
        for (i, item) in sequence.enumerated() where text.utf8.count <= quotedLength {
            text += i == 0 ? "" : ", "
            write(item, to: &text)
        }
        text += "]"
    case .mapping(let mapping):
        text += "{"
        for (i, pair) in mapping.enumerated() where text.utf8.count <= quotedLength {
            text += i == 0 ? "" : ", "
            write(pair.key, to: &text)
            text += ": "
            write(pair.value, to: &text)
        }
        text += "}"
    case .alias(let alias):
        text += "*\(alias.anchor.rawValue)"
    }
}
