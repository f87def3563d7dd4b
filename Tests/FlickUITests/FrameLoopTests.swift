import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import Testing
@testable import FlickUI

/// A scene that moves for `frames` frames after each touch and records the times it is advanced to and drawn at.
private final class MovingScene: Scene {
    var framesToMove: Int
    var advances: [Double] = []
    var drawnAt: [Double] = []
    var touchesAt: [(touch: Double, clock: Double?)] = []
    var drawnOn: [(width: Int, whole: Bool)] = []
    var nextDeadline: Double?

    init(frames: Int) { framesToMove = frames }

    var needsFrame: Bool { framesToMove > 0 }
    func handle(_ event: InputEvent) {
        guard case .touches(let frame) = event else { return }
        touchesAt.append((Double(frame.time) / 1e6, advances.last))
        framesToMove = max(framesToMove, 1)
    }
    func advance(to time: Double) {
        advances.append(time)
        if let deadline = nextDeadline, time >= deadline { nextDeadline = nil; framesToMove = max(framesToMove, 1) }
    }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        framesToMove = max(0, framesToMove - 1)
        drawnAt.append(advances.last ?? .nan)
        drawnOn.append((canvas.surface.width, fullRedraw))
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
}

/// A board as the loop sees it: a panel whose real refresh (59.94 Hz) is not the mode's nominal 60 Hz, flips that
/// complete at the next real vblank, and drawing that takes 3 ms.
private final class Board: LoopWaiter, Display {
    var now = 100.0
    let realInterval = 1 / 59.94
    let firstVBlank = 100.004
    var pendingFlip: Double?
    var deadlines: [Double?] = []
    var signal: Int32?
    let surface = Surface(width: 4, height: 4)
    var flipPendingWhenPresented = false

    var drawsAtVBlank: Bool { false }
    let width = 4, height = 4
    var physicalSize: PhysicalSize? { nil }
    var vblanks = VBlankGrid(origin: 100, interval: 1.0 / 60)
    var fileDescriptor: Int32 { 3 }
    var isFlipPending: Bool { pendingFlip != nil }

    func nextBuffer() throws -> (surface: Surface, age: Int) { (surface, 1) }
    func present(damage: [PixelRect]) throws -> Double {
        flipPendingWhenPresented = flipPendingWhenPresented || pendingFlip != nil
        now += 0.003
        let k = ((now - firstVBlank) / realInterval).rounded(.up)
        pendingFlip = firstVBlank + k * realInterval
        return vblanks.vblank(after: now)
    }
    func handleEvents() throws -> [PageFlip] {
        guard let flip = pendingFlip, flip <= now else { return [] }
        pendingFlip = nil
        vblanks.align(toFlipAt: flip)
        return [PageFlip(sequence: 0, timestamp: Microseconds(seconds: flip), userData: 0, seconds: flip)]
    }
    func suspend() throws {}
    func resume() throws {}

    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource], sources: [any LoopSource]) throws -> LoopWake {
        deadlines.append(deadline)
        if let signal { return LoopWake(signal: signal) }
        guard let next = [deadline, pendingFlip].compactMap({ $0 }).min() else { return LoopWake(finished: true) }
        now = max(now, next)
        return LoopWake(display: pendingFlip.map { $0 <= now } ?? false)
    }
}

@Suite struct FrameLoopTests {
    /// On a board a frame is drawn as soon as the one before is on screen, for the vblank after: one frame per
    /// vblank, none queued behind a pending flip, each timed (within 0.1 ms) for the flip that shows it, though the
    /// panel's refresh is not the mode's.
    @Test func onABoardEachFrameIsTimedForTheFlipThatShowsIt() throws {
        let board = Board(), scene = MovingScene(frames: 120)
        var flips: [Double] = []
        let loop = FrameLoop(display: board, inputs: [], scene: scene, waiter: board)
        loop.afterFrame = { _ in }
        while try loop.turn() { if let flip = board.pendingFlip, flips.last != flip { flips.append(flip) } }
        #expect(scene.drawnAt.count == 120 && flips.count == 120)
        #expect(!board.flipPendingWhenPresented)
        for (a, b) in zip(flips, flips.dropFirst()) { #expect(abs(b - a - board.realInterval) < 1e-9, "a vblank missed") }
        // From the third frame on the grid has followed the flips: each frame's time is when it is shown.
        for (drawn, shown) in zip(scene.drawnAt, flips).dropFirst(2) { #expect(abs(drawn - shown) < 1e-4) }
        // Still again: the loop sleeps with no deadline.
        #expect(board.deadlines.last == .some(nil))
        #expect(loop.statistics.missedVblanks == 0)
    }

    /// A screen at rest for seconds, then moving again, missed no vblank: the rest is not a gap in an animation.
    @Test func aStillScreensRestIsNoMissedVblank() throws {
        let board = Board(), scene = MovingScene(frames: 10)
        scene.nextDeadline = 110
        let loop = FrameLoop(display: board, inputs: [], scene: scene, waiter: board)
        while try loop.turn() {}
        #expect(scene.drawnAt.count == 11 && scene.drawnAt.last.map { $0 >= 110 } == true)
        #expect(loop.statistics.missedVblanks == 0)
    }

    /// A display without flip events (fbdev) is paced by the loop: one frame per interval while the scene moves.
    @Test func aDisplayWithoutFlipsGetsOneFramePerInterval() throws {
        final class Panel: LoopWaiter, Display {
            var now = 5.0
            var presentedAt: [Double] = []
            var drawsAtVBlank: Bool { false }
            let width = 4, height = 4
            var physicalSize: PhysicalSize? { nil }
            let vblanks = VBlankGrid(origin: 5, interval: 0.02)
            let surface = Surface(width: 4, height: 4)
            func nextBuffer() throws -> (surface: Surface, age: Int) { (surface, 1) }
            func present(damage: [PixelRect]) throws -> Double {
                presentedAt.append(now)
                now += 0.004
                return vblanks.vblank(atOrAfter: now)
            }
            func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource], sources: [any LoopSource]) throws -> LoopWake {
                guard let deadline else { return LoopWake(finished: true) }
                now = max(now, deadline)
                return LoopWake()
            }
        }
        let panel = Panel(), scene = MovingScene(frames: 30)
        try FrameLoop(display: panel, inputs: [], scene: scene, waiter: panel).run()
        #expect(panel.presentedAt.count == 30)
        for (a, b) in zip(panel.presentedAt, panel.presentedAt.dropFirst()) { #expect(abs(b - a - 0.02) < 1e-9) }
    }

    @Test func aTerminationSignalEndsTheRun() throws {
        let board = Board()
        let loop = FrameLoop(display: board, inputs: [], scene: MovingScene(frames: 0), waiter: board)
        #expect(try loop.turn())
        board.signal = 15
        #expect(try !loop.turn())
    }

    /// Headless: a touch is seen in the frame at or after its time, and an idle scene meets it with its clock at the
    /// frame before (not where it stopped minutes ago), as on a board.
    @Test func headlessInputIsDrawnInTheFrameAtOrAfterIt() {
        let scene = MovingScene(frames: 0)
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        let t: Microseconds = 100_510_000
        player.enqueue([TouchFrame(time: t, events: [TouchEvent(.down, id: TouchID(rawValue: 0), at: Point(x: 1, y: 1), time: t)])])
        player.run()
        #expect(scene.touchesAt.count == 1)
        #expect(scene.touchesAt[0].clock == 6030.0 / 60)
        #expect(scene.drawnAt.last == 6031.0 / 60)
        #expect(player.framesDrawn == 2)
    }

    /// A deadline (a long press) wakes a still scene at the first frame at or after it; nothing is drawn between.
    @Test func aDeadlineWakesAStillSceneAtTheFrameAfterIt() {
        let scene = MovingScene(frames: 0)
        scene.nextDeadline = 2.005
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.run()
        #expect(scene.drawnAt == [0, 121.0 / 60])
    }

    /// A monitor unplugged while something moves: nothing is drawn until it is back; back at another size, the
    /// scene is made again at that size and drawn whole.
    @Test func anUnpluggedDisplayGetsNoFramesAndIsRedrawnWholeWhenBack() throws {
        final class Monitor: LoopWaiter, Display {
            var now = 0.0
            var width = 64, height = 40
            var surface = Surface(width: 64, height: 40)
            var pendingFlip: Double?
            var presentedAt: [Double] = []
            var plugEvents: [(time: Double, change: DisplayChange)] = [(1, .disconnected), (2, .reconnected(width: 32, height: 20))]
            var drawsAtVBlank: Bool { false }
            var physicalSize: PhysicalSize? { nil }
            var vblanks = VBlankGrid(interval: 1.0 / 60)
            var fileDescriptor: Int32 { 3 }
            var hotplugFileDescriptor: Int32 { 4 }
            var isFlipPending: Bool { pendingFlip != nil }
            func nextBuffer() throws -> (surface: Surface, age: Int) { (surface, 1) }
            func present(damage: [PixelRect]) throws -> Double {
                presentedAt.append(now)
                pendingFlip = ((now + 0.001) * 60).rounded(.up) / 60
                return pendingFlip!
            }
            func handleEvents() throws -> [PageFlip] {
                guard let flip = pendingFlip, flip <= now else { return [] }
                pendingFlip = nil
                vblanks.align(toFlipAt: flip)
                return [PageFlip(sequence: 0, timestamp: Microseconds(seconds: flip), userData: 0, seconds: flip)]
            }
            func handleHotplug() throws -> DisplayChange? {
                guard let event = plugEvents.first, event.time <= now else { return nil }
                plugEvents.removeFirst()
                if case .reconnected(let w, let h) = event.change { (width, height, surface) = (w, h, Surface(width: w, height: h)) }
                return event.change
            }
            func suspend() throws {}
            func resume() throws {}
            func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource], sources: [any LoopSource]) throws -> LoopWake {
                let next = [deadline, pendingFlip, plugEvents.first?.time].compactMap { $0 }.min()
                guard let next, now < 3 else { return LoopWake(finished: true) }
                now = max(now, next)
                return LoopWake(display: pendingFlip.map { $0 <= now } ?? false, hotplug: plugEvents.first.map { $0.time <= now } ?? false)
            }
        }
        let monitor = Monitor(), first = MovingScene(frames: .max), second = MovingScene(frames: .max)
        let loop = FrameLoop(display: monitor, inputs: [], scene: first, waiter: monitor)
        var changes: [DisplayChange] = [], resizedTo: [Int] = []
        loop.onDisplayChange = { changes.append($0) }
        loop.resizeScene = { width, _ in resizedTo.append(width); return second }
        try loop.run()
        #expect(changes == [.disconnected, .reconnected(width: 32, height: 20)])
        #expect(resizedTo == [32])
        #expect(!monitor.presentedAt.contains { $0 > 1.02 && $0 < 2 }, "frames drawn while unplugged")
        #expect(monitor.presentedAt.contains { $0 > 2.9 }, "no frames once back")
        #expect(second.drawnOn.first.map { $0.width == 32 && $0.whole } == true)
        #expect(second.drawnOn.dropFirst().allSatisfy { $0.width == 32 && !$0.whole })
    }
}
