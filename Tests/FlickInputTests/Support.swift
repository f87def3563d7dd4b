import FlickGestures
import Foundation
@testable import FlickInput

/// 6 px/mm, close to a 10.1" 1280x800 kiosk panel (5.9 px/mm), as FlickGesturesTests measure with.
let metrics = GestureMetrics(pixelsPerMillimetre: 6)

func script(_ json: String, name: String = "inline.json") throws -> TouchScript {
    try TouchScript(json: Data(json.utf8), name: name)
}

/// A fixture in Tests/FlickInputTests/Streams (excluded from the target, so found from this file's path).
func streamURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Streams").appendingPathComponent(name)
}

/// Feeds every frame of `script` to `recognizer`; returns it and the state after each frame.
func run<R: GestureRecognizer>(_ recognizer: R, _ script: TouchScript) -> (R, [GestureState]) {
    var recognizer = recognizer
    var states: [GestureState] = []
    for frame in script.frames {
        recognizer.handle(frame)
        states.append(recognizer.state)
    }
    return (recognizer, states)
}

/// Feeds frames to an arena and collects every change.
func run(_ arena: inout GestureArena, _ frames: [TouchFrame]) -> [GestureChange] {
    frames.flatMap { arena.handle($0) }
}

