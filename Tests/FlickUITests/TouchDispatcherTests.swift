import FlickGestures
import FlickInput
import FlickRaster
import FlickUI
import Foundation
import Testing

// A 400x300 screen at 160 dpi: the slop is 12.6 px, the edge zone 25.2 px. A pager on the root, a scroller (a
// view filling the middle) and a button inside the scroller.

private let metrics = GestureMetrics(dotsPerInch: 160)

private final class Stage {
    let scene = ViewScene(width: 400, height: 300)
    let scroller = View(frame: Rect(x: 50, y: 50, width: 300, height: 200))
    let button = View(frame: Rect(x: 10, y: 10, width: 80, height: 40))
    var log: [String] = []

    init() {
        scene.root.addChild(scroller)
        scroller.addChild(button)
    }

    /// Attaches a recogniser that logs its phases (not `possible`) as "name phase".
    @discardableResult
    func attach<R: GestureRecognizer>(_ name: String, _ recognizer: R, to view: View,
                                      configure: (Gesture<R>) -> Void = { _ in }) -> Gesture<R> {
        let gesture = Gesture(recognizer)
        gesture.onPhase = { [unowned self] phase in if phase != .possible { log.append("\(name) \(phase)") } }
        configure(gesture)
        view.addGesture(gesture)
        return gesture
    }

    func play(_ json: String) {
        for frame in try! TouchScript(json: Data(json.utf8), name: "test").frames {
            scene.advance(to: Double(frame.time) / 1e6)
            scene.handle(.touches(frame))
        }
    }

    func drag(from start: (Double, Double), by delta: (Double, Double), at t0: Double = 0) {
        var events = [#"{"t": \#(t0), "type": "down", "id": 0, "x": \#(start.0), "y": \#(start.1)}"#]
        for i in 1...5 {
            let f = Double(i) / 5
            events.append(#"{"t": \#(t0 + Double(i) * 16), "type": "move", "id": 0, "x": \#(start.0 + delta.0 * f), "y": \#(start.1 + delta.1 * f)}"#)
        }
        events.append(#"{"t": \#(t0 + 90), "type": "up", "id": 0}"#)
        play("[" + events.joined(separator: ",") + "]")
    }

    func tap(_ point: (Double, Double), at t0: Double = 0) {
        play(#"[{"t": \#(t0), "type": "down", "id": 0, "x": \#(point.0), "y": \#(point.1)}, {"t": \#(t0 + 50), "type": "up", "id": 0}]"#)
    }
}

@Suite struct TouchDispatcherTests {
    /// An edit began (the to-do list disabled its gestures) while a second finger swiped a row: the swipe went
    /// on to its release and deleted the row being edited. Disabled, a gesture under way is cancelled.
    @Test func aGestureDisabledMidwayIsCancelledAtTheNextFrame() {
        let stage = Stage()
        let scroll = stage.attach("scroll", PanRecognizer(metrics: metrics), to: stage.scroller)
        let frames = try! TouchScript(json: Data(#"""
            [{"t": 0, "type": "down", "id": 0, "x": 200, "y": 150}, {"t": 16, "type": "move", "id": 0, "x": 200, "y": 120},
             {"t": 32, "type": "move", "id": 0, "x": 200, "y": 100}, {"t": 48, "type": "move", "id": 0, "x": 200, "y": 90},
             {"t": 64, "type": "up", "id": 0}]
            """#.utf8), name: "test").frames
        for (i, frame) in frames.enumerated() {
            if i == 3 { scroll.isEnabled = false }
            stage.scene.advance(to: Double(frame.time) / 1e6)
            stage.scene.handle(.touches(frame))
        }
        #expect(stage.log == ["scroll touchDown", "scroll began", "scroll changed", "scroll cancelled"])
        // Enabled again, it takes the next touch.
        scroll.isEnabled = true
        stage.log = []
        stage.drag(from: (200, 150), by: (0, -60), at: 200)
        #expect(stage.log.last == "scroll ended")
    }

    @Test func theViewUnderTheFingerAndItsAncestorsTakePartAndTheDeeperClaimWins() {
        let stage = Stage()
        stage.attach("pager", PanRecognizer(metrics: metrics), to: stage.scene.root)
        stage.attach("scroll", PanRecognizer(metrics: metrics), to: stage.scroller)
        stage.attach("tap", TapRecognizer(metrics: metrics), to: stage.button)
        stage.drag(from: (200, 150), by: (0, -60))
        // Deepest first; the first move (12 px) is inside the slop.
        #expect(stage.log == ["scroll touchDown", "pager touchDown", "scroll began", "pager failed", "scroll changed",
                              "scroll changed", "scroll changed", "scroll ended"])
        stage.log = []
        stage.tap((100, 80)) // on the button
        #expect(stage.log == ["tap touchDown", "scroll touchDown", "pager touchDown", "tap ended", "scroll failed", "pager failed"])
        stage.log = []
        stage.tap((20, 20)) // outside the scroller: the pager alone
        #expect(stage.log == ["pager touchDown", "pager failed"])
    }

    @Test func anInnerScrollerThatCannotMoveLeavesTheDragToOneThatCan() {
        let stage = Stage()
        let pager = stage.attach("pager", PanRecognizer(metrics: metrics, axisLock: .dominant), to: stage.scene.root)
        stage.attach("scroll", PanRecognizer(metrics: metrics, axisLock: .only(.vertical)), to: stage.scroller) {
            $0.dragResponse = { $0 == .up ? .resists : .moves } // at its bottom end
        }
        pager.dragResponse = { _ in .moves }
        stage.drag(from: (200, 150), by: (0, -60))
        #expect(stage.log.contains("pager began"))
        #expect(stage.log.contains("scroll failed"))
        stage.log = []
        stage.drag(from: (200, 150), by: (0, 60), at: 500)
        #expect(stage.log.contains("scroll began"))
        // With nothing around it that moves, the inner one keeps the drag and resists.
        pager.dragResponse = { _ in .resists }
        stage.log = []
        stage.drag(from: (200, 150), by: (0, -60), at: 1000)
        #expect(stage.log.contains("scroll began"))
    }

    @Test func aDragFromAScreenEdgeBelongsToNavigationButATapThereDoesNot() {
        let stage = Stage()
        stage.scroller.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        let pager = stage.attach("pager", PanRecognizer(metrics: metrics), to: stage.scene.root)
        pager.isNavigation = true
        pager.dragResponse = { _ in .resists }
        stage.attach("card", PanRecognizer(metrics: metrics), to: stage.scroller)
        stage.attach("tap", TapRecognizer(metrics: metrics), to: stage.scroller)
        stage.drag(from: (5, 150), by: (80, 0))
        #expect(stage.log.contains("pager began"))
        stage.log = []
        // Along the edge rather than away from it: not an edge swipe.
        stage.drag(from: (5, 100), by: (0, 80), at: 500)
        #expect(stage.log.contains("card began"))
        stage.log = []
        stage.tap((5, 150), at: 1000)
        #expect(stage.log.contains("tap ended"))
        stage.log = []
        stage.drag(from: (200, 150), by: (80, 0), at: 1500)
        #expect(stage.log.contains("card began"))
    }

    @Test func aTapWaitsForTheDoubleTapToFail() {
        let stage = Stage()
        let double = stage.attach("double", TapRecognizer(metrics: metrics, taps: 2), to: stage.scroller)
        stage.attach("tap", TapRecognizer(metrics: metrics), to: stage.scroller) { $0.require(toFail: double) }
        stage.tap((200, 150))
        #expect(!stage.log.contains("tap ended"))
        #expect(stage.scene.nextDeadline == 0.35)
        stage.scene.advance(to: 0.35)
        #expect(stage.log.suffix(2) == ["double failed", "tap ended"])
        stage.log = []
        stage.tap((200, 150), at: 1000)
        stage.tap((200, 150), at: 1150)
        #expect(stage.log.contains("double ended"))
        #expect(stage.log.contains("tap failed"))
    }

    @Test func aCancelledTouchCancelsTheGestureUnderWayAndFailsTheOthers() {
        let stage = Stage()
        stage.attach("pager", PanRecognizer(metrics: metrics), to: stage.scene.root)
        stage.attach("tap", TapRecognizer(metrics: metrics), to: stage.button)
        stage.play(#"""
            [{"t": 0, "type": "down", "id": 0, "x": 100, "y": 80}, {"t": 16, "type": "move", "id": 0, "x": 160, "y": 80},
             {"t": 32, "type": "cancel", "id": 0}]
            """#)
        #expect(stage.log.suffix(2) == ["pager changed", "pager cancelled"] || stage.log.last == "pager cancelled")
        #expect(stage.log.contains("tap failed"))
        #expect(!stage.scene.dispatcher.isTracking)
    }

    @Test func aViewsHitAreaLimitsWhereItTakesTouches() {
        let stage = Stage()
        stage.scroller.hitArea = { $0.x < 150 }
        stage.attach("scroll", TapRecognizer(metrics: metrics), to: stage.scroller)
        stage.tap((300, 150)) // the scroller's right half
        #expect(stage.log.isEmpty)
        stage.tap((150, 150), at: 500)
        #expect(stage.log.contains("scroll ended"))
    }

    @Test func aDisabledGestureTakesNoPart() {
        let stage = Stage()
        stage.attach("tap", TapRecognizer(metrics: metrics), to: stage.scroller) { $0.isEnabled = false }
        stage.tap((200, 150))
        #expect(stage.log.isEmpty)
    }
}
