import FlickGestures

/// What input sources hand the run loop: touches grouped in frames, keys, and devices coming and going.
public enum InputEvent: Sendable {
    case touches(TouchFrame)
    case key(KeyEvent)
    case deviceAdded(InputDevice)
    case deviceRemoved(InputDevice)
}

public struct KeyEvent: Hashable, Sendable {
    /// The xkbcommon keysym (XKB_KEY_Return = 0xff0d, …).
    public let keysym: UInt32
    /// What the key types under the current modifiers ("" for keys that type nothing).
    public let text: String
    public let isPressed: Bool
    public let time: Microseconds

    public init(keysym: UInt32, text: String, isPressed: Bool, time: Microseconds) {
        self.keysym = keysym; self.text = text; self.isPressed = isPressed; self.time = time
    }
}

public struct InputDevice: Hashable, Sendable, CustomStringConvertible {
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touch = Capabilities(rawValue: 1)
        public static let pointer = Capabilities(rawValue: 2)
        public static let keyboard = Capabilities(rawValue: 4)
    }

    /// The kernel's name (`event3`).
    public let sysname: String
    /// The device's own name (`QEMU Virtio MultiTouch`).
    public let name: String
    public let capabilities: Capabilities

    public init(sysname: String, name: String, capabilities: Capabilities) {
        self.sysname = sysname; self.name = name; self.capabilities = capabilities
    }

    public var description: String {
        let caps = [(Capabilities.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard")]
            .filter { capabilities.contains($0.0) }.map(\.1)
        return "\(sysname): \(name) [\(caps.isEmpty ? "no capabilities Flick uses" : caps.joined(separator: ", "))]"
    }
}

/// Where touches and keys come from: libinput on a board, a script in tests and headless runs.
public protocol InputSource: AnyObject {
    /// Readable when events wait; -1 for sources the run loop asks by time instead.
    var fileDescriptor: Int32 { get }
    /// Everything that arrived, in order. Never blocks.
    func readEvents() -> [InputEvent]
}

/// A source whose events are known ahead with their times (a touch script): a virtual clock is moved to them
/// instead of polling a descriptor.
public protocol ScheduledInputSource: InputSource {
    /// When the next event is due, seconds on the loop's clock; nil when none are left.
    var nextEventTime: Double? { get }
}
