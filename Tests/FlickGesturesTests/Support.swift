import Foundation
import Testing
@testable import FlickGestures
import FlickInput

/// 6 px/mm, close to a 10.1" 1280x800 kiosk panel (5.9 px/mm): the 8 mm commit distance is 48 px, the 2 mm slop
/// 12 px, the flick velocity 381 px/s.
let metrics = GestureMetrics(pixelsPerMillimetre: 6)

func script(_ json: String, name: String = "inline.json") throws -> TouchScript {
    try TouchScript(json: Data(json.utf8), name: name)
}

/// A touch stream among FlickInputTests' fixtures (Tests/FlickInputTests/Streams), found from this file's path.
func streamURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FlickInputTests/Streams").appendingPathComponent(name)
}

/// Feeds every frame of `script` to `recognizer`; returns it and the state after each frame.
func run<R: GestureRecognizer>(_ recognizer: R, _ script: TouchScript, tickTo end: Microseconds? = nil) -> (R, [GestureState]) {
    var recognizer = recognizer
    var states: [GestureState] = []
    for frame in script.frames {
        recognizer.handle(frame)
        states.append(recognizer.state)
    }
    if let end {
        recognizer.tick(to: end)
        states.append(recognizer.state)
    }
    return (recognizer, states)
}

/// Feeds frames to an arena and collects every change.
func run(_ arena: inout GestureArena, _ frames: [TouchFrame]) -> [GestureChange] {
    frames.flatMap { arena.handle($0) }
}

func ms(_ milliseconds: Double) -> Microseconds { Microseconds((milliseconds * 1000).rounded()) }

/// One finger moving along a path as a panel sampling at `hertz` reports it: a down at 0, a move at every scan
/// while the finger is down and has moved, and the up at the first scan after it lifts. `path` maps the time in
/// milliseconds to the offset from `start`; the finger lifts at `lift` milliseconds.
func sampledDrag(
    from start: Point,
    hertz: Double,
    lift: Double,
    id: Int = 0,
    path: (Double) -> Vector
) -> TouchScript {
    let interval = 1000 / hertz
    var events = [TouchEvent(.down, id: .finger(id), at: start, time: 0)]
    var last = start
    var k = 1
    while Double(k) * interval < lift {
        let t = Double(k) * interval
        let p = start + path(t)
        let rounded = Point(x: p.x.rounded(), y: p.y.rounded()) // panels report whole device units
        if rounded != last {
            events.append(TouchEvent(.move, id: .finger(id), at: rounded, time: ms(t)))
            last = rounded
        }
        k += 1
    }
    events.append(TouchEvent(.up, id: .finger(id), at: last, time: ms(Double(k) * interval)))
    return TouchScript(events: events)
}

