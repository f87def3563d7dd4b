// The code of FlickUI's articles (Views, layout and drawing; Gestures and who gets a touch; Transitions,
// animations and springs; Testing headlessly), as written there, so a change to the API that breaks an article
// breaks this build first.
import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Hello
import Testing

private func touches(_ json: String) throws -> [TouchFrame] {
    try TouchScript(json: Data(json.utf8), name: "article").frames
}

private func tap(at x: Int, _ y: Int, t: Int = 0) -> String {
    #"{"t": \#(t), "type": "down", "id": 0, "x": \#(x), "y": \#(y)}, {"t": \#(t + 60), "type": "up", "id": 0}"#
}

// MARK: Views, layout and drawing

/// A dial that shows a level from 0 to 1: an arc drawn with a path, a label over it.
final class Dial {
    let view: View
    private let label: Label
    var level: Double { didSet { label.text = "\(Int((level * 100).rounded())) %"; view.setNeedsDisplay() } }

    init(frame: Rect, level: Double, face: FontFace) {
        view = View(frame: frame)
        self.level = level
        label = Label("\(Int((level * 100).rounded())) %", face: face, pixelSize: frame.height / 4, color: .white,
                      frame: Rect(x: 0, y: frame.height * 0.375, width: frame.width, height: frame.height / 4),
                      maxLines: 1, alignment: .center)
        view.content = ViewContent { [unowned self] canvas, bounds in
            let centre = bounds.center, radius = min(bounds.width, bounds.height) / 2 - 12
            var track = Path()
            track.arc(center: centre, radius: radius, startAngle: 0.75 * .pi, endAngle: 2.25 * .pi)
            canvas.stroke(track, paint: .solid(Color(hex: 0x2A333D)), style: StrokeStyle(width: 16, cap: .round))
            var value = Path()
            value.arc(center: centre, radius: radius, startAngle: 0.75 * .pi, endAngle: (0.75 + 1.5 * self.level) * .pi)
            canvas.stroke(value, paint: .solid(Color(hex: 0x33AA66)), style: StrokeStyle(width: 16, cap: .round))
        }
        view.addChild(label.view)
    }
}

@Test func articleViewsLayoutAndDrawing() throws {
    let fonts = try FontCollection()
    let scene = ViewScene(width: 800, height: 480)
    scene.tree.clearColor = Color(hex: 0x101418)

    // Layout is arithmetic on frames: three dials across the screen, a margin around each.
    let margin = 24.0, width = (800 - 4 * margin) / 3
    var dials: [Dial] = []
    for i in 0..<3 {
        let dial = Dial(frame: Rect(x: margin + Double(i) * (width + margin), y: 120, width: width, height: width),
                        level: Double(i + 1) / 4, face: fonts.face(.bold))
        scene.root.addChild(dial.view)
        dials.append(dial)
    }
    let title = Label("Tanks", face: fonts.face(.bold), pixelSize: 40, color: .white,
                      frame: Rect(x: margin, y: margin, width: 800 - 2 * margin, height: 56))
    scene.root.addChild(title.view)

    let player = VirtualClockPlayer(scene: scene, width: 800, height: 480)
    player.run()
    #expect(player.screen[Int(margin + width / 2), 120 + 12 + 8] != Color(hex: 0x101418).pixel)

    let drawn = player.framesDrawn
    dials[1].level = 0.9
    player.run()
    #expect(player.framesDrawn == drawn + 1)
}

// MARK: Gestures and who gets a touch

@Test func articleGesturesAndWhoGetsATouch() throws {
    let scene = ViewScene(width: 800, height: 480)
    let metrics = GestureMetrics(dotsPerInch: 160)
    scene.dispatcher.metrics = metrics
    let card = View(frame: Rect(x: 200, y: 100, width: 400, height: 280), background: .solid(Color(hex: 0x3366CC)))
    scene.root.addChild(card)
    var said: [String] = []

    let single = Gesture(TapRecognizer(metrics: metrics))
    let double = Gesture(TapRecognizer(metrics: metrics, taps: 2))
    single.require(toFail: double)
    single.onPhase = { phase in if phase == .ended { said.append("tap") } }
    double.onPhase = { phase in if phase == .ended { said.append("double tap") } }
    let pan = Gesture(PanRecognizer(metrics: metrics, axisLock: .only(.horizontal)))
    pan.onPhase = { [unowned pan] phase in
        if phase == .ended { said.append("pan \(Int(pan.recognizer.translation.x))") }
    }
    for gesture in [single, double, pan] as [AnyGesture] { card.addGesture(gesture) }

    let player = VirtualClockPlayer(scene: scene, width: 800, height: 480)
    player.enqueue(try touches("[\(tap(at: 400, 240))]"))
    player.run()
    player.enqueue(try touches("[\(tap(at: 400, 240, t: 1000)), \(tap(at: 402, 241, t: 1150))]"))
    player.run()
    var drag = [#"{"t": 3000, "type": "down", "id": 0, "x": 300, "y": 240}"#]
    for i in 1...10 { drag.append(#"{"t": \#(3000 + i * 16), "type": "move", "id": 0, "x": \#(300 + i * 20), "y": 240}"#) }
    drag.append(#"{"t": 3200, "type": "up", "id": 0}"#)
    player.enqueue(try touches("[\(drag.joined(separator: ","))]"))
    player.run()
    #expect(said == ["tap", "double tap", "pan 200"])
}

// MARK: Transitions, animations and springs

@Test func articleTransitionsAnimationsAndSprings() throws {
    let scene = ViewScene(width: 800, height: 480)
    let first = View(frame: .zero, background: .solid(Color(hex: 0x3366CC)))
    let second = View(frame: .zero, background: .solid(Color(hex: 0xCC3366)))
    let stage = TransitionStage(frame: Rect(x: 0, y: 0, width: 800, height: 480), showing: first, scene: scene)
    scene.root.addChild(stage.view)
    let badge = View(frame: Rect(x: 20, y: 20, width: 60, height: 60), background: .solid(.white))
    scene.root.addChild(badge)

    var arrived = false
    stage.show(second, with: Transition(.push, from: .fromRight, timing: Timing(duration: 0.3, curve: .easeInEaseOut))) {
        arrived = true
    }
    scene.animate(badge, key: AnimationKey<Double>("alpha"), with: Animation(from: 1, to: 0.2, duration: 0.3),
                  apply: { view, alpha in view.alpha = alpha })
    let player = VirtualClockPlayer(scene: scene, width: 800, height: 480)
    player.run(until: 0.15)
    #expect(second.frame.minX > 0 && second.frame.minX < 800)
    player.run()
    #expect(arrived && stage.shown === second && second.frame.minX == 0 && first.parent == nil)
    #expect(badge.alpha == 0.2)

    let spring = SpringAnimation(Spring(dampingRatio: 0.6, response: 0.5), from: badge.frame.origin,
                                 to: Point(x: 700, y: 20), initialVelocity: Point(x: 2000, y: 0), threshold: .pixels)
    scene.animate(badge, key: AnimationKey<Point>("position"), with: spring,
                  apply: { view, origin in view.frame.origin = origin })
    player.run()
    #expect(abs(badge.frame.minX - 700) < 0.5)
}

// MARK: Testing headlessly

@Test func articleTestingHeadlessly() throws {
    let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("hello-goldens-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
    let hello = HelloScene(width: 800, height: 480)
    let player = VirtualClockPlayer(scene: hello, width: 800, height: 480)
    player.enqueue(try TouchScript(json: Data("[\(tap(at: 400, 240))]".utf8), name: "tap.json").frames)
    player.run()
    #expect(hello.taps == 1)
    try player.screen.writePNG(path: goldens + "/after-tap.png")
    try GoldenFrame.check(player.screen, against: goldens + "/after-tap.png")

    do {
        _ = try TouchScript(json: Data(#"[{"t": 0, "type": "down", "id": 0}]"#.utf8), name: "bad.json")
        Issue.record("a touch without a position was read")
    } catch {
        #expect("\(error)".hasPrefix("bad.json"))
    }
}
