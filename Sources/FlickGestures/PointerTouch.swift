/// Turns a mouse (or a single-touch resistive panel driven as a pointer) into touches: while the button is held
/// the pointer is one more finger, `TouchID.pointer`.
public struct PointerTouch: Hashable, Sendable {
    public private(set) var position: ScreenPoint
    public private(set) var isPressed = false

    public init(at position: ScreenPoint = .zero) { self.position = position }

    public mutating func button(pressed: Bool, time: Microseconds) -> TouchFrame? {
        guard pressed != isPressed else { return nil }
        isPressed = pressed
        return TouchFrame(time: time, events: [TouchEvent(pressed ? .down : .up, id: .pointer, at: position, time: time)])
    }

    public mutating func move(to point: ScreenPoint, time: Microseconds) -> TouchFrame? {
        guard point != position else { return nil }
        position = point
        guard isPressed else { return nil }
        return TouchFrame(time: time, events: [TouchEvent(.move, id: .pointer, at: point, time: time)])
    }

    /// The pointer went away (device unplugged, screen blanked) with the button held.
    public mutating func cancel(time: Microseconds) -> TouchFrame? {
        guard isPressed else { return nil }
        isPressed = false
        return TouchFrame(time: time, events: [TouchEvent(.cancel, id: .pointer, at: position, time: time)])
    }
}
