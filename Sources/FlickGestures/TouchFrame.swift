/// The touch events that happened at one instant, like libinput's TOUCH_FRAME: recognisers look at the touches
/// only after the whole frame, so two fingers moving together count as one step, never two.
public struct TouchFrame: Hashable, Sendable {
    /// When the frame happened, in microseconds; its events carry the same time.
    public var time: Microseconds
    /// Normally one event per touch that changed, in the order the device reported them.
    public var events: [TouchEvent]

    /// A frame of `events` at `time` microseconds.
    public init(time: Microseconds, events: [TouchEvent]) {
        self.time = time
        self.events = events
    }

    /// Consecutive events with the same time become one frame.
    public static func frames(grouping events: [TouchEvent]) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        for event in events {
            if let last = frames.last, last.time == event.time {
                frames[frames.count - 1].events.append(event)
            } else {
                frames.append(TouchFrame(time: event.time, events: [event]))
            }
        }
        return frames
    }
}
