@testable import FlickKiosk
import FlickGestures
import FlickMotion
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// The tour (kiosk/tour.json) at 640x400 and 160 dpi, touched as a visitor would: where features meet. At this
// size the config's sizes scale by 0.5: the info list's bar is 48 px tall and its rows 44 px (row i spans
// y = 48 + 44i); the to-do list's rows are 8 mm = 50 px under a 60 px header; the slop is 12.6 px, the commit
// distance 50.4 px and the screen-edge zone 25.2 px.

private let width = 640, height = 400
private let theme = KioskConfig.Theme()

/// The tour, starting at `start`, with `peek`; the to-do page keeps `items` in a store of its own.
private final class Tour {
    let scene: PagesScene
    let player: VirtualClockPlayer

    init(start: String = "home", peek: Double = 0, items: [TodoItem] = [], dpi: Double = 160) throws {
        var json = try String(contentsOfFile: ConfigFixtures.tourPath, encoding: .utf8)
        json = json.replacingOccurrences(of: #""start": "home""#, with: #""start": "\#(start)""#)
        json = json.replacingOccurrences(of: #""peek": 0,"#, with: #""peek": \#(peek),"#)
        let config = try KioskConfig.parse(Array(json.utf8), file: "tour.json",
                                           directory: (ConfigFixtures.tourPath as NSString).deletingLastPathComponent)
        let state = temporaryStateDirectory()
        try TodoStore(directory: state).save(items)
        scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection(),
                           metrics: GestureMetrics(dotsPerInch: dpi), stateDirectory: state)
        player = VirtualClockPlayer(scene: scene, width: width, height: height)
    }

    /// Plays `frames` from now and runs until everything is still.
    func play(_ frames: [TouchFrame]) {
        player.enqueue(frames.map { TouchFrame(time: $0.time + now, events: $0.events.map { shifted($0) }) })
        player.run()
    }

    var now: Microseconds { Microseconds((player.time * 1e6).rounded()) + 20_000 }

    private func shifted(_ event: TouchEvent) -> TouchEvent {
        TouchEvent(event.phase, id: event.id, at: event.position, time: event.time + now)
    }

    var state: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(scene.finalStateJSON().utf8))) as? [String: Any] ?? [:]
    }

    var todoTexts: [String] { (state["todo"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? [] }
}

private func drag(_ x: Double, _ y: Double, dx: Double = 0, dy: Double = 0, steps: Int = 10, holdMs: Double = 8) -> [TouchFrame] {
    dragScript(from: (x, y), dx: dx, dy: dy, steps: steps, holdMs: holdMs)
}

private func tap(_ x: Double, _ y: Double, atMs t: Double = 0) -> [TouchFrame] {
    tapScript(at: (x, y), downMs: t, upMs: t + 50)
}

/// A drag of `dx` that is cancelled (a `cancel`, as when the panel is unplugged) instead of lifting.
private func cancelledDrag(_ x: Double, _ y: Double, dx: Double) -> [TouchFrame] {
    var events = [#"{"t": 0, "type": "down", "id": 0, "x": \#(x), "y": \#(y)}"#]
    for i in 1...10 {
        events.append(#"{"t": \#(i * 16), "type": "move", "id": 0, "x": \#(x + dx * Double(i) / 10), "y": \#(y)}"#)
    }
    events.append(#"{"t": 170, "type": "cancel", "id": 0}"#)
    return touchScript(events)
}

private let todoRowY = 60.0 + 25, infoRowY = 48.0 + 22

@Suite struct TourTouchTests {
    // 1. Every swipe a visitor tries leaves the to-do page.
    @Test(arguments: [
        ("up on the list", drag(320, 250, dy: -150)),
        ("fast up", drag(320, 250, dy: -100, steps: 3)),
        ("up from the bottom edge", drag(320, 398, dy: -150)),
        ("up on the header", drag(320, 30, dy: -150)),
        ("left", drag(400, 250, dx: -200)),
        ("right", drag(200, 250, dx: 200)),
    ])
    func everySwipeLeavesTheToDoPage(_ swipe: (String, [TouchFrame])) throws {
        let tour = try Tour(start: "todo")
        tour.play(swipe.1)
        #expect(tour.scene.currentPage == "home", "\(swipe.0)")
    }

    @Test func onAToDoListWithItemsRowsStillSwipeAndTheEdgesAndTheRestLeave() throws {
        let tour = try Tour(start: "todo", items: (0..<3).map { TodoItem(id: UInt64($0 + 1), text: "Item \($0)") })
        // A list of three rows cannot scroll: up leaves.
        tour.play(drag(320, todoRowY, dy: -150))
        #expect(tour.scene.currentPage == "home")
        let again = try Tour(start: "todo", items: (0..<3).map { TodoItem(id: UInt64($0 + 1), text: "Item \($0)") })
        // Left on a row deletes it; the same swipe from the screen's right edge turns the page.
        again.play(drag(500, todoRowY, dx: -400))
        #expect(again.scene.currentPage == "todo")
        #expect(again.todoTexts == ["Item 1", "Item 2"])
        again.play(drag(637, todoRowY, dx: -400))
        #expect(again.scene.currentPage == "home")
        #expect(again.todoTexts == ["Item 1", "Item 2"])
    }

    @Test func aPullDownOnTheToDoListStillAddsAnItem() throws {
        let tour = try Tour(start: "todo", items: [TodoItem(id: 1, text: "Milk")])
        tour.play(drag(320, todoRowY, dy: 150, steps: 20, holdMs: 60))
        #expect(tour.scene.currentPage == "todo")
        #expect(tour.state["editing"] as? Int == 0)
        #expect(tour.todoTexts == ["", "Milk"])
    }

    // 2. Taps on the info list work after any vertical drag.
    @Test func rowsOpenTheirDetailAfterAVerticalDrag() throws {
        let tour = try Tour(start: "info")
        tour.play(drag(320, 200, dy: 30))
        tour.play(drag(320, 200, dy: -30))
        tour.play(tap(320, infoRowY + 44))
        #expect(tour.state["detail"] as? Int == 1)
    }

    // 3. A cancelled touch undoes: no page change, no tap, no edit, no deletion.
    @Test func aCancelledPageDragSnapsBack() throws {
        let tour = try Tour()
        tour.play(cancelledDrag(400, 200, dx: -300))
        #expect(tour.scene.currentPage == "home")
        #expect(tour.scene.offset == 0)
    }

    @Test func aCancelledTapOpensNothingAndACancelledRowSwipeDeletesNothing() throws {
        let tour = try Tour(start: "info")
        tour.play(touchScript([#"{"t": 0, "type": "down", "id": 0, "x": 320, "y": \#(infoRowY)}"#,
                               #"{"t": 60, "type": "cancel", "id": 0}"#]))
        #expect(tour.state["detail"] is NSNull)
        let todo = try Tour(start: "todo", items: [TodoItem(id: 1, text: "Milk")])
        todo.play(touchScript([#"{"t": 0, "type": "down", "id": 0, "x": 320, "y": \#(todoRowY)}"#,
                               #"{"t": 60, "type": "cancel", "id": 0}"#]))
        #expect(todo.state["editing"] is NSNull)
        todo.play(cancelledDrag(500, todoRowY, dx: -400))
        #expect(todo.todoTexts == ["Milk"])
        #expect(todo.scene.currentPage == "todo")
    }

    // 4. Every press of Next turns a page, however fast they come.
    @Test(arguments: [(2, 150.0), (5, 200.0)])
    func everyNextPressTurnsAPage(_ presses: (count: Int, apartMs: Double)) throws {
        let tour = try Tour(start: "more")
        // Next sits at the right of the bar along the bottom: 32 px margin, 113 px wide, y 324...368.
        tour.play((0..<presses.count).flatMap { tap(550, 346, atMs: Double($0) * presses.apartMs) })
        #expect(tour.state["text"] as? Int == presses.count)
    }

    // 5. A swipe from a screen edge turns the photos page; one that starts on the card moves the card.
    @Test func aSwipeFromTheTopEdgeLeavesThePhotosPageEvenWhereTheCardIs() throws {
        // At 400 dpi the 4 mm edge zone is 63 px deep, past the page's 32 px margin: the drag starts on the card.
        let dense = try Tour(start: "photos", dpi: 400)
        let card = try #require(dense.scene.photoCard)
        #expect(card.position.y - card.height / 2 < 40)
        dense.play(drag(320, 45, dy: 250))
        #expect(dense.scene.currentPage == "todo")
        #expect(dense.state["photo"] is NSNull || dense.state["photo"] as? Int == 0)
    }

    @Test func aSwipeFromTheTopEdgeLeavesThePhotosPage() throws {
        let tour = try Tour(start: "photos")
        tour.play(drag(320, 2, dy: 200))
        #expect(tour.scene.currentPage == "todo")
        let again = try Tour(start: "photos")
        again.play(drag(320, 150, dy: 200))
        #expect(again.scene.currentPage == "photos")
        #expect(again.state["photo"] as? Int == 1, "the card was flicked away")
    }

    // 6. The edge swipe back from a detail follows the finger 1:1 from where it landed.
    @Test func theEdgeSwipeBackFollowsTheFinger() throws {
        let tour = try Tour(start: "info")
        tour.play(tap(320, infoRowY))
        #expect(tour.state["detail"] as? Int == 0)
        let rowFill = theme.surface.pixel
        var events = [#"{"t": 0, "type": "down", "id": 0, "x": 4, "y": 200}"#]
        for i in 1...30 { events.append(#"{"t": \#(i * 16), "type": "move", "id": 0, "x": \#(4 + 10 * i), "y": 200}"#) }
        events.append(#"{"t": 600, "type": "up", "id": 0}"#)
        let start = tour.player.time
        tour.player.enqueue(touchScript(events).map { frame in
            TouchFrame(time: frame.time + Microseconds(start * 1e6) + 20_000, events: frame.events.map {
                TouchEvent($0.phase, id: $0.id, at: $0.position, time: $0.time + Microseconds(start * 1e6) + 20_000)
            })
        })
        for step in [10, 20, 30] {
            // The first frame after the move that took the finger 10 px a step from where it landed.
            tour.player.run(until: start + 0.02 + Double(step) * 0.016 + 1.0 / 60)
            // Row 3 (the opened row 0 stays highlighted until the list is back).
            let listEnd = (0..<width).last { tour.player.screen[$0, 200] == rowFill } ?? -1
            #expect(abs(listEnd + 1 - 10 * step) <= 1, "finger moved \(10 * step) px, list edge at \(listEnd + 1)")
        }
    }

    // 7. The peek shows continuously: after a swipe settles and on the first frame of the next drag.
    @Test func thePeekNeverVanishes() throws {
        let tour = try Tour(peek: 0.5)
        let background = theme.background.pixel
        /// The paged-text page's Prev button (80 px into it, on the button row) where the more page stands.
        func moreShows(at x: Double) -> Bool { x + 80 >= Double(width) || tour.player.screen[Int(x) + 80, 346] != background }
        // Home → info: on info the more page peeks from x = 320.
        tour.player.enqueue(drag(300, 200, dx: -200).map { $0 })
        var missing: [Double] = []
        tour.player.run { time in
            if tour.scene.currentPage == "info", !moreShows(at: 320 + tour.scene.offset.rounded()) { missing.append(time) }
        }
        #expect(tour.scene.currentPage == "info")
        #expect(missing.isEmpty, "the peeking page was missing at \(missing)")
        // The first frame of the next drag still shows it, moved with the pages.
        let start = tour.player.time
        tour.player.enqueue(touchScript([#"{"t": \#(start * 1000 + 20), "type": "down", "id": 0, "x": 300, "y": 200}"#,
                                         #"{"t": \#(start * 1000 + 36), "type": "move", "id": 0, "x": 270, "y": 200}"#]))
        tour.player.run(until: start + 0.05)
        #expect(tour.scene.offset == -30)
        #expect(moreShows(at: 290))
    }

    // 8. The navigation bar stays still while the detail pushes in.
    @Test func theBarStaysStillWhileTheDetailPushes() throws {
        let tour = try Tour(start: "info")
        tour.player.enqueue(tap(320, infoRowY, atMs: 20))
        tour.player.run(until: 0.09)
        #expect(tour.state["detail"] as? Int == 0)
        let bar = (0..<48).map { y in (0..<width).map { tour.player.screen[$0, y] } }
        var changed = 0
        tour.player.run { _ in
            if (0..<48).map({ y in (0..<width).map { tour.player.screen[$0, y] } }) != bar { changed += 1 }
        }
        #expect(changed == 0)
    }

    // 9. Held off-centre, the photo card swings like a card on a pin, and keeps its spin when let go.
    @Test func anOffCentreGripTurnsTheCard() throws {
        let tour = try Tour(start: "photos")
        let card = try #require(tour.scene.photoCard)
        let grip = (x: card.position.x, y: card.position.y - card.height / 4)
        tour.player.enqueue(touchScript([#"{"t": 20, "type": "down", "id": 0, "x": \#(grip.x), "y": \#(grip.y)}"#]
            + (1...24).map { #"{"t": \#(20 + $0 * 16), "type": "move", "id": 0, "x": \#(grip.x + 12.5 * Double($0)), "y": \#(grip.y)}"# }
            + [#"{"t": 420, "type": "up", "id": 0}"#]))
        var angles: [Double] = []
        tour.player.run(until: 0.41) { _ in angles.append(tour.scene.photoCard?.angle ?? 0) }
        let degrees = abs(angles.last ?? 0) * 180 / .pi
        #expect(degrees >= 5, "turned \(degrees)°")
        #expect(abs(angles[angles.count / 2]) < abs(angles.last ?? 0), "the turn grows with the drag")
        let spin = try #require(tour.scene.photoCard).angularVelocity
        tour.player.run(until: 0.45)
        let later = try #require(tour.scene.photoCard).angularVelocity
        #expect(abs(spin) > 0.1 && abs(later) > 0.1, "the card keeps its spin: \(spin), then \(later) rad/s")
    }

    // A released page, detail and card leave the finger at the finger's speed.
    // A flick speeds up until the finger lifts; what it lets go carries on at the speed it had at the lift.
    @Test func aReleasedPageCarriesOnAtTheFingersSpeed() throws {
        let tour = try Tour()
        let flick = Flick(from: (400, 200), dx: -300)
        tour.player.enqueue(flick.frames)
        var positions: [(Double, Double)] = []
        tour.player.run(until: 0.3) {
            positions.append(($0, tour.scene.currentPage == "home" ? tour.scene.offset : tour.scene.offset - Double(width)))
        }
        try expectCarriesOn(positions, liftedAt: flick.lift, fingerSpeed: flick.speedAtLift, within: 0.1)
    }

    @Test func aReleasedDetailCarriesOnAtTheFingersSpeed() throws {
        let tour = try Tour(start: "info")
        tour.play(tap(320, infoRowY + 88))
        let start = tour.player.time
        let flick = Flick(from: (400, 300), dx: -250, startMs: start * 1000 + 20)
        tour.player.enqueue(flick.frames)
        var positions: [(Double, Double)] = []
        tour.player.run(until: start + 0.3) {
            positions.append(($0, (tour.scene.controller("info") as? ListPage)?.leavingLayerX ?? -Double(width)))
        }
        #expect(tour.state["detail"] as? Int == 3)
        try expectCarriesOn(positions, liftedAt: flick.lift, fingerSpeed: flick.speedAtLift, within: 0.1)
    }

    @Test func aReleasedCardCarriesOnAtTheFingersSpeed() throws {
        let tour = try Tour(start: "photos")
        let flick = Flick(from: (320, 200), dx: 150)
        tour.player.enqueue(flick.frames)
        var positions: [(Double, Double)] = []
        tour.player.run(until: 0.3) { positions.append(($0, tour.scene.photoCard?.position.x ?? .nan)) }
        // The seed adds a tenth of the flick's speed as a push when it lets the card go.
        try expectCarriesOn(positions, liftedAt: flick.lift, fingerSpeed: flick.speedAtLift * 1.1, within: 0.1)
    }
}

/// A horizontal flick that speeds up evenly from rest over ten 16 ms steps and lifts 8 ms after the last, as a
/// real one does: x = start + dx·(t / 160 ms)².
private struct Flick {
    let frames: [TouchFrame]
    /// Pixels per second when the finger lifts: twice the average.
    let speedAtLift: Double
    /// Seconds.
    let lift: Double

    init(from start: (x: Double, y: Double), dx: Double, startMs: Double = 0) {
        var events = [#"{"t": \#(startMs), "type": "down", "id": 0, "x": \#(start.x), "y": \#(start.y)}"#]
        for i in 1...10 {
            let f = Double(i) / 10
            events.append(#"{"t": \#(startMs + Double(i) * 16), "type": "move", "id": 0, "x": \#(start.x + dx * f * f), "y": \#(start.y)}"#)
        }
        events.append(#"{"t": \#(startMs + 168), "type": "up", "id": 0}"#)
        frames = touchScript(events)
        speedAtLift = 2 * dx / 0.16
        lift = (startMs + 168) / 1000
    }
}

/// Checks that what `positions` (time and place of each frame drawn) tracked moves on at `fingerSpeed` (pixels per
/// second) from the last frame before the lift to the first after it: no jump, no slower start.
private func expectCarriesOn(_ positions: [(time: Double, x: Double)], liftedAt lift: Double, fingerSpeed: Double,
                             within tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let after = try #require(positions.firstIndex { $0.time >= lift }, sourceLocation: sourceLocation)
    try #require(after > 0 && positions[after].time - positions[after - 1].time < 1.5 / 60, "consecutive frames",
                 sourceLocation: sourceLocation)
    let speed = (positions[after].x - positions[after - 1].x) / (positions[after].time - positions[after - 1].time)
    #expect(abs(speed - fingerSpeed) <= abs(fingerSpeed) * tolerance,
            "moved at \(speed) px/s in the first frame after the lift; the finger at \(fingerSpeed)",
            sourceLocation: sourceLocation)
}

/// A list page that moves only vertically took a precondition trap ("a swipe needs an axis") on its first touch.
@Test func aVerticalListPageTakesTouches() throws {
    let json = #"""
        {"pages": [{"id": "l", "axis": "vertical", "down": "t", "content": {"type": "list", "title": "L", "items": [{"title": "a", "detail": "b"}]}},
                   {"id": "t", "up": "l", "content": {"type": "text", "title": "T", "body": ""}}]}
        """#
    let scene = PagesScene(config: try KioskConfig.parse(Array(json.utf8), file: "list.json", directory: "/tmp")
                               .fittedToDesign(width: width, height: height),
                           width: width, height: height, fonts: try FontCollection())
    let player = VirtualClockPlayer(scene: scene, width: width, height: height)
    player.enqueue(tapScript(at: (320, 70), downMs: 0, upMs: 50))
    player.run()
    #expect(scene.finalStateJSON().contains(#""detail": 0"#))
    player.enqueue(dragScript(from: (320, 300), dx: 0, dy: -200, startMs: player.time * 1000 + 500))
    player.run()
    #expect(scene.currentPage == "l", "a detail is open: no page swipe")
}
