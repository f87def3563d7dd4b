import Testing
@testable import FlickGestures
import FlickInput

@Test func quickTapIsRecognisedWhereItLanded() throws {
    let taps = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 40, "type": "move", "id": 0, "x": 302, "y": 201},
     {"t": 90, "type": "up", "id": 0}]
    """)
    let (tap, states) = run(TapRecognizer(metrics: metrics), taps)
    #expect(states == [.possible, .possible, .ended])
    #expect(tap.location == Point(x: 300, y: 200))
    #expect(tap.tapCount == 1)
}

@Test func tapThatSlidesTooFarFails() throws {
    let slide = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 40, "type": "move", "id": 0, "x": 320, "y": 200},
     {"t": 90, "type": "up", "id": 0}]
    """)
    #expect(run(TapRecognizer(metrics: metrics), slide).0.state == .failed)
}

@Test func fingerHeldPastTheTapDurationFailsWithoutAnotherEvent() throws {
    let press = try script(#"[{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200}]"#)
    var (tap, _) = run(TapRecognizer(metrics: metrics), press)
    #expect(tap.deadline == TapRecognizer.maximumDuration)
    tap.tick(to: TapRecognizer.maximumDuration - 1)
    #expect(tap.state == .possible)
    tap.tick(to: TapRecognizer.maximumDuration)
    #expect(tap.state == .failed)
}

@Test func secondFingerIsNotATap() throws {
    let twoFingers = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 30, "type": "down", "id": 1, "x": 500, "y": 200},
     {"t": 60, "type": "up", "id": 0},
     {"t": 70, "type": "up", "id": 1}]
    """)
    #expect(run(TapRecognizer(metrics: metrics), twoFingers).0.state == .failed)
}

@Test func cancelledTouchIsNotATap() throws {
    let cancelled = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 60, "type": "cancel", "id": 0}]
    """)
    #expect(run(TapRecognizer(metrics: metrics), cancelled).0.state == .failed)
}

@Test func twoQuickTapsMakeADoubleTap() throws {
    let double = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 80, "type": "up", "id": 0},
     {"t": 200, "type": "down", "id": 0, "x": 310, "y": 205},
     {"t": 270, "type": "up", "id": 0}]
    """)
    let (tap, states) = run(TapRecognizer(metrics: metrics, taps: 2), double)
    #expect(states == [.possible, .possible, .possible, .ended])
    #expect(tap.tapCount == 2)
    #expect(tap.location == Point(x: 300, y: 200))
}

@Test func doubleTapGivesUpWhenTheSecondTapIsLate() throws {
    let single = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 80, "type": "up", "id": 0}]
    """)
    var (doubleTap, _) = run(TapRecognizer(metrics: metrics, taps: 2), single)
    #expect(doubleTap.deadline == ms(80) + TapRecognizer.maximumInterval)
    doubleTap.tick(to: ms(80) + TapRecognizer.maximumInterval)
    #expect(doubleTap.state == .failed)
}

@Test func doubleTapFailsWhenTheTapsLandFarApart() throws {
    let apart = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 80, "type": "up", "id": 0},
     {"t": 200, "type": "down", "id": 0, "x": 420, "y": 200}]
    """)
    #expect(run(TapRecognizer(metrics: metrics, taps: 2), apart).0.state == .failed)
}

