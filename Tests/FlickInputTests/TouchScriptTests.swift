import Foundation
import Testing
import FlickGestures
@testable import FlickInput

@Test func eventsWithTheSameTimeFormOneFrame() throws {
    let pinch = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 640, "y": 400},
     {"t": 0, "type": "down", "id": 1, "x": 640, "y": 500},
     {"t": 120.5, "type": "move", "id": 1, "x": 640.5, "y": 520},
     {"t": 120.5, "type": "move", "id": 0, "x": 640, "y": 380},
     {"t": 200, "type": "up", "id": 0},
     {"t": 200, "type": "cancel", "id": 1}]
    """)
    let frames = pinch.frames
    #expect(frames.map(\.time) == [0, 120_500, 200_000])
    #expect(frames.map(\.events.count) == [2, 2, 2])
    #expect(frames[1].events[0] == TouchEvent(.move, id: .finger(1), at: Point(x: 640.5, y: 520), time: 120_500))
    // Lifts carry the last position the finger had.
    #expect(frames[2].events[0] == TouchEvent(.up, id: .finger(0), at: Point(x: 640, y: 380), time: 200_000))
    #expect(frames[2].events[1].phase == .cancel)
    #expect(frames[2].events[1].position == Point(x: 640.5, y: 520))
}

@Test func scriptLoadsFromAFileAndFlicksThePage() throws {
    let flick = try TouchScript(contentsOf: streamURL("page-flick-left.json"))
    #expect(flick.events.count == 7)
    #expect(run(SwipeRecognizer(metrics: metrics), flick).0.decision == .commit(.left))
}

@Test func writtenScriptReadsBackTheSame() throws {
    let original = try TouchScript(contentsOf: streamURL("todo-session.json"))
    let text = original.json()
    #expect(text.hasPrefix("[\n  {\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 400, \"y\": 240},\n"))
    #expect(try script(text) == original)
    let fractional = TouchScript(events: [TouchEvent(.down, id: .pointer, at: Point(x: 0.25, y: 3), time: 1_005)])
    #expect(fractional.json() == "[\n  {\"t\": 1.005, \"type\": \"down\", \"id\": -1, \"x\": 0.25, \"y\": 3}\n]\n")
    #expect(try script(fractional.json()) == fractional)
}

@Test func badTypeIsNamedWithFileIndexAndField() {
    #expect {
        try TouchScript(contentsOf: streamURL("bad-taps.json"))
    } throws: { error in
        "\(error)" == streamURL("bad-taps.json").path + #": [3].type: expected one of down/move/up/cancel, got "press""#
    }
}

@Test(arguments: [
    (#"{"t": 0}"#, "taps.json: expected an array of touch events, got an object"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": 2"#, "taps.json: invalid JSON at line 1, column 50: unexpected end of file, expected ',' or '}' in object"),
    ("[\n  {\"t\": 0,\n   \"type\": \"down\",, \"id\": 0}]", "taps.json: invalid JSON at line 3, column 19: expected a field name in double quotes"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "x": 2}]"#, #"taps.json: invalid JSON at line 1, column 44: duplicate field "x""#),
    (#"[{"t": 1e999, "type": "down", "id": 0, "x": 1, "y": 2}]"#, "taps.json: invalid JSON at line 1, column 8: number 1e999 is out of range"),
    (#"[1]"#, #"taps.json: [0]: expected an object like {"t": 0, "type": "down", "id": 0, "x": 10, "y": 20}, got 1"#),
    (#"[{"type": "down", "id": 0, "x": 1, "y": 2}]"#, "taps.json: [0].t: missing; expected milliseconds from the start"),
    (#"[{"t": "0", "type": "down", "id": 0, "x": 1, "y": 2}]"#, #"taps.json: [0].t: expected milliseconds from the start (a number from 0), got "0""#),
    (#"[{"t": -5, "type": "down", "id": 0, "x": 1, "y": 2}]"#, "taps.json: [0].t: expected milliseconds from the start (a number from 0), got -5"),
    (#"[{"t": 0, "type": 3, "id": 0, "x": 1, "y": 2}]"#, "taps.json: [0].type: expected one of down/move/up/cancel, got 3"),
    // A newline or an escape sequence in a quoted value must not split the line or drive the terminal.
    (#"[{"t": 0, "type": "pr\u001b[2J\ness", "id": 0, "x": 1, "y": 2}]"#,
     #"taps.json: [0].type: expected one of down/move/up/cancel, got "pr\u{1B}[2J\ness""#),
    (#"[{"t": 0, "type": "down", "id": 1.5, "x": 1, "y": 2}]"#, "taps.json: [0].id: expected the finger, a whole number from 0 (or -1 for the pointer), got 1.5"),
    (#"[{"t": 0, "type": "down", "id": true, "x": 1, "y": 2}]"#, "taps.json: [0].id: expected the finger, a whole number from 0 (or -1 for the pointer), got true"),
    (#"[{"t": 0, "type": "down", "id": 0, "y": 2}]"#, "taps.json: [0].x: missing; down and move events need x and y in screen pixels"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": null, "y": 2}]"#,
     "taps.json: [0].x: expected screen pixels from -1000000 to 1000000, got null"),
    // Far off screen: further down a page offset or a row index would trap converting to an Int.
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": 2}, {"t": 16, "type": "move", "id": 0, "x": 5e18, "y": 2}]"#,
     "taps.json: [1].x: expected screen pixels from -1000000 to 1000000, got 5e+18"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": -1e300}]"#,
     "taps.json: [0].y: expected screen pixels from -1000000 to 1000000, got -1e+300"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": 2, "force": 1}]"#, #"taps.json: [0]: unknown field "force" (expected t, type, id, x, y)"#),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": 2}, {"t": 5, "type": "up", "id": 0, "x": 1, "y": 2}]"#,
     "taps.json: [1].x: up events carry no position (the finger is where it last moved); omit x and y"),
    (#"[{"t": 10, "type": "down", "id": 0, "x": 1, "y": 2}, {"t": 5, "type": "up", "id": 0}]"#,
     "taps.json: [1].t: expected a time at or after the previous event's 10, got 5"),
    (#"[{"t": 0, "type": "move", "id": 0, "x": 1, "y": 2}]"#, "taps.json: [0].id: finger 0 is not down; a move needs a down before it"),
    (#"[{"t": 0, "type": "down", "id": 2, "x": 1, "y": 2}, {"t": 9, "type": "down", "id": 2, "x": 1, "y": 2}]"#,
     "taps.json: [1].id: finger 2 is already down (since [0])"),
    (#"[{"t": 0, "type": "down", "id": 0, "x": 1, "y": 2}, {"t": 0, "type": "up", "id": 0}]"#,
     "taps.json: [1]: finger 0 already has an event at t = 0 ([0]); one event per finger per frame"),
])
func badScriptsSayWhatIsWrongOnOneLine(json: String, message: String) {
    #expect {
        try script(json, name: "taps.json")
    } throws: { error in
        let text = "\(error)"
        return text == message
    }
}

@Test func missingFileIsAnErrorNotACrash() {
    #expect {
        try TouchScript(contentsOf: streamURL("no-such-script.json"))
    } throws: { error in
        "\(error)" == streamURL("no-such-script.json").path + ": no such file"
    }
}

/// Errors name the script as it was typed, not by its base name only (there may be many taps.json).
@Test func errorsNameTheScriptAsTyped() {
    #expect {
        try TouchScript(contentsOf: URL(fileURLWithPath: "no/such/dir/taps.json"))
    } throws: { error in
        "\(error)" == "no/such/dir/taps.json: no such file"
    }
}

@Test func pointerPressAndDragIsOneMoreTouch() {
    var pointer = PointerTouch()
    #expect(pointer.move(to: Point(x: 10, y: 10), time: 0) == nil) // hovering: no touch
    let down = pointer.button(pressed: true, time: 1_000)
    #expect(down?.events == [TouchEvent(.down, id: .pointer, at: Point(x: 10, y: 10), time: 1_000)])
    #expect(pointer.move(to: Point(x: 30, y: 10), time: 2_000)?.events.first?.phase == .move)
    #expect(pointer.button(pressed: true, time: 2_500) == nil)
    #expect(pointer.button(pressed: false, time: 3_000)?.events == [TouchEvent(.up, id: .pointer, at: Point(x: 30, y: 10), time: 3_000)])
    #expect(pointer.cancel(time: 4_000) == nil)
}

@Test func thresholdsAreMillimetresOnTheGlass() {
    // The seed's 50 px on a 163 ppi phone is the 8 mm commit distance.
    let phone = GestureMetrics(dotsPerInch: 163)
    #expect(abs(phone.pixels(SwipeRecognizer.commitDistance) - 50) < 2)
    #expect(abs(phone.millimetres(pixels: 50).value - 7.79) < 0.01)
    // A 10.1" 1280x800 panel, 217 mm wide, from its DRM connector.
    let kiosk = GestureMetrics(pixelWidth: 1280, physicalWidth: Millimetres(217))
    #expect(abs((kiosk?.pixels(Millimetres(8)) ?? 0) - 47.19) < 0.01)
    // Connectors that do not know their size report 0 mm.
    #expect(GestureMetrics(pixelWidth: 1280, physicalWidth: Millimetres(0)) == nil)
}
