import Testing
@testable import FlickGestures
import FlickInput

@Test func panBeginsPastTheSlopAndReportsTranslationFromTheTouchDown() throws {
    let drag = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 10, "type": "move", "id": 0, "x": 306, "y": 203},
     {"t": 20, "type": "move", "id": 0, "x": 312, "y": 206},
     {"t": 30, "type": "move", "id": 0, "x": 318, "y": 209},
     {"t": 40, "type": "up", "id": 0}]
    """)
    var pan = PanRecognizer(metrics: metrics)
    let frames = drag.frames
    pan.handle(frames[0]); pan.handle(frames[1])
    #expect(pan.state == .possible) // 6.7 px: inside the 12 px slop
    pan.handle(frames[2])
    #expect(pan.state == .began)
    #expect(pan.translation == Vector(x: 12, y: 6))
    pan.handle(frames[3])
    #expect(pan.state == .changed)
    #expect(abs(pan.velocity.x - 600) < 1e-6)
    #expect(abs(pan.velocity.y - 300) < 1e-6)
    pan.handle(frames[4])
    #expect(pan.state == .ended)
    #expect(pan.translation == Vector(x: 18, y: 9))
    #expect(abs(pan.velocity.x - 600) < 1e-6)
}

@Test func panThatNeverLeavesTheSlopFails() throws {
    let nudge = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 50, "type": "move", "id": 0, "x": 308, "y": 204},
     {"t": 90, "type": "up", "id": 0}]
    """)
    #expect(run(PanRecognizer(metrics: metrics), nudge).1 == [.possible, .possible, .failed])
}

@Test func verticalOnlyPanLeavesAHorizontalDragAlone() throws {
    let sideways = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 20, "type": "move", "id": 0, "x": 320, "y": 205}]
    """)
    #expect(run(PanRecognizer(metrics: metrics, axisLock: .only(.vertical)), sideways).0.state == .failed)

    let down = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 20, "type": "move", "id": 0, "x": 305, "y": 220}]
    """)
    let (pan, _) = run(PanRecognizer(metrics: metrics, axisLock: .only(.vertical)), down)
    #expect(pan.state == .began)
    #expect(pan.translation == Vector(x: 0, y: 20))
}

@Test func secondFingerFailsAOneFingerPanBeforeItBegins() throws {
    let two = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 20, "type": "down", "id": 1, "x": 300, "y": 400}]
    """)
    #expect(run(PanRecognizer(metrics: metrics), two).0.state == .failed)
}

@Test func fingerLandingMidPanDoesNotMakeTheTranslationJump() throws {
    let drag = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 20, "type": "move", "id": 0, "x": 300, "y": 240},
     {"t": 40, "type": "down", "id": 1, "x": 500, "y": 600},
     {"t": 60, "type": "move", "id": 0, "x": 300, "y": 250},
     {"t": 60, "type": "move", "id": 1, "x": 500, "y": 610},
     {"t": 80, "type": "up", "id": 0},
     {"t": 100, "type": "move", "id": 1, "x": 500, "y": 615}]
    """)
    var pan = PanRecognizer(metrics: metrics, maximumTouches: 2)
    var translations: [Vector] = []
    for frame in drag.frames {
        pan.handle(frame)
        translations.append(pan.translation)
    }
    #expect(translations.map(\.y) == [0, 40, 40, 50, 50, 55])
    #expect(pan.state == .changed)
    #expect(pan.touchCount == 1)
}

@Test func cancelledTouchCancelsAPanUnderWay() throws {
    let cancelled = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 300, "y": 200},
     {"t": 20, "type": "move", "id": 0, "x": 300, "y": 240},
     {"t": 40, "type": "cancel", "id": 0}]
    """)
    #expect(run(PanRecognizer(metrics: metrics), cancelled).1 == [.possible, .began, .cancelled])
}
