/// Turns a mouse (or a single-touch resistive panel driven as a pointer) into touches: while the button is held
/// the pointer is one more finger, `TouchID.pointer`.
public struct PointerTouch: Hashable, Sendable {
    /// Where the pointer is, in screen pixels.
    public private(set) var position: Point
    /// Whether the button is held, so the pointer is touching.
    public private(set) var isPressed = false

    /// A pointer at `position` with the button up.
    public init(at position: Point = .zero) { self.position = position }

    /// The button went down or up at `time`: a `down` or `up` frame, or nil when it already was so.
    public mutating func button(pressed: Bool, time: Microseconds) -> TouchFrame? {
        guard pressed != isPressed else { return nil }
        isPressed = pressed
        return TouchFrame(time: time, events: [TouchEvent(pressed ? .down : .up, id: .pointer, at: position, time: time)])
    }

    /// The pointer moved to `point`: a `move` frame while the button is held, else nil (the position is kept).
    public mutating func move(to point: Point, time: Microseconds) -> TouchFrame? {
        guard point != position else { return nil }
        position = point
        guard isPressed else { return nil }
        return TouchFrame(time: time, events: [TouchEvent(.move, id: .pointer, at: point, time: time)])
    }

    /// The pointer went away (device unplugged, screen blanked) with the button held: a `cancel` frame, or nil
    /// when the button was up.
    public mutating func cancel(time: Microseconds) -> TouchFrame? {
        guard isPressed else { return nil }
        isPressed = false
        return TouchFrame(time: time, events: [TouchEvent(.cancel, id: .pointer, at: position, time: time)])
    }
}
