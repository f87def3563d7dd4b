import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import Glibc
import Testing
@testable import FlickUI

/// A scene whose loop sources are given by the test; it moves for a frame or more when told to and counts reloads.
private final class SourcedScene: Scene {
    var sources: [any LoopSource] = []
    var framesToMove = 0
    var drawnAt: [Double] = []
    var advances: [Double] = []
    var reloads = 0

    var needsFrame: Bool { framesToMove > 0 }
    var nextDeadline: Double? { nil }
    func handle(_ event: InputEvent) { framesToMove = max(framesToMove, 1) }
    func advance(to time: Double) { advances.append(time) }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        framesToMove = max(0, framesToMove - 1)
        drawnAt.append(advances.last ?? .nan)
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
    func reload() { reloads += 1 }
}

/// A source run at deadlines: once at `first`, then every `period` seconds when one is given (a clock's tick).
private final class TimerSource: LoopSource {
    var nextDeadline: Double?
    let period: Double?
    var servicedAt: [Double] = []
    var onService: () -> Void = {}

    init(at first: Double, every period: Double? = nil) { nextDeadline = first; self.period = period }

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }
    func service(readable: Bool, writable: Bool, now: Double) {
        #expect(!readable && !writable)
        servicedAt.append(now)
        nextDeadline = period.map { nextDeadline! + $0 }
        onService()
    }
}

/// A source with a descriptor that only the waiter below reports ready.
private final class DescriptorSource: LoopSource {
    var calls: [(readable: Bool, writable: Bool)] = []
    var fileDescriptor: Int32 { 7 }
    var wantsWrite: Bool { true }
    var nextDeadline: Double? { nil }
    func service(readable: Bool, writable: Bool, now: Double) { calls.append((readable, writable)) }
}

/// A waiter that hands the loop the wakes it is given, one per wait, and keeps what it was asked to wait for.
private final class ScriptedWaiter: LoopWaiter {
    var wakes: [LoopWake]
    var sourcesAsked: [Int] = []
    var timers: [Double?] = []
    init(_ wakes: [LoopWake]) { self.wakes = wakes }
    var now: Double { 0 }
    var drawsAtVBlank: Bool { true }
    func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
              sources: [any LoopSource]) -> LoopWake {
        sourcesAsked.append(sources.count)
        timers.append(timer)
        return wakes.isEmpty ? LoopWake(finished: true) : wakes.removeFirst()
    }
}

private let grid = VBlankGrid(interval: 1.0 / 60)

@Suite struct LoopSourceTests {
    /// The waiter is given the scene's sources; each it reports ready is serviced with what it is ready for, and
    /// a source not reported is left alone.
    @Test func aSourceTheWaiterFindsReadyIsServiced() throws {
        let scene = SourcedScene(), ready = DescriptorSource(), quiet = DescriptorSource()
        scene.sources = [quiet, ready]
        let waiter = ScriptedWaiter([LoopWake(readableSources: [1]), LoopWake(writableSources: [1]),
                                     LoopWake(readableSources: [1], writableSources: [1])])
        let loop = FrameLoop(display: HeadlessDisplay(width: 4, height: 4), inputs: [], scene: scene, waiter: waiter)
        try loop.run()
        #expect(waiter.sourcesAsked.allSatisfy { $0 == 2 })
        #expect(ready.calls.map(\.readable) == [true, false, true])
        #expect(ready.calls.map(\.writable) == [false, true, true])
        #expect(quiet.calls.isEmpty)
    }

    /// On the virtual clock a source's deadline moves the clock to it; what the source changes is drawn from the
    /// frame at or after it.
    @Test func aDeadlineSourceIsServicedAtItsTimeAndItsChangeDrawn() {
        let scene = SourcedScene(), timer = TimerSource(at: 1.005)
        timer.onService = { scene.framesToMove = 2 }
        scene.sources = [timer]
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.run(until: 2)
        #expect(timer.servicedAt == [1.005])
        #expect(scene.drawnAt == [0, grid.time(ofIndex: 61), grid.time(ofIndex: 62)])
        // The still scene was brought to the frame before the change, not left at frame 0.
        #expect(scene.advances.contains(grid.time(ofIndex: 60)))
    }

    /// A clock ticking every second is not something due: a run that ends when still ends, once the script is
    /// played, with the ticks before that met; a run to a time meets every tick up to it.
    @Test func aRepeatingDeadlineDoesNotKeepAStillRunGoing() {
        let scene = SourcedScene(), clock = TimerSource(at: 1, every: 1)
        clock.onService = { scene.framesToMove = 1 }
        scene.sources = [clock]
        let player = VirtualClockPlayer(scene: scene, width: 4, height: 4)
        player.run()
        #expect(player.time == 0 && clock.servicedAt.isEmpty)

        let t: Microseconds = 2_500_000
        player.enqueue([TouchFrame(time: t, events: [TouchEvent(.down, id: TouchID(rawValue: 0), at: Point(x: 1, y: 1), time: t)])])
        player.run()
        #expect(clock.servicedAt == [1, 2])
        #expect(player.time < 3)
        #expect(scene.drawnAt.filter { $0 > 0 }.count == 3, "a frame for each tick and one for the touch")

        player.run(until: 5.5)
        #expect(clock.servicedAt == [1, 2, 3, 4, 5])
    }

    /// Sources' deadlines reach the waiter as timers, with the screen's: not as what the loop must wake for.
    @Test func sourceDeadlinesAreTimersToTheWaiter() throws {
        let scene = SourcedScene()
        scene.sources = [TimerSource(at: 9), TimerSource(at: 4)]
        let waiter = ScriptedWaiter([LoopWake()])
        try FrameLoop(display: HeadlessDisplay(width: 4, height: 4), inputs: [], scene: scene, waiter: waiter).run()
        #expect(waiter.timers.first == .some(4))
    }

    /// SIGHUP has the scene read its content again and the run goes on; SIGTERM and SIGINT end it.
    @Test func sighupReloadsTheSceneAndTheRunGoesOn() throws {
        for ending in [SIGTERM, SIGINT] {
            let scene = SourcedScene()
            let waiter = ScriptedWaiter([LoopWake(signal: SIGHUP), LoopWake(signal: SIGHUP), LoopWake(signal: ending), LoopWake()])
            let loop = FrameLoop(display: HeadlessDisplay(width: 4, height: 4), inputs: [], scene: scene, waiter: waiter)
            #expect(try loop.turn())
            #expect(try loop.turn() && loop.turn())
            #expect(scene.reloads == 2)
            #expect(try !loop.turn())
            #expect(waiter.wakes.count == 1)
        }
    }
}
