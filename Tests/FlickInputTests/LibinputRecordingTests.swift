import Foundation
import Testing
import FlickGestures
@testable import FlickInput

@Test func recordedPinchAndSwipeImportAsTouchesInScreenPixels() throws {
    let recording = try LibinputRecording(contentsOf: streamURL("ilitek-pinch-then-swipe.yml"))
    #expect(recording.devices.count == 1)
    let device = recording.devices[0]
    #expect(device.node == "/dev/input/event5")
    #expect(device.name == "ILITEK ILITEK-TP")
    #expect(device.isDirect)
    #expect(device.absinfo[53] == LibinputRecording.AbsInfo(minimum: 0, maximum: 16383, resolution: 76))
    #expect(device.events.count == 182)

    let touches = try recording.touchScript(screenWidth: 1280, screenHeight: 800)
    let frames = touches.frames
    #expect(frames.count == 24)
    // ILITEK's 0...16383 spans the 1280x800 screen: 6400 → 500 px, 5600 → 273.4375 px.
    #expect(frames[0].events == [TouchEvent(.down, id: .finger(0), at: Point(x: 500, y: 273.4375), time: 0)])
    #expect(frames[1].events == [TouchEvent(.down, id: .finger(1), at: Point(x: 6500 * 1280 / 16384, y: 8800 * 800 / 16384), time: 16_000)])
    #expect(frames[2].events.map(\.phase) == [.move, .move])
    #expect(frames[12].events.map(\.phase) == [.up])
    #expect(frames[12].events[0].id == .finger(1))
    #expect(frames[13].events.map(\.phase) == [.up])
    #expect(frames[14].events[0] == TouchEvent(.down, id: .finger(0), at: Point(x: 859.375, y: 390.625), time: 1_250_000))
    #expect(frames.last?.events.map(\.phase) == [.up])

    // And it reads as the gestures that were made.
    var arena = GestureArena()
    let pinch = arena.add(PinchRecognizer(metrics: metrics))
    let swipe = arena.add(SwipeRecognizer(metrics: metrics))
    let pinching = run(&arena, frames.filter { $0.time < 1_000_000 })
    #expect(pinching.filter { $0.gesture == pinch.id }.map(\.state) == [.began] + Array(repeating: .changed, count: 8) + [.ended])
    #expect(arena[pinch].initialPoints?.upper == Point(x: 500, y: 273.4375))
    #expect(arena[pinch].scale > 1.5)
    let swiping = run(&arena, frames.filter { $0.time >= 1_000_000 })
    #expect(swiping.filter { $0.gesture == swipe.id }.map(\.state).last == .ended)
    #expect(arena[swipe].decision == .commit(.left))
}

@Test func importedRecordingWritesOutAsATouchScript() throws {
    let recording = try LibinputRecording(contentsOf: streamURL("ilitek-pinch-then-swipe.yml"))
    let touches = try recording.touchScript(screenWidth: 1280, screenHeight: 800)
    #expect(try script(touches.json()) == touches)
}

@Test func singleTouchResistivePanelScalesFromItsCalibratedRange() throws {
    let recording = try LibinputRecording(contentsOf: streamURL("ads7846-tap.yml"))
    #expect(!recording.devices[0].isDirect)
    let frames = try recording.touchScript(screenWidth: 800, screenHeight: 480).frames
    // x 200...3895 and y 240...3839 span the screen.
    #expect(frames.map { $0.events.map(\.phase) } == [[.down], [.move], [.up]])
    #expect(frames[0].events[0].position == Point(x: Double(2048 - 200) * 800 / 3696, y: Double(2040 - 240) * 480 / 3600))
    #expect(frames[2].time == 80_397)
    #expect(run(TapRecognizer(metrics: metrics), TouchScript(frames: frames)).0.state == .ended)
}

/// A minimal capture around the given evdev frames, with a 0...999 touchscreen of 4 slots.
private func capture(_ events: String) -> String {
    """
    version: 1
    devices:
    - node: /dev/input/event2
      evdev:
        name: "Test Touch"
        absinfo:
          47: [0, 3, 0, 0, 0]
          53: [0, 999, 0, 0, 10]
          54: [0, 999, 0, 0, 10]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      events:
    \(events)
    """
}

@Test func droppedKernelEventsCancelTheTouchesInProgress() throws {
    let yaml = capture("""
      - evdev:
        - [  0,      0,   3,  57,      7]
        - [  0,      0,   3,  53,    100]
        - [  0,      0,   3,  54,    200]
        - [  0,      0,   0,   0,      0]
      - evdev:
        - [  0,  10000,   3,  53,    150]
        - [  0,  10000,   0,   3,      0] # SYN_DROPPED
        - [  0,  20000,   3,  53,    900]
        - [  0,  20000,   0,   0,      0]
      - evdev:
        - [  0,  30000,   3,  57,      8]
        - [  0,  30000,   3,  53,    300]
        - [  0,  30000,   0,   0,      0]
    """)
    let frames = try LibinputRecording(yaml: yaml, name: "dropped.yml").touchScript(screenWidth: 1000, screenHeight: 1000).frames
    #expect(frames.map { $0.events.map(\.phase) } == [[.down], [.cancel], [.down]])
    #expect(frames[1].events[0].position == Point(x: 100, y: 200))
    #expect(frames[2].events[0].position == Point(x: 300, y: 0))
}

@Test func newTrackingIDInABusySlotIsALiftAndANewTouch() throws {
    let yaml = capture("""
      - evdev:
        - [  0,      0,   3,  47,      2]
        - [  0,      0,   3,  57,     40]
        - [  0,      0,   3,  53,    100]
        - [  0,      0,   3,  54,    100]
        - [  0,      0,   0,   0,      0]
      - evdev:
        - [  0,   8000,   3,  57,     41]
        - [  0,   8000,   3,  53,    500]
        - [  0,   8000,   0,   0,      0]
    """)
    let frames = try LibinputRecording(yaml: yaml, name: "swap.yml").touchScript(screenWidth: 1000, screenHeight: 1000).frames
    #expect(frames[1].events == [TouchEvent(.up, id: .finger(2), at: Point(x: 100, y: 100), time: 8_000),
                                 TouchEvent(.down, id: .finger(2), at: Point(x: 500, y: 100), time: 8_000)])
}

@Test(arguments: [
    ("    - [  0,  24300,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0", "    - [  0,  24300,   3,  47]",
     "ilitek.yml:132: expected an evdev event [sec, usec, type, code, value], got `[0, 24300, 3, 47]`"),
    ("    - [  0,  24300,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0", "    - [  0,  24300,   3,  x47,    0]",
     "ilitek.yml:132: expected whole numbers of at most 32 bits in `[0, 24300, 3, x47, 0]`, got `x47`"),
    ("    - [  0,  24300,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0", "    - [  0,  24300,   3,  47,      12]",
     "ilitek.yml:132: ABS_MT_SLOT 12 is outside the device's slots 0...9"),
    ("    - [  0,  24300,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0", "    - [  0, 2400300,   3,  47,       0]",
     "ilitek.yml:132: expected a time of [sec, usec] with usec below 1000000, got [0, 2400300]"),
    ("      53: [0, 16383, 0, 0, 76]", "      53: [0, 16383]",
     "ilitek.yml:87: expected absinfo [min, max, fuzz, flat, resolution] for axis 53, got `[0, 16383]`"),
    ("    0x81, 0x03, 0xc0, 0xc0\n  ]", "    0x81, 0x03, 0xc0, 0xc0",
     "ilitek.yml:95: not valid YAML: did not find expected ',' or ']' while parsing a flow sequence from line 91"),
    ("    properties: [1]", "\tproperties: [1]",
     "ilitek.yml:90: not valid YAML: found character that cannot start any token; YAML indents with spaces, not tabs"),
    ("version: 1", "version: 2",
     "ilitek.yml:2: libinput record format version 2; this reader knows version 1"),
    ("\ndevices:", "\ngadgets:",
     "ilitek.yml: not a libinput recording: no `devices:` section"),
    ("      53: [0, 16383, 0, 0, 76]\n      54: [0, 16383, 0, 0, 121]\n", "",
     "ilitek.yml: no touch device in the recording (none has ABS_MT_POSITION_X/Y or ABS_X/Y in its absinfo)"),
    ("      47: [0, 9, 0, 0, 0]\n", "",
     "ilitek.yml:12: /dev/input/event5 reports multitouch without ABS_MT_SLOT (protocol A), which is not supported"),
])
func brokenRecordingsNameTheFileAndLine(original: String, replacement: String, message: String) throws {
    let text = try String(contentsOf: streamURL("ilitek-pinch-then-swipe.yml"), encoding: .utf8)
    #expect(text.contains(original))
    var broken = text
    if let range = broken.range(of: original) { broken.replaceSubrange(range, with: replacement) }
    // absinfo without positions: drop the pointer-emulation axes too, or they import as a single-touch panel.
    if replacement.isEmpty, original.hasPrefix("      53") {
        broken = broken.replacingOccurrences(of: "      0: [0, 16383, 0, 0, 76]\n      1: [0, 16383, 0, 0, 121]\n", with: "")
    }
    #expect {
        let recording = try LibinputRecording(yaml: broken, name: "ilitek.yml")
        _ = try recording.touchScript(screenWidth: 1280, screenHeight: 800)
    } throws: { error in
        "\(error)" == message
    }
}

@Test func unknownDeviceNodeListsTheRecordedOnes() throws {
    let recording = try LibinputRecording(contentsOf: streamURL("ads7846-tap.yml"))
    #expect {
        try recording.touchScript(screenWidth: 800, screenHeight: 480, device: "/dev/input/event9")
    } throws: { error in
        "\(error)" == streamURL("ads7846-tap.yml").path + ": no device /dev/input/event9 in the recording (it has /dev/input/event0)"
    }
}
