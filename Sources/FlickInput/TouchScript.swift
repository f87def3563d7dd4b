import FlickFiles
import FlickGestures
import FlickJSON
import FoundationEssentials

/// A recorded or written stream of touches, as JSON: an array of
/// `{"t": 120.5, "type": "down", "id": 0, "x": 640, "y": 400}` where `t` is milliseconds from the start, `type`
/// one of down/move/up/cancel, `id` the finger (-1 for the mouse pointer) and `x`/`y` screen pixels, omitted for
/// up and cancel. Events with the same `t` form one frame.
public struct TouchScript: Hashable, Sendable {
    /// The touches in time order; positions in screen pixels, times in microseconds from the start.
    public var events: [TouchEvent]

    /// A script of these events, taken as they are (the JSON readers check the rules; this does not).
    public init(events: [TouchEvent]) { self.events = events }

    /// A script of the frames' events, in order: what a recording becomes.
    public init(frames: [TouchFrame]) { self.events = frames.flatMap(\.events) }

    /// The events as frames, consecutive events with the same time making one: what to play into a scene.
    public var frames: [TouchFrame] { TouchFrame.frames(grouping: events) }

    /// Reads the script at `url`; errors name it by its relative path.
    ///
    /// Each event must be an object of `t`, `type`, `id` and, for down and move only, `x` and `y`; times must not
    /// go back, a finger must be down before it moves or lifts and not already down when it lands, and a finger has
    /// at most one event per frame. The first event that breaks a rule is the error.
    public init(contentsOf url: URL) throws(TouchScriptError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url.path, as: .touchScript)
        } catch {
            throw TouchScriptError(file: url.relativePath, message: error.reason)
        }
        try self.init(bytes: bytes, name: url.relativePath)
    }

    /// `name` is how errors refer to the script, normally its file name.
    public init(json: Data, name: String) throws(TouchScriptError) {
        try self.init(bytes: [UInt8](json), name: name)
    }

    private init(bytes: [UInt8], name: String) throws(TouchScriptError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw TouchScriptError(file: name, message: "invalid JSON at \(error)")
        }
        guard case .array(let items) = root else {
            throw TouchScriptError(file: name, message: "expected an array of touch events, got \(root.shortDescription)")
        }
        var reader = ScriptReader(file: name)
        for (index, item) in items.enumerated() {
            try reader.read(item, at: index)
        }
        events = reader.events
    }

    /// The script as JSON, one event per line.
    public func json() -> String {
        let script = JSONValue.array(events.map { event in
            var fields: [(key: String, value: JSONValue)] = [
                ("t", .number(event.time.milliseconds)), ("type", .string(event.phase.rawValue)), ("id", .number(Double(event.id.rawValue))),
            ]
            if event.phase == .down || event.phase == .move {
                fields += [("x", .number(event.position.x)), ("y", .number(event.position.y))]
            }
            return .object(fields)
        })
        return script.text(rows: true) + "\n"
    }
}

/// Says which file, which event and which field is wrong, and what was expected, on one line.
public struct TouchScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script's name, normally its file name.
    public var file: String
    /// `[3].type`, or nil for the file as a whole.
    public var location: String?
    /// What is wrong and what was expected.
    public var message: String

    /// An error about `file`, at `location` if there is one.
    public init(file: String, location: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String { [file, location, message].compactMap { $0 }.joined(separator: ": ") }
}

private struct ScriptReader {
    let file: String
    var events: [TouchEvent] = []
    private var lastTime: (ms: Double, time: Microseconds)?
    private var down: [TouchID: (position: Point, index: Int)] = [:]
    private var inFrame: [TouchID: Int] = [:]

    /// About 31 years: far beyond any script, far below where microseconds overflow.
    private static let latest = 1e12

    init(file: String) { self.file = file }

    mutating func read(_ item: JSONValue, at index: Int) throws(TouchScriptError) {
        func fail(_ field: String?, _ message: String) -> TouchScriptError {
            TouchScriptError(file: file, location: "[\(index)]" + (field.map { ".\($0)" } ?? ""), message: message)
        }
        guard case .object(let entries) = item else {
            throw fail(nil, "expected an object like {\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 10, \"y\": 20}, got \(item.shortDescription)")
        }
        for (key, _) in entries where !["t", "type", "id", "x", "y"].contains(key) {
            throw fail(nil, "unknown field \"\(key)\" (expected t, type, id, x, y)")
        }
        // The parser rejects duplicate fields, so the keys are unique.
        let fields = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })

        guard let typeValue = fields["type"] else { throw fail("type", "missing; expected one of down/move/up/cancel") }
        guard case .string(let typeName) = typeValue, let phase = TouchEvent.Phase(rawValue: typeName) else {
            throw fail("type", "expected one of down/move/up/cancel, got \(typeValue.shortDescription)")
        }

        guard let tValue = fields["t"] else { throw fail("t", "missing; expected milliseconds from the start") }
        guard case .number(let ms) = tValue, ms >= 0, ms <= Self.latest else {
            throw fail("t", "expected milliseconds from the start (a number from 0), got \(tValue.shortDescription)")
        }
        if let lastTime, ms < lastTime.ms {
            throw fail("t", "expected a time at or after the previous event's \(JSONValue.numberText(lastTime.ms)), got \(JSONValue.numberText(ms))")
        }
        let time = Microseconds(milliseconds: ms)

        guard let idValue = fields["id"] else { throw fail("id", "missing; expected the finger, a whole number from 0") }
        guard case .number(let idNumber) = idValue, idNumber == idNumber.rounded(), idNumber >= -1, idNumber <= 1_000_000 else {
            throw fail("id", "expected the finger, a whole number from 0 (or -1 for the pointer), got \(idValue.shortDescription)")
        }
        let id = TouchID(rawValue: Int(idNumber))

        var position = Point.zero
        switch phase {
        case .down, .move:
            position = Point(x: try coordinate("x", in: fields, fail), y: try coordinate("y", in: fields, fail))
        case .up, .cancel:
            for key in ["x", "y"] where fields[key] != nil {
                throw fail(key, "\(phase.rawValue) events carry no position (the finger is where it last moved); omit x and y")
            }
        }

        if lastTime?.time != time { inFrame.removeAll() }
        if let other = inFrame[id] {
            throw fail(nil, "\(id) already has an event at t = \(JSONValue.numberText(ms)) ([\(other)]); one event per finger per frame")
        }
        switch phase {
        case .down:
            if let earlier = down[id] { throw fail("id", "\(id) is already down (since [\(earlier.index)])") }
            down[id] = (position, index)
        case .move:
            guard down[id] != nil else { throw fail("id", "\(id) is not down; a move needs a down before it") }
            down[id]?.position = position
        case .up, .cancel:
            guard let last = down.removeValue(forKey: id) else {
                throw fail("id", "\(id) is not down; \(phase.rawValue) needs a down before it")
            }
            position = last.position
        }
        inFrame[id] = index
        lastTime = (ms, time)
        events.append(TouchEvent(phase, id: id, at: position, time: time))
    }

    private func coordinate(
        _ key: String,
        in fields: [String: JSONValue],
        _ fail: (String?, String) -> TouchScriptError
    ) throws(TouchScriptError) -> Double {
        guard let value = fields[key] else { throw fail(key, "missing; down and move events need x and y in screen pixels") }
        guard case .number(let number) = value, abs(number) <= Point.farthestTouch else {
            throw fail(key, "expected screen pixels from -\(Int(Point.farthestTouch)) to \(Int(Point.farthestTouch)), got \(value.shortDescription)")
        }
        return number
    }
}
