import FlickDisplay
import FlickInput
import FlickRaster
import FlickUI
import Testing
@testable import FlickBoard

/// A scene that moves from `movesFrom` on (for ever, or until `movesUntil`) and is still before.
private final class TimedScene: Scene {
    let movesFrom: Double, movesUntil: Double
    private var time = 0.0
    init(movesFrom: Double = 0, movesUntil: Double = .infinity) { (self.movesFrom, self.movesUntil) = (movesFrom, movesUntil) }

    var needsFrame: Bool { time >= movesFrom && time < movesUntil }
    var nextDeadline: Double? { time < movesFrom && movesFrom.isFinite ? movesFrom : nil }
    func handle(_ event: InputEvent) {}
    func advance(to time: Double) { self.time = time }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { [PixelRect(x: 0, y: 0, width: 1, height: 1)] }
}

/// A 60 Hz panel and its loop's clock, virtual: a frame drawn at its vblank is shown at it, the flip completing then —
/// except while `flipsStuck` says otherwise, as a driver whose flip never comes — and the connector is unplugged at
/// `unplugAt`. The clock jumps to whatever is due; the run ends at `end`.
private final class Panel: Display, LoopWaiter {
    var now = 0.0
    let end: Double
    var flipsStuck: (Double) -> Bool = { _ in false }
    var unplugAt: Double?
    private(set) var presented: [Double] = []
    private(set) var waitsWithoutDeadline = 0
    private var pendingFlip: Double?
    private var unplugged = false

    init(end: Double) { self.end = end }

    let width = 4, height = 4
    var physicalSize: PhysicalSize? { nil }
    let vblanks = VBlankGrid(origin: 0, interval: 1.0 / 60)
    let surface = Surface(width: 4, height: 4)
    var drawsAtVBlank: Bool { true }
    var isFlipPending: Bool { pendingFlip != nil }

    func nextBuffer() throws -> (surface: Surface, age: Int) { (surface, 1) }
    func present(damage: [PixelRect]) throws -> Double {
        presented.append(now)
        pendingFlip = vblanks.vblank(atOrAfter: now)
        return pendingFlip!
    }
    func handleEvents() throws -> [PageFlip] {
        guard let flip = pendingFlip, flip <= now, !flipsStuck(now) else { return [] }
        pendingFlip = nil
        return [PageFlip(sequence: 0, timestamp: Microseconds(seconds: flip), userData: 0, seconds: flip)]
    }
    func handleHotplug() throws -> DisplayChange? {
        unplugged = true
        return .disconnected
    }

    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
              sources: [any LoopSource]) throws -> LoopWake {
        if deadline == nil { waitsWithoutDeadline += 1 }
        let flip = pendingFlip.flatMap { flipsStuck(max(now, $0)) ? nil : $0 }
        let plug = unplugged ? nil : unplugAt
        guard let next = [deadline, timer, flip, plug].compactMap({ $0 }).min(), next <= end else {
            now = end
            return LoopWake(finished: true)
        }
        now = max(now, next)
        return LoopWake(display: flip.map { $0 <= now } ?? false, hotplug: plug.map { $0 <= now } ?? false)
    }
}

/// What the watchdog told systemd and the log, with the loop's time.
private final class Notes {
    var sent: [(time: Double, message: String)] = []
    var logged: [(level: Board.LogLevel, line: String)] = []
    var pings: [Double] { sent.filter { $0.message.hasPrefix("WATCHDOG=1") }.map(\.time) }
    var statuses: [String] { sent.compactMap { $0.message.split(separator: "\n").first { $0.hasPrefix("STATUS=") }.map(String.init) } }
}

/// Runs `scene` on `panel` with a watchdog for systemd's 10 s timeout (pings every 5 s, a stall after 2 s) until the
/// panel's end.
private func watch(_ scene: any Scene, on panel: Panel, idle: IdlePolicy? = nil) throws -> Notes {
    let notes = Notes()
    let screen = idle.map { ScreenPower(policy: $0, display: panel, backlight: nil, now: 0) { _ in } }
    let loop = FrameLoop(display: panel, inputs: [], scene: scene, waiter: panel, screen: screen)
    loop.sources = [ServiceWatchdog(timeout: 10, status: loop.status, now: 0,
                                    send: { notes.sent.append((panel.now, $0)) },
                                    log: { notes.logged.append(($0, $1)) })]
    try loop.run()
    return notes
}

@Suite struct ServiceWatchdogTests {
    /// An idle kiosk wakes once per ping, at half systemd's timeout, and never sleeps without the ping's deadline.
    @Test func aStillSceneIsPingedEveryHalfTimeout() throws {
        let panel = Panel(end: 60)
        let notes = try watch(TimedScene(movesFrom: .infinity), on: panel)
        #expect(notes.pings == stride(from: 5.0, through: 60, by: 5).map { $0 })
        #expect(notes.statuses.isEmpty && notes.logged.isEmpty)
        #expect(panel.presented.count == 1)
    }

    /// Moving and drawn at the display's rate, the scene owes at most a frame: the pings go on.
    @Test func aSceneThatMovesAndIsDrawnIsPinged() throws {
        let panel = Panel(end: 30)
        let notes = try watch(TimedScene(), on: panel)
        #expect(panel.presented.count > 30 * 59)
        #expect(notes.pings.count == 6 && notes.statuses.isEmpty)
    }

    /// A loop that turns while its flips never come draws nothing more: 2 s after the last frame the pings stop (the
    /// stall said once, in the log and in systemd's status); when the flips come back, the pings resume at once.
    @Test func aDisplayThatNeverFlipsWhileTheSceneMovesStopsThePings() throws {
        let panel = Panel(end: 60)
        panel.flipsStuck = { (20..<40).contains($0) }
        let notes = try watch(TimedScene(), on: panel)
        #expect(notes.pings.filter { $0 < 40 } == [5, 10, 15, 20])
        // While stalled it looks again every half second: the flips are back at 40, and a ping within that.
        let resumed = try #require(notes.pings.first { $0 >= 40 })
        #expect(resumed - 40 <= 0.5 + 1e-9)
        #expect(notes.pings.filter { $0 > resumed } == stride(from: resumed + 5, through: 60, by: 5).map { $0 })
        // Seen at the first ping due after the flips stopped, 5 s into the stall; over at 40.5, 20.5 s into it.
        #expect(notes.statuses == ["STATUS=the frame loop is stalled: no frame for 5.0 s while the scene moves",
                                   "STATUS=frames again after a stall of 20.5 s"])
        #expect(notes.logged.map(\.level) == [.error, .notice])
    }

    /// Flips that stop for good: no ping ever again, and the stall said once.
    @Test func aLoopWhoseFlipsNeverComeBackIsNeverPingedAgain() throws {
        let panel = Panel(end: 30)
        panel.flipsStuck = { $0 >= 1 }
        let notes = try watch(TimedScene(), on: panel)
        #expect(notes.pings.isEmpty)
        #expect(notes.statuses.count == 1)
    }

    /// A blanked screen draws nothing, and a panel switched off may never complete a flip: no stall, though the
    /// scene moves on.
    @Test func aBlankedScreenIsNoStall() throws {
        let panel = Panel(end: 60)
        panel.flipsStuck = { $0 >= 10 }
        let notes = try watch(TimedScene(), on: panel, idle: IdlePolicy(blankAfter: 10))
        #expect(notes.pings == stride(from: 5.0, through: 60, by: 5).map { $0 })
        #expect(notes.statuses.isEmpty)
        // Blanked, the loop sleeps on the ping's deadline alone.
        #expect(panel.waitsWithoutDeadline >= 10)
    }

    /// An unplugged connector draws nothing: no stall either.
    @Test func anUnpluggedDisplayIsNoStall() throws {
        let panel = Panel(end: 60)
        panel.unplugAt = 10
        panel.flipsStuck = { $0 >= 10 }
        let notes = try watch(TimedScene(), on: panel)
        #expect(notes.pings == stride(from: 5.0, through: 60, by: 5).map { $0 })
        #expect(notes.statuses.isEmpty)
    }

    /// A scene that starts moving after a minute still owes only its next frame: the minute without frames before is
    /// no stall.
    @Test func aSceneThatStartsMovingAfterAnIdleMinuteIsNoStall() throws {
        let panel = Panel(end: 90)
        let notes = try watch(TimedScene(movesFrom: 60, movesUntil: 61), on: panel)
        #expect(notes.pings == stride(from: 5.0, through: 90, by: 5).map { $0 })
        #expect(panel.presented.count > 59)
    }
}
