@testable import FlickKiosk
import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// The tour's info list at 640x400 (rows 44 px under a 48 px bar) with the screen set to blank when idle, on the
// virtual clock: a shop at night, in seconds.

private let width = 640, height = 400
private let rowY = 48.0 + 22

private final class IdleTour {
    let scene: PagesScene
    let player: VirtualClockPlayer

    init(idle: IdlePolicy) throws {
        var json = try String(contentsOfFile: ConfigFixtures.tourPath, encoding: .utf8)
        json = json.replacingOccurrences(of: #""start": "home""#, with: #""start": "info""#)
        let config = try KioskConfig.parse(Array(json.utf8), file: "tour.json",
                                           directory: (ConfigFixtures.tourPath as NSString).deletingLastPathComponent)
        scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection(),
                           stateDirectory: temporaryStateDirectory())
        let log = Log()
        self.logLines = log
        player = VirtualClockPlayer(scene: scene, width: width, height: height, idle: idle) { log.lines.append($0) }
    }

    final class Log { var lines: [String] = [] }
    let logLines: Log
    var lines: [String] { logLines.lines }

    var detail: Any? {
        let state = (try? JSONSerialization.jsonObject(with: Data(scene.finalStateJSON().utf8))) as? [String: Any]
        return state?["detail"]
    }

    var screenIsBlack: Bool {
        (0..<height).allSatisfy { y in stride(from: 0, to: width, by: 7).allSatisfy { player.screen[$0, y] == 0xFF00_0000 } }
    }
}

@Suite struct ScreenPowerTests {
    /// Blanked after the idle time, the screen is black and nothing is drawn; the tap that wakes it opens nothing;
    /// the next tap does.
    @Test func theTouchThatWakesABlankScreenPressesNothing() throws {
        let tour = try IdleTour(idle: IdlePolicy(blankAfter: 60))
        tour.player.enqueue(tapScript(at: (320, rowY), downMs: 100_000, upMs: 100_050)
                            + tapScript(at: (320, rowY + 44), downMs: 102_000, upMs: 102_050))
        var blackAt90 = false, framesBefore = 0
        tour.player.run(stops: [90]) { _ in
            blackAt90 = tour.screenIsBlack
            framesBefore = tour.player.framesDrawn
        }
        #expect(blackAt90)
        #expect(tour.player.screenPower?.state == .on)
        #expect(tour.detail as? Int == 1, "the waking tap (row 0) opened nothing; the next (row 1) did")
        #expect(!tour.screenIsBlack && tour.player.framesDrawn > framesBefore)
        #expect(tour.lines.contains("screen blanked after 60 s without input"))
        #expect(tour.lines.contains("screen woken by a touch (not passed on)"))
    }

    /// A finger that wakes the screen and drags is swallowed to its lift, a second finger put down meanwhile too.
    @Test func theWholeWakingGestureIsSwallowed() throws {
        let tour = try IdleTour(idle: IdlePolicy(blankAfter: 10))
        tour.player.enqueue(touchScript([
            #"{"t": 20000, "type": "down", "id": 0, "x": 320, "y": \#(rowY)}"#,
            #"{"t": 20100, "type": "down", "id": 1, "x": 320, "y": \#(rowY + 44)}"#,
            #"{"t": 20200, "type": "up", "id": 0}"#,
            #"{"t": 20300, "type": "up", "id": 1}"#,
        ]))
        tour.player.run()
        #expect(tour.detail is NSNull)
    }

    /// Input before the idle time keeps the screen on; a still scene headless without --until ends without
    /// waiting for the blanking.
    @Test func inputKeepsTheScreenOnAndAStillRunDoesNotWaitForTheTimer() throws {
        let tour = try IdleTour(idle: IdlePolicy(blankAfter: 30))
        tour.player.enqueue(tapScript(at: (320, rowY), downMs: 25_000, upMs: 25_050))
        tour.player.run()
        #expect(tour.player.screenPower?.state == .on)
        #expect(tour.detail as? Int == 0)
        #expect(tour.player.time < 30)
        tour.player.run(until: 56)
        #expect(tour.player.screenPower?.state == .blanked && tour.screenIsBlack)
    }

    @Test func aKeyWakesTheScreenAndNeitherItsPressNorItsReleaseArrives() throws {
        final class Keys: Scene {
            var keys: [KeyEvent] = []
            func handle(_ event: InputEvent) { if case .key(let k) = event { keys.append(k) } }
            func advance(to time: Double) {}
            var needsFrame: Bool { false }
            func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { [] }
            var nextDeadline: Double? { nil }
        }
        let scene = Keys()
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4, idle: IdlePolicy(blankAfter: 5))
        func key(_ sym: UInt32, _ pressed: Bool, _ t: Double) -> (time: Double, event: InputEvent) {
            (t, .key(KeyEvent(keysym: sym, text: "a", isPressed: pressed, time: Microseconds(t * 1e6))))
        }
        player.input.enqueue([key(0x61, true, 9), key(0x61, false, 9.1), key(0x62, true, 9.2), key(0x62, false, 9.3)])
        player.run()
        #expect(scene.keys.map(\.keysym) == [0x62, 0x62])
    }
}

/// The backlight in a fake sysfs directory: bright at start, dimmed, off with the screen, bright again on a touch.
@Test func theBacklightDimsGoesOffWithTheScreenAndComesBack() throws {
    let root = temporaryStateDirectory()
    let device = "\(root)/panel"
    try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
    try "255\n".write(toFile: "\(device)/max_brightness", atomically: true, encoding: .utf8)
    try "255\n".write(toFile: "\(device)/brightness", atomically: true, encoding: .utf8)
    let backlight = try #require(try Backlight.find(nil, in: root))
    #expect(backlight.path == device && backlight.maximum == 255)
    let display = HeadlessDisplay(width: 4, height: 4)
    var said: [String] = []
    let power = ScreenPower(policy: IdlePolicy(dimAfter: 30, blankAfter: 60, brightLevel: 0.8, dimLevel: 0.1),
                            display: display, backlight: backlight, now: 0) { said.append($0) }
    #expect(backlight.level == 204.0 / 255 && power.nextChange == 30)
    power.advance(to: 31)
    #expect(power.state == .dimmed && backlight.level == 26.0 / 255 && power.nextChange == 60)
    power.advance(to: 61)
    #expect(power.state == .blanked && backlight.level == 0 && display.isBlanked)
    let touch = TouchFrame(time: 70_000_000, events: [TouchEvent(.down, id: .finger(0), at: Point(x: 1, y: 1), time: 70_000_000)])
    #expect(power.filter([InputEvent.touches(touch)], at: 70).isEmpty)
    #expect(power.state == .on && backlight.level == 204.0 / 255 && !display.isBlanked && power.nextChange == 100)
    #expect(said == ["screen dimmed after 30 s without input", "screen blanked after 60 s without input",
                    "screen woken by a touch (not passed on)"])
}

/// A "backlight" whose max_brightness is a FIFO (a wrong display.backlight.device) is refused at once, not waited on.
@Test func aBacklightThatIsAFIFOIsRefusedWithoutHanging() throws {
    let root = temporaryStateDirectory()
    try FileManager.default.createDirectory(atPath: "\(root)/odd", withIntermediateDirectories: true)
    try #require(mkfifo("\(root)/odd/max_brightness", 0o600) == 0)
    #expect(throws: BacklightError.self) { try Backlight.find("odd", in: root) }
}

@Test func aBacklightThatIsNotThereIsOneLineNamingIt() {
    #expect(throws: BacklightError.self) { try Backlight.find("nope", in: temporaryStateDirectory()) }
    do { _ = try Backlight.find("nope", in: "/nonexistent") } catch {
        #expect(error.description == "/nonexistent/nope: no readable max_brightness: not a backlight device (see /sys/class/backlight)")
    }
}

/// A dim time with no backlight says what will happen: nothing dims, and the screen blanks only if a blank time is set.
@Test func aDimTimeWithoutABacklightSaysWhatDimsAndWhatBlanks() {
    for (blank, tail) in [(nil, "nothing blanks either (no display.idle.blank)"), (90.0, "the screen still blanks after 90 s")] as [(Double?, String)] {
        var said: [String] = []
        let power = ScreenPower(policy: IdlePolicy(dimAfter: 30, blankAfter: blank), display: HeadlessDisplay(width: 4, height: 4),
                                backlight: nil, now: 0) { said.append($0) }
        #expect(said == ["display.idle.dim: no backlight to dim (none in /sys/class/backlight, or display.backlight names none): nothing dims; \(tail)"])
        #expect(power.nextChange == blank)
    }
}
