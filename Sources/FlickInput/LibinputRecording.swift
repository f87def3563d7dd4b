import FlickFiles
import FlickGestures
import FoundationEssentials

/// A capture made with `libinput record`: for each recorded device its evdev axis ranges and the kernel events,
/// which `touchScript` turns into the touch stream the screen would have seen.
///
/// Only the evdev events are read (`- evdev:` frames of `[sec, usec, type, code, value]`); the `libinput:`
/// interpretations and `hid:` reports that newer versions add beside them are skipped.
public struct LibinputRecording: Hashable, Sendable {
    /// `struct input_absinfo`, from the device's `absinfo:` map.
    public struct AbsInfo: Hashable, Sendable {
        /// The smallest value the axis reports, in device units.
        public var minimum: Int
        /// The largest value the axis reports, in device units.
        public var maximum: Int
        /// The noise the kernel filters out, in device units.
        public var fuzz: Int
        /// The dead zone around the centre (joysticks; usually 0 for touchscreens).
        public var flat: Int
        /// Device units per millimetre (0 when the device does not say).
        public var resolution: Int

        /// An axis range from `minimum` to `maximum` device units.
        public init(minimum: Int, maximum: Int, fuzz: Int = 0, flat: Int = 0, resolution: Int = 0) {
            self.minimum = minimum
            self.maximum = maximum
            self.fuzz = fuzz
            self.flat = flat
            self.resolution = resolution
        }
    }

    /// `struct input_event`, timed from the start of the recording.
    public struct EvdevEvent: Hashable, Sendable {
        /// Microseconds from the start of the recording.
        public var time: Microseconds
        /// The event type: `EV_SYN` 0, `EV_KEY` 1, `EV_ABS` 3, …
        public var type: Int
        /// The code within the type: `ABS_MT_POSITION_X` 53, `BTN_TOUCH` 330, …
        public var code: Int
        /// The axis value, key state (1 down, 0 up) or tracking id.
        public var value: Int
        /// Where it is in the file, for error messages.
        public var line: Int
    }

    /// One recorded device: what it is and what it sent.
    public struct Device: Hashable, Sendable {
        /// `/dev/input/event4`
        public var node: String
        /// The kernel's name for the device.
        public var name: String
        /// The axis ranges by `ABS_*` code.
        public var absinfo: [Int: AbsInfo] = [:]
        /// The `INPUT_PROP_*` bits the device has set.
        public var properties: [Int] = []
        /// The kernel events it sent, in order.
        public var events: [EvdevEvent] = []
        var line: Int

        /// INPUT_PROP_DIRECT: a touchscreen rather than a touchpad.
        public var isDirect: Bool { properties.contains(EvdevCode.inputPropDirect) }
        /// It has `ABS_MT_POSITION_X` and `_Y`: a multitouch device.
        public var hasMultitouchPosition: Bool {
            absinfo[EvdevCode.absMTPositionX] != nil && absinfo[EvdevCode.absMTPositionY] != nil
        }
        /// It has `ABS_X` and `ABS_Y`: a single-touch panel (or a multitouch one's legacy axes).
        public var hasSingleTouchPosition: Bool { absinfo[EvdevCode.absX] != nil && absinfo[EvdevCode.absY] != nil }
    }

    /// How errors refer to the recording, normally its file name.
    public var name: String
    /// The recorded devices, in the file's order.
    public var devices: [Device]

    /// Reads the recording at `url`; errors name it by its relative path.
    public init(contentsOf url: URL) throws(LibinputRecordingError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url.path, as: .recording)
        } catch {
            throw LibinputRecordingError(file: url.relativePath, message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LibinputRecordingError(file: url.relativePath, message: "not UTF-8 text")
        }
        try self.init(yaml: text, name: url.relativePath)
    }

    /// Parses the YAML of a recording (libinput record format version 1); `name` is how errors refer to it.
    public init(yaml: String, name: String) throws(LibinputRecordingError) {
        self.name = name
        devices = try RecordingReader(name: name).devices(in: yaml)
    }

    /// The recorded touches in screen pixels, scaling the device's axis ranges onto a screen of this size (as
    /// libinput's `libinput_event_touch_get_x_transformed` does; rotation and calibration are the input layer's).
    ///
    /// `device` picks a device by node; by default the first touchscreen (INPUT_PROP_DIRECT), else the first
    /// device with position axes, so touchpad captures import too.
    public func touchScript(screenWidth: Double, screenHeight: Double, device node: String? = nil) throws(LibinputRecordingError) -> TouchScript {
        let device: Device
        if let node {
            guard let found = devices.first(where: { $0.node == node }) else {
                let recorded = devices.map(\.node).joined(separator: ", ")
                throw LibinputRecordingError(file: name, message: "no device \(node) in the recording (it has \(recorded.isEmpty ? "none" : recorded))")
            }
            device = found
        } else {
            let positioned = devices.filter { $0.hasMultitouchPosition || $0.hasSingleTouchPosition }
            guard let found = positioned.first(where: \.isDirect) ?? positioned.first else {
                throw LibinputRecordingError(file: name, message: "no touch device in the recording (none has ABS_MT_POSITION_X/Y or ABS_X/Y in its absinfo)")
            }
            device = found
        }
        var touches: EvdevTouches
        do {
            touches = try EvdevTouches(device: device, screenWidth: screenWidth, screenHeight: screenHeight)
        } catch {
            throw LibinputRecordingError(file: name, line: device.line, message: error.message)
        }
        for event in device.events {
            do {
                try touches.apply(event)
            } catch {
                throw LibinputRecordingError(file: name, line: event.line, message: error.message)
            }
        }
        return TouchScript(frames: touches.frames)
    }
}

/// Names the file and, where there is one, the line: `pinch.yml:42: expected ...`.
public struct LibinputRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The recording's name, normally its file name.
    public var file: String
    /// The 1-based line of the file, or nil for the recording as a whole.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// An error about `file`, at `line` if there is one.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
