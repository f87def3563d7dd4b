import FlickGestures
import FlickJSON

/// The devices of a `libinput record` capture, read from the document `YAMLParser` builds: each device's node, name,
/// absinfo and properties, and its `- evdev:` frames. What libinput writes beside them (`libinput:` events, `hid:`
/// reports, udev properties) is skipped; what the reader needs and finds malformed is an error at its line.
struct RecordingReader {
    /// How errors refer to the recording.
    let name: String

    func devices(in yaml: String) throws(LibinputRecordingError) -> [LibinputRecording.Device] {
        let root: YAMLNode?
        do {
            root = try YAMLParser.document(in: yaml)
        } catch {
            throw LibinputRecordingError(file: name, line: error.line, message: error.message)
        }
        guard let top = root?.mapping else { throw noDevices }
        if let version = try value(of: "version", in: top), version.scalar != "1" {
            throw fail(version, "libinput record format version \(version.quoted); this reader knows version 1")
        }
        guard let devices = try value(of: "devices", in: top) else { throw noDevices }
        return try items(of: devices, "`devices:` as a list of `- node:` entries").map { (node) throws(LibinputRecordingError) in try device(node) }
    }

    private var noDevices: LibinputRecordingError {
        LibinputRecordingError(file: name, message: "not a libinput recording: no `devices:` section")
    }

    private func device(_ node: YAMLNode) throws(LibinputRecordingError) -> LibinputRecording.Device {
        guard let fields = node.mapping else {
            throw fail(node, "expected a device (`- node: /dev/input/eventN` with `evdev:` and `events:`), got `\(node.quoted)`")
        }
        var device = LibinputRecording.Device(node: try value(of: "node", in: fields)?.scalar ?? "", name: "", line: node.line)
        if let evdev = try value(of: "evdev", in: fields) {
            guard let evdev = evdev.mapping else { throw fail(evdev, "expected `evdev:` to hold the device's name, absinfo and properties") }
            device.name = try value(of: "name", in: evdev)?.scalar ?? ""
            if let properties = try value(of: "properties", in: evdev) {
                device.properties = try integers(properties) ?? []
            }
            if let absinfo = try value(of: "absinfo", in: evdev), absinfo.scalar == nil {
                guard let axes = absinfo.mapping else { throw fail(absinfo, "expected `absinfo:` entries like `53: [0, 4095, 0, 0, 0]`") }
                for (key, range) in axes {
                    guard let code = key.scalar.flatMap({ Int($0) }) else {
                        throw fail(key, "expected an absinfo entry like `53: [0, 4095, 0, 0, 0]`, got `\(key.quoted)`")
                    }
                    guard let v = try integers(range), v.count == 5 else {
                        throw fail(range, "expected absinfo [min, max, fuzz, flat, resolution] for axis \(code), got `\(range.quoted)`")
                    }
                    device.absinfo[code] = LibinputRecording.AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
                }
            }
        }
        if let frames = try value(of: "events", in: fields) {
            for frame in try items(of: frames, "`events:` as a list of `- evdev:` frames") {
                guard let pairs = frame.mapping, let evdev = try value(of: "evdev", in: pairs) else { continue }
                for event in try items(of: evdev, "`evdev:` as a list of [sec, usec, type, code, value]") {
                    device.events.append(try self.event(event))
                }
            }
        }
        return device
    }

    private func event(_ node: YAMLNode) throws(LibinputRecordingError) -> LibinputRecording.EvdevEvent {
        guard let v = try integers(node), v.count == 5 else {
            throw fail(node, "expected an evdev event [sec, usec, type, code, value], got `\(node.quoted)`")
        }
        guard v[0] >= 0, (0..<1_000_000).contains(v[1]), v[0] < 1_000_000_000 else {
            throw fail(node, "expected a time of [sec, usec] with usec below 1000000, got [\(v[0]), \(v[1])]")
        }
        let time = Microseconds(seconds: v[0], microseconds: v[1])
        return LibinputRecording.EvdevEvent(time: time, type: v[2], code: v[3], value: v[4], line: node.line)
    }

    /// The elements of a sequence, none for an empty value (`quirks:` with nothing under it).
    private func items(of node: YAMLNode, _ expected: String) throws(LibinputRecordingError) -> [YAMLNode] {
        if let sequence = node.sequence { return sequence }
        if node.isEmptyPlainScalar { return [] }
        throw fail(node, "expected \(expected), got `\(node.quoted)`")
    }

    /// The numbers of a sequence like `[0, 4095, 0, 0, 0]`, or nil if `node` is not a sequence.
    private func integers(_ node: YAMLNode) throws(LibinputRecordingError) -> [Int]? {
        guard let items = node.sequence else { return nil }
        var values: [Int] = []
        for item in items {
            // Every field of input_event and input_absinfo fits 32 bits; bounding them keeps the arithmetic safe.
            guard let value = item.scalar.flatMap({ Int32($0) }) else {
                throw fail(node, "expected whole numbers of at most 32 bits in `\(node.quoted)`, got `\(item.quoted)`")
            }
            values.append(Int(value))
        }
        return values
    }

    /// The value of `key`; a key the reader needs twice in one map is an error, where the last would win unseen.
    private func value(of key: String, in mapping: [(key: YAMLNode, value: YAMLNode)]) throws(LibinputRecordingError) -> YAMLNode? {
        var found: YAMLNode?
        for pair in mapping where pair.key.scalar == key {
            if found != nil { throw fail(pair.key, "`\(pair.key.quoted)` is a key twice in one map; keep one of them") }
            found = pair.value
        }
        return found
    }

    private func fail(_ node: YAMLNode, _ message: String) -> LibinputRecordingError {
        LibinputRecordingError(file: name, line: node.line, message: message)
    }
}
