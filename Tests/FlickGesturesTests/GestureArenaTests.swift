import Testing
@testable import FlickGestures
import FlickInput

/// The to-do page of the kiosk: pages swipe anywhere on the 1280x800 screen; the list (x 100..<700) scrolls
/// vertically and parts for pinches; one of its rows (y 200..<280) swipes sideways and takes taps and double taps.
struct TodoPage {
    var arena = GestureArena()
    let page: GestureHandle<SwipeRecognizer>
    let list: GestureHandle<PanRecognizer>
    let pinch: GestureHandle<PinchRecognizer>
    let rowSwipe: GestureHandle<SwipeRecognizer>
    let tap: GestureHandle<TapRecognizer>
    let doubleTap: GestureHandle<TapRecognizer>
    private let names: [GestureID: String]

    init() {
        let listRegion = Rect(x: 100, y: 0, width: 600, height: 800)
        let rowRegion = Rect(x: 100, y: 200, width: 600, height: 80)
        page = arena.add(SwipeRecognizer(metrics: metrics))
        list = arena.add(PanRecognizer(metrics: metrics, axisLock: .only(.vertical)), region: listRegion, depth: 1)
        pinch = arena.add(PinchRecognizer(metrics: metrics), region: listRegion, depth: 1)
        rowSwipe = arena.add(SwipeRecognizer(metrics: metrics, axes: [.horizontal]), region: rowRegion, depth: 2)
        tap = arena.add(TapRecognizer(metrics: metrics), region: rowRegion, depth: 2)
        doubleTap = arena.add(TapRecognizer(metrics: metrics, taps: 2), region: rowRegion, depth: 2)
        arena.require(tap, toFail: doubleTap)
        names = [page.id: "page", list.id: "list", pinch.id: "pinch", rowSwipe.id: "row swipe", tap.id: "tap", doubleTap.id: "double tap"]
    }

    /// Feeds the frames and says what happened, like "row swipe began".
    mutating func play(_ frames: [TouchFrame]) -> [String] {
        frames.flatMap { arena.handle($0) }.map(describe)
    }

    mutating func tick(to time: Microseconds) -> [String] { arena.tick(to: time).map(describe) }

    func describe(_ change: GestureChange) -> String { "\(names[change.gesture] ?? "?") \(change.state)" }
}

/// One finger landing at `start` and moving by `step` every 16 ms, `steps` times, then lifting.
func straightDrag(from start: Point, step: Vector, steps: Int, id: Int = 0, at t0: Microseconds = 0) -> [TouchFrame] {
    var events = [TouchEvent(.down, id: .finger(id), at: start, time: t0)]
    var p = start
    for k in 1...steps {
        p = p + step
        events.append(TouchEvent(.move, id: .finger(id), at: p, time: t0 + Microseconds(k) * 16_000))
    }
    events.append(TouchEvent(.up, id: .finger(id), at: p, time: t0 + Microseconds(steps + 1) * 16_000))
    return TouchFrame.frames(grouping: events)
}

@Test func horizontalDragOnARowSwipesTheRowNotThePage() {
    var todo = TodoPage()
    let changes = todo.play(straightDrag(from: Point(x: 400, y: 240), step: Vector(x: -10, y: 0), steps: 8))
    #expect(changes == ["row swipe began", "tap failed", "double tap failed", "list failed", "pinch failed", "page failed"]
        + Array(repeating: "row swipe changed", count: 6) + ["row swipe ended"])
    #expect(todo.arena[todo.rowSwipe].decision == .commit(.left))
}

@Test func verticalDragOnARowScrollsTheList() {
    var todo = TodoPage()
    let changes = todo.play(straightDrag(from: Point(x: 400, y: 240), step: Vector(x: 1, y: 10), steps: 6))
    #expect(changes == ["row swipe failed", "tap failed", "double tap failed", "list began", "pinch failed", "page failed"]
        + Array(repeating: "list changed", count: 4) + ["list ended"])
    #expect(todo.arena[todo.list].translation == Vector(x: 0, y: 60))
}

@Test func horizontalDragOutsideTheListTurnsThePage() {
    var todo = TodoPage()
    let changes = todo.play(straightDrag(from: Point(x: 1000, y: 400), step: Vector(x: -15, y: 0), steps: 6))
    #expect(changes == ["page began"] + Array(repeating: "page changed", count: 5) + ["page ended"])
    #expect(todo.arena[todo.page].decision == .commit(.left))
}

@Test func twoFingersPartingNeighbouringRowsPinchTheList() {
    var todo = TodoPage()
    var events = [TouchEvent(.down, id: .finger(0), at: Point(x: 400, y: 240), time: 0),
                  TouchEvent(.down, id: .finger(1), at: Point(x: 400, y: 300), time: 20_000)]
    for k in 1...4 {
        let t = 20_000 + Microseconds(k) * 20_000
        events.append(TouchEvent(.move, id: .finger(0), at: Point(x: 400, y: 240 - 10 * Double(k)), time: t))
        events.append(TouchEvent(.move, id: .finger(1), at: Point(x: 400, y: 300 + 10 * Double(k)), time: t))
    }
    events.append(TouchEvent(.up, id: .finger(0), at: Point(x: 400, y: 200), time: 120_000))
    events.append(TouchEvent(.up, id: .finger(1), at: Point(x: 400, y: 340), time: 130_000))
    let changes = todo.play(TouchFrame.frames(grouping: events))
    #expect(changes == ["list failed", "page failed", "row swipe failed", "tap failed", "double tap failed", "pinch began",
                        "pinch changed", "pinch changed", "pinch ended"])
    let pinch = todo.arena[todo.pinch]
    #expect(pinch.initialPoints == PinchPoints(upper: Point(x: 400, y: 240), lower: Point(x: 400, y: 300)))
    #expect(pinch.scale == 140.0 / 60)
}

@Test func tapOnARowWaitsForTheDoubleTapToFail() {
    var todo = TodoPage()
    let tap = [TouchFrame(time: 0, events: [TouchEvent(.down, id: .finger(0), at: Point(x: 400, y: 240), time: 0)]),
               TouchFrame(time: 80_000, events: [TouchEvent(.up, id: .finger(0), at: Point(x: 400, y: 240), time: 80_000)])]
    #expect(todo.play(tap) == ["row swipe failed", "list failed", "pinch failed", "page failed"])
    #expect(todo.arena[todo.tap].state == .ended)
    #expect(todo.arena.state(of: todo.tap) == .possible) // held back
    #expect(todo.arena.deadline == 80_000 + TapRecognizer.maximumInterval)

    #expect(todo.tick(to: 379_999) == [])
    #expect(todo.tick(to: 380_000) == ["double tap failed", "tap ended"])
    #expect(todo.arena.deadline == nil)
}

@Test func doubleTapOnARowWinsOverTheTap() throws {
    var todo = TodoPage()
    let taps = try script("""
    [{"t": 0, "type": "down", "id": 0, "x": 400, "y": 240},
     {"t": 80, "type": "up", "id": 0},
     {"t": 200, "type": "down", "id": 0, "x": 405, "y": 236},
     {"t": 270, "type": "up", "id": 0}]
    """)
    let changes = todo.play(taps.frames)
    #expect(changes == ["row swipe failed", "list failed", "pinch failed", "page failed",
                        "row swipe failed", "double tap ended", "tap failed", "list failed", "pinch failed", "page failed"])
    #expect(todo.tick(to: 2_000_000) == [])
}

@Test func touchesLandingDuringAGestureGoOnlyToTheWinner() {
    var todo = TodoPage()
    var frames = Array(straightDrag(from: Point(x: 400, y: 240), step: Vector(x: -10, y: 0), steps: 8).dropLast())
    // A second finger lands on the page, well outside the list, and sweeps sideways while the row swipe runs.
    frames.append(TouchFrame(time: 150_000, events: [TouchEvent(.down, id: .finger(1), at: Point(x: 1000, y: 400), time: 150_000)]))
    for k in 1...5 {
        let t = 150_000 + Microseconds(k) * 16_000
        frames.append(TouchFrame(time: t, events: [TouchEvent(.move, id: .finger(1), at: Point(x: 1000 - 40 * Double(k), y: 400), time: t)]))
    }
    frames.append(TouchFrame(time: 300_000, events: [TouchEvent(.up, id: .finger(0), at: Point(x: 320, y: 240), time: 300_000)]))
    frames.append(TouchFrame(time: 316_000, events: [TouchEvent(.move, id: .finger(1), at: Point(x: 700, y: 400), time: 316_000)]))
    frames.append(TouchFrame(time: 332_000, events: [TouchEvent(.up, id: .finger(1), at: Point(x: 700, y: 400), time: 332_000)]))

    var winners: Set<GestureID?> = []
    var changes: [String] = []
    for frame in frames {
        changes += todo.arena.handle(frame).map(todo.describe)
        winners.insert(todo.arena.winner)
    }
    #expect(!changes.contains("page began"))
    #expect(changes.last == "row swipe ended")
    #expect(winners == [nil, todo.rowSwipe.id])
}

@Test func cancelledTouchCancelsTheWinnerAndTheNextSwipeStartsAfresh() {
    var todo = TodoPage()
    var frames = Array(straightDrag(from: Point(x: 400, y: 240), step: Vector(x: -10, y: 0), steps: 3).dropLast())
    frames.append(TouchFrame(time: 64_000, events: [TouchEvent(.cancel, id: .finger(0), at: Point(x: 370, y: 240), time: 64_000)]))
    let cancelled = todo.play(frames)
    #expect(cancelled.last == "row swipe cancelled")
    #expect(todo.arena[todo.rowSwipe].decision == nil)

    let again = todo.play(straightDrag(from: Point(x: 400, y: 240), step: Vector(x: 10, y: 0), steps: 8, at: 500_000))
    #expect(again.first == "row swipe began")
    #expect(again.last == "row swipe ended")
    #expect(todo.arena[todo.rowSwipe].decision == .commit(.right))
}

@Test func sameStreamGivesTheSameChanges() throws {
    let stream = try TouchScript(contentsOf: streamURL("todo-session.json"))
    var first = TodoPage(), second = TodoPage()
    let a = first.play(stream.frames), b = second.play(stream.frames)
    #expect(!a.isEmpty)
    #expect(a == b)
}

