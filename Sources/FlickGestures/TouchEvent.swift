/// Which finger (a multitouch slot) or the mouse pointer a touch event belongs to. An id is reused once its touch
/// has lifted, as libinput reuses slots.
public struct TouchID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The slot number from 0 for a finger, -1 for the pointer: a touch script's `id`.
    public let rawValue: Int

    /// The touch with this raw value (a slot from 0, or -1 for the pointer).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The finger in multitouch slot `slot` (0, 1, …).
    public static func finger(_ slot: Int) -> TouchID { TouchID(rawValue: slot) }

    /// A single pointer with a pressed button is one more touch source.
    public static let pointer = TouchID(rawValue: -1)

    /// Whether this is ``pointer`` rather than a finger.
    public var isPointer: Bool { rawValue == TouchID.pointer.rawValue }

    public static func < (a: TouchID, b: TouchID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { isPointer ? "pointer" : "finger \(rawValue)" }
}

/// One finger (or the pointer) landing, moving, lifting or being cancelled, at a position and time.
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    /// What the touch did; the raw values are a touch script's `type`.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        /// The finger landed (or the pointer's button was pressed).
        case down
        /// The finger moved while down.
        case move
        /// The finger lifted.
        case up
        /// The touch was taken away without a lift (the device went, the kernel dropped events): undo, do not act.
        case cancel
    }

    /// Down, move, up or cancel.
    public var phase: Phase
    /// Which finger, or the pointer.
    public var id: TouchID
    /// For `up` and `cancel`, the last position the touch had: panels report no position when a finger lifts.
    public var position: Point
    /// When it happened, in microseconds.
    public var time: Microseconds

    /// A `phase` event of touch `id` at `position` (screen pixels) and `time` (microseconds).
    public init(_ phase: Phase, id: TouchID, at position: Point, time: Microseconds) {
        self.phase = phase
        self.id = id
        self.position = position
        self.time = time
    }

    public var description: String { "\(phase) \(id) at \(position) t=\(time)µs" }
}
