/// Time in microseconds. Every event carries one; nothing in FlickGestures reads a clock.
public typealias Microseconds = Int64

/// Which finger (a multitouch slot) or the mouse pointer a touch event belongs to. An id is reused once its touch
/// has lifted, as libinput reuses slots.
public struct TouchID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func finger(_ slot: Int) -> TouchID { TouchID(rawValue: slot) }

    /// A single pointer with a pressed button is one more touch source.
    public static let pointer = TouchID(rawValue: -1)

    public var isPointer: Bool { rawValue == TouchID.pointer.rawValue }

    public static func < (a: TouchID, b: TouchID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { isPointer ? "pointer" : "finger \(rawValue)" }
}

public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    public var phase: Phase
    public var id: TouchID
    /// For `up` and `cancel`, the last position the touch had: panels report no position when a finger lifts.
    public var position: ScreenPoint
    public var time: Microseconds

    public init(_ phase: Phase, id: TouchID, at position: ScreenPoint, time: Microseconds) {
        self.phase = phase
        self.id = id
        self.position = position
        self.time = time
    }

    public var description: String { "\(phase) \(id) at \(position) t=\(time)µs" }
}
