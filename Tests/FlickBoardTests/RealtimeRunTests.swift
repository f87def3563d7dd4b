import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import FlickUI
import Glibc
import Testing
@testable import FlickBoard

/// A still scene that notes its touches, reloads and frames, with the sources a test gives it.
private final class NotingScene: Scene {
    var sources: [any LoopSource] = []
    var touchedAt: [Double] = []
    var reloads = 0
    var framesToMove = 0
    var drawn = 0
    private var time = 0.0

    var needsFrame: Bool { framesToMove > 0 }
    var nextDeadline: Double? { nil }
    func handle(_ event: InputEvent) {
        touchedAt.append(time)
        framesToMove = 3
    }
    func advance(to time: Double) { self.time = time }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        framesToMove = max(0, framesToMove - 1)
        drawn += 1
        return [PixelRect(x: 0, y: 0, width: 1, height: 1)]
    }
    func reload() { reloads += 1 }
}

/// The read end of a pipe as a loop source: each service reads what was written.
private final class PipeSource: LoopSource {
    let read: Int32, write: Int32
    var received: [UInt8] = []
    var servicedReadable = 0
    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        (read, write) = (ends[0], ends[1])
        _ = fcntl(read, F_SETFL, O_NONBLOCK)
    }
    deinit { close(read); close(write) }
    var fileDescriptor: Int32 { read }
    var wantsWrite: Bool { false }
    var nextDeadline: Double? { nil }
    func service(readable: Bool, writable: Bool, now: Double) {
        guard readable else { return }
        servicedReadable += 1
        var byte: UInt8 = 0
        while Glibc.read(read, &byte, 1) == 1 { received.append(byte) }
    }
}

/// The write end of a pipe as a loop source with one byte to write: it wants to write until it has.
private final class WritingSource: LoopSource {
    let fileDescriptor: Int32
    var wrote: [Double] = []
    init(_ fd: Int32) { fileDescriptor = fd }
    var wantsWrite: Bool { wrote.isEmpty }
    var nextDeadline: Double? { nil }
    func service(readable: Bool, writable: Bool, now: Double) {
        guard writable else { return }
        #expect(Glibc.write(fileDescriptor, "!", 1) == 1)
        wrote.append(now)
    }
}

/// A source run once at a deadline, noting the time it was run at.
private final class DeadlineSource: LoopSource {
    var nextDeadline: Double?
    var servicedAt: Double?
    init(at deadline: Double) { nextDeadline = deadline }
    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }
    func service(readable: Bool, writable: Bool, now: Double) {
        servicedAt = now
        nextDeadline = nil
    }
}

private func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A touch down at `seconds` from the start of the run.
private func touch(at seconds: Double) -> TouchFrame {
    let t = Microseconds(seconds: seconds)
    return TouchFrame(time: t, events: [TouchEvent(.down, id: TouchID(rawValue: 0), at: Point(x: 1, y: 1), time: t)])
}

/// Headless in real time, through the board's poll: the scene's sources polled and timed, a touch script played
/// at its times, signals read between frames. These run on the wall clock, a second or less each.
@Suite struct RealtimeRunTests {
    @Test func sourcesAreServicedAndTouchesPlayedAtTheirRealTimesAndAnIdleRunSleeps() throws {
        let scene = NotingScene(), pipe = PipeSource(), timer = DeadlineSource(at: 0.2)
        scene.sources = [pipe, timer]
        let signals = try SignalQueue(SIGINT, SIGTERM, SIGHUP)
        let player = try RealtimePlayer(scene: scene, width: 4, height: 4, idle: nil, signals: signals) { _, _ in }
        #expect(player.framesDrawn == 1)
        #expect(Glibc.write(pipe.write, "hi", 2) == 2)
        player.enqueue([touch(at: 0.3)])
        let cpu = threadCPUSeconds()
        var stoppedAt: [Double] = []
        try player.run(until: 1, stops: [0.5]) { stoppedAt.append($0) }
        let spent = threadCPUSeconds() - cpu

        #expect(pipe.received == Array("hi".utf8) && pipe.servicedReadable == 1)
        #expect(timer.servicedAt.map { $0 >= 0.2 && $0 < 0.9 } == true)
        #expect(scene.touchedAt.count == 1)
        #expect(scene.touchedAt.first.map { $0 >= 0.3 - 1.0 / 60 && $0 < 0.9 } == true)
        #expect(scene.drawn == 4, "frame 0 and the three the touch moves for")
        #expect(stoppedAt.count == 1 && stoppedAt[0] >= 0.5)
        #expect(player.display.clock.now >= 1)
        // A second of wall-clock time, nearly all of it asleep in poll: a busy loop would spend all of it.
        #expect(spent < 0.25, "\(spent) s of CPU in a 1 s run")
    }

    /// A source that wants to write is polled for it and serviced writable once; what it wrote is read by the
    /// source at the other end of the pipe, woken by poll.
    @Test func aSourceThatWantsToWriteIsServicedWhenWritable() throws {
        let scene = NotingScene(), pipe = PipeSource()
        let writer = WritingSource(pipe.write)
        scene.sources = [writer, pipe]
        let signals = try SignalQueue(SIGINT, SIGTERM, SIGHUP)
        let player = try RealtimePlayer(scene: scene, width: 4, height: 4, idle: nil, signals: signals) { _, _ in }
        try player.run(until: 0.2, stops: []) { _ in }
        #expect(writer.wrote.count == 1)
        #expect(pipe.received == Array("!".utf8) && pipe.servicedReadable == 1)
    }

    /// The signals arrive while the run is asleep in poll: raised on this thread, they wait in the queue.
    @Test func sighupReloadsAndSigtermEndsTheRun() throws {
        let scene = NotingScene()
        let signals = try SignalQueue(SIGINT, SIGTERM, SIGHUP)
        let player = try RealtimePlayer(scene: scene, width: 4, height: 4, idle: nil, signals: signals) { _, _ in }
        raise(SIGHUP)
        try player.run(until: 0.1, stops: []) { _ in }
        #expect(scene.reloads == 1)

        raise(SIGTERM)
        var stops = 0
        try player.run(until: nil, stops: [0.5, 60]) { _ in stops += 1 }
        #expect(stops == 0, "the run ended at SIGTERM, before its first stop")
        #expect(player.display.clock.now < 0.5)
    }
}
