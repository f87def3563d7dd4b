import FlickGestures

/// What input sources hand the run loop: touches grouped in frames, keys, and devices coming and going.
public enum InputEvent: Sendable {
    /// The touches of one frame (every finger that went down, moved, lifted or was cancelled together), at
    /// positions in the screen's pixels after rotation.
    case touches(TouchFrame)
    /// A key pressed or released on a physical keyboard.
    case key(KeyEvent)
    /// A touchscreen, pointer or keyboard appeared (at start, or plugged in).
    case deviceAdded(InputDevice)
    /// A device went away; libinput cancels the fingers a touchscreen still had down just before it.
    case deviceRemoved(InputDevice)
}

/// A physical key pressed or released, with what it types under the keyboard layout.
public struct KeyEvent: Hashable, Sendable {
    /// The xkbcommon keysym (XKB_KEY_Return = 0xff0d, …).
    public let keysym: UInt32
    /// What the key types under the current modifiers ("" for keys that type nothing).
    public let text: String
    /// Pressed (true) or released (false).
    public let isPressed: Bool
    /// When it happened, in microseconds on the clock of the source's events (CLOCK_MONOTONIC from libinput).
    public let time: Microseconds

    /// A key event: `keysym` an xkbcommon keysym, `text` what it types ("" for none), `time` in microseconds.
    public init(keysym: UInt32, text: String, isPressed: Bool, time: Microseconds) {
        self.keysym = keysym; self.text = text; self.isPressed = isPressed; self.time = time
    }
}

/// An input device as its source reports it: a touchscreen, a pointer (whose button is a finger) or a keyboard.
public struct InputDevice: Hashable, Sendable, CustomStringConvertible {
    /// What a device can do that Flick uses.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        /// The bits: `touch` 1, `pointer` 2, `keyboard` 4.
        public let rawValue: Int
        /// Capabilities from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A touchscreen: its fingers arrive as touches.
        public static let touch = Capabilities(rawValue: 1)
        /// A mouse or touchpad: its button down is a finger down at the pointer.
        public static let pointer = Capabilities(rawValue: 2)
        /// A keyboard: its keys arrive as key events.
        public static let keyboard = Capabilities(rawValue: 4)
    }

    /// The kernel's name (`event3`).
    public let sysname: String
    /// The device's own name (`QEMU Virtio MultiTouch`).
    public let name: String
    /// What it can do that Flick uses; empty for devices it ignores (a power button).
    public let capabilities: Capabilities

    /// A device named `sysname` by the kernel and `name` by itself.
    public init(sysname: String, name: String, capabilities: Capabilities) {
        self.sysname = sysname; self.name = name; self.capabilities = capabilities
    }

    /// `event3: QEMU Virtio MultiTouch [touch]`: one line for the log.
    public var description: String {
        let caps = [(Capabilities.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard")]
            .filter { capabilities.contains($0.0) }.map(\.1)
        return "\(sysname): \(name) [\(caps.isEmpty ? "no capabilities Flick uses" : caps.joined(separator: ", "))]"
    }
}

/// Where touches and keys come from: libinput on a board, a script in tests and headless runs.
///
/// The frame loop owns its sources and reads them on its own thread, when its waiter says one is ready.
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
