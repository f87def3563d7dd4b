import Testing
@testable import FlickGestures
import FlickInput

/// Two fingers on neighbouring to-do rows (60 px apart), parting the list by 10 px a finger each frame.
private let partRows = """
[{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
 {"t": 20, "type": "down", "id": 1, "x": 410, "y": 360},
 {"t": 40, "type": "move", "id": 0, "x": 400, "y": 290},
 {"t": 40, "type": "move", "id": 1, "x": 410, "y": 370},
 {"t": 60, "type": "move", "id": 0, "x": 400, "y": 280},
 {"t": 60, "type": "move", "id": 1, "x": 410, "y": 380},
 {"t": 80, "type": "move", "id": 0, "x": 400, "y": 270},
 {"t": 80, "type": "move", "id": 1, "x": 410, "y": 390},
 {"t": 100, "type": "move", "id": 0, "x": 400, "y": 250},
 {"t": 100, "type": "move", "id": 1, "x": 410, "y": 410},
 {"t": 140, "type": "up", "id": 1},
 {"t": 150, "type": "up", "id": 0}]
"""

@Test func pinchApartReportsTheTwoRowsTouchedAndTheScale() throws {
    let (pinch, states) = run(PinchRecognizer(metrics: metrics), try script(partRows))
    // Span 60.8 → 80.6 (+19.8, inside the 24 px slop) → 100.5: begins on the third step.
    #expect(states == [.possible, .possible, .possible, .began, .changed, .changed, .ended, .ended])
    #expect(pinch.initialPoints == PinchPoints(upper: Point(x: 400, y: 300), lower: Point(x: 410, y: 360)))
    #expect(pinch.points == PinchPoints(upper: Point(x: 400, y: 250), lower: Point(x: 410, y: 410)))
    #expect(pinch.span == PinchSpan(x: 10, y: 160))
    #expect(pinch.initialSpan == PinchSpan(x: 10, y: 60))
    #expect(abs(pinch.scale - (160.0 * 160 + 100).squareRoot() / (60.0 * 60 + 100).squareRoot()) < 1e-9)
    #expect(pinch.centre == Point(x: 405, y: 330))
}

@Test func upperIsTheTouchNearerTheTopWhicheverLandedFirst() throws {
    let lowerFirst = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 500},
     {"t": 10, "type": "down", "id": 1, "x": 420, "y": 440}]
    """)
    let (pinch, _) = run(PinchRecognizer(metrics: metrics), lowerFirst)
    #expect(pinch.initialPoints?.upper == Point(x: 420, y: 440))
    #expect(pinch.initialPoints?.lower == Point(x: 400, y: 500))
}

@Test func pinchTogetherScalesDown() throws {
    let together = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 0, "type": "down", "id": 1, "x": 500, "y": 400},
     {"t": 30, "type": "move", "id": 0, "x": 350, "y": 250},
     {"t": 30, "type": "move", "id": 1, "x": 450, "y": 350},
     {"t": 60, "type": "up", "id": 0},
     {"t": 60, "type": "up", "id": 1}]
    """)
    let (pinch, states) = run(PinchRecognizer(metrics: metrics), together)
    #expect(states == [.possible, .began, .ended])
    #expect(abs(pinch.scale - 0.5) < 1e-9)
}

@Test func thirdFingerMidPinchIsIgnored() throws {
    let third = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
     {"t": 0, "type": "down", "id": 1, "x": 400, "y": 400},
     {"t": 20, "type": "move", "id": 0, "x": 400, "y": 250},
     {"t": 40, "type": "down", "id": 2, "x": 100, "y": 700},
     {"t": 60, "type": "move", "id": 2, "x": 900, "y": 100},
     {"t": 60, "type": "move", "id": 1, "x": 400, "y": 450},
     {"t": 80, "type": "up", "id": 2},
     {"t": 100, "type": "move", "id": 1, "x": 400, "y": 460}]
    """)
    let (pinch, states) = run(PinchRecognizer(metrics: metrics), third)
    #expect(states == [.possible, .began, .began, .changed, .changed, .changed])
    #expect(abs(pinch.scale - 2.1) < 1e-9)
    #expect(pinch.points == PinchPoints(upper: Point(x: 400, y: 250), lower: Point(x: 400, y: 460)))
}

@Test func liftingEitherFingerEndsThePinchEvenWithAThirdStillDown() throws {
    let lift = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
     {"t": 0, "type": "down", "id": 1, "x": 400, "y": 400},
     {"t": 20, "type": "move", "id": 1, "x": 400, "y": 450},
     {"t": 40, "type": "down", "id": 2, "x": 100, "y": 700},
     {"t": 60, "type": "up", "id": 0}]
    """)
    let (pinch, states) = run(PinchRecognizer(metrics: metrics), lift)
    #expect(states.last == .ended)
    #expect(abs(pinch.scale - 1.5) < 1e-9)
}

@Test func cancelledTouchCancelsThePinch() throws {
    let cancelled = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
     {"t": 0, "type": "down", "id": 1, "x": 400, "y": 400},
     {"t": 20, "type": "move", "id": 1, "x": 400, "y": 450},
     {"t": 40, "type": "cancel", "id": 1}]
    """)
    #expect(run(PinchRecognizer(metrics: metrics), cancelled).1 == [.possible, .began, .cancelled])
}

@Test func twoFingersMovingTogetherAreNotAPinch() throws {
    let scroll = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
     {"t": 0, "type": "down", "id": 1, "x": 500, "y": 300},
     {"t": 30, "type": "move", "id": 0, "x": 400, "y": 400},
     {"t": 30, "type": "move", "id": 1, "x": 500, "y": 400},
     {"t": 60, "type": "up", "id": 0},
     {"t": 60, "type": "up", "id": 1}]
    """)
    #expect(run(PinchRecognizer(metrics: metrics), scroll).1 == [.possible, .possible, .failed])
}

@Test func oneFingerIsNotAPinch() throws {
    let one = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 300},
     {"t": 30, "type": "move", "id": 0, "x": 400, "y": 400},
     {"t": 60, "type": "up", "id": 0}]
    """)
    #expect(run(PinchRecognizer(metrics: metrics), one).0.state == .failed)
}
