import FlickKiosk
import FlickGestures
import FlickInput
import Foundation

/// Touch scripts for the page tests, written as the JSON format `flick run --script` reads.
func touchScript(_ events: [String]) -> [TouchFrame] {
    try! TouchScript(json: Data("[\(events.joined(separator: ","))]".utf8), name: "test").frames
}

/// A straight drag from `start` by (dx, dy): down at `startMs`, `steps` moves `stepMs` apart, lifted `holdMs`
/// after the last (over 40 ms of rest and the tracker reads the finger as stopped).
func dragScript(from start: (x: Double, y: Double), dx: Double, dy: Double = 0, steps: Int = 10, stepMs: Double = 16,
                holdMs: Double = 8, startMs: Double = 0) -> [TouchFrame] {
    var events = [#"{"t": \#(startMs), "type": "down", "id": 0, "x": \#(start.x), "y": \#(start.y)}"#]
    for i in 1...steps {
        let f = Double(i) / Double(steps)
        events.append(#"{"t": \#(startMs + Double(i) * stepMs), "type": "move", "id": 0, "x": \#(start.x + dx * f), "y": \#(start.y + dy * f)}"#)
    }
    events.append(#"{"t": \#(startMs + Double(steps) * stepMs + holdMs), "type": "up", "id": 0}"#)
    return touchScript(events)
}

/// One finger down at `point` at `downMs` and lifted there at `upMs`.
func tapScript(at point: (x: Double, y: Double), downMs: Double, upMs: Double) -> [TouchFrame] {
    touchScript([#"{"t": \#(downMs), "type": "down", "id": 0, "x": \#(point.x), "y": \#(point.y)}"#,
                 #"{"t": \#(upMs), "type": "up", "id": 0}"#])
}

/// A finger that slows to a stop as it arrives (eased in and out over `durationMs`), then rests `holdMs` while the
/// controller goes on reporting it every `stepMs`, as many do, and lifts a millisecond after the last report.
/// Through such a stop a parabola reads a flick back against the drag: 200 px in 150 ms held 48 ms read 620 px/s.
func heldDragScript(from start: (x: Double, y: Double), dx: Double, dy: Double = 0, durationMs: Double = 150,
                    stepMs: Double = 8, holdMs: Double = 48, startMs: Double = 0) -> [TouchFrame] {
    var events = [#"{"t": \#(startMs), "type": "down", "id": 0, "x": \#(start.x), "y": \#(start.y)}"#]
    var t = stepMs
    while t <= durationMs + holdMs {
        let p = min(t / durationMs, 1), eased = p * p * (3 - 2 * p)
        events.append(#"{"t": \#(startMs + t), "type": "move", "id": 0, "x": \#(start.x + dx * eased), "y": \#(start.y + dy * eased)}"#)
        t += stepMs
    }
    events.append(#"{"t": \#(startMs + t - stepMs + 1), "type": "up", "id": 0}"#)
    return touchScript(events)
}

extension KioskConfig {
    /// Shown at the size the pages had before screen units, the 1280x800 design scaled to fit `width` x `height`
    /// (`display.scale`), so a test's small screen shows whole pages as its numbers expect.
    func fittedToDesign(width: Int, height: Int) -> KioskConfig {
        var fitted = self
        var display = fitted.display ?? Display()
        display.scale = min(Double(width) / 1280, Double(height) / 800)
        fitted.display = display
        return fitted
    }
}
