import FlickDisplay
import FlickGestures
import FlickRaster
import FlickUI

/// A headless run in real time (a ``HeadlessRun`` with `realtime`): the frame loop on a `HeadlessDisplay` whose
/// clock follows CLOCK_MONOTONIC from the start of the run, a touch script played at its times, the scene's sources
/// polled, until SIGTERM or SIGINT; SIGHUP has the scene reload. Frame 0 is drawn when it is made.
final class RealtimePlayer: HeadlessPlayer {
    let scene: any Scene
    let display: HeadlessDisplay
    private let input: ScriptedInput
    private let waiter: RealtimeWaiter
    private let loop: FrameLoop
    let screenPower: ScreenPower?

    /// `signals` must queue SIGTERM and SIGINT (they end the run) and SIGHUP (a reload). With `idle`, the screen
    /// blanks when nobody touches it; with a `schedule`, it is off in its `off` windows, read by `weekClock`. Run by
    /// systemd as a `service`, it says when frame 0 is on screen and feeds the unit's watchdog as a board does. `log`
    /// hears each change of the screen, and the watchdog's stalls.
    init(scene: any Scene, width: Int, height: Int, refreshHz: Double = 60, idle: IdlePolicy?,
         schedule: ScreenSchedule = ScreenSchedule(), weekClock: WeekClock? = nil, signals: SignalQueue,
         service: SystemdService? = nil, log: @escaping (Board.LogLevel, String) -> Void) throws {
        let display = HeadlessDisplay(width: width, height: height, refreshHz: refreshHz)
        let waiter = RealtimeWaiter(display: display, signals: signals), input = ScriptedInput(clock: display.clock)
        let screen = ScreenPower(policy: idle ?? IdlePolicy(), schedule: schedule, weekClock: weekClock, display: display,
                          backlight: nil, now: 0) { log(.notice, $0) }
        loop = FrameLoop(display: display, inputs: [input], scene: scene, waiter: waiter, screen: screen)
        service?.report(loop, now: waiter.now, log: log)
        (self.scene, self.display, self.waiter, self.input, screenPower) = (scene, display, waiter, input, screen)
        try loop.turn()
    }

    var screen: Surface { display.surface }
    var framesDrawn: Int { display.framesPresented }
    var touchFramesLeft: Int { input.touchFramesLeft }
    var statistics: FrameStatistics { loop.statistics }

    func enqueue(_ frames: [TouchFrame]) { input.enqueue(frames) }

    func run() throws { try run(until: nil) }

    func run(until: Double?) throws { try run(until: until, stops: [], atStop: { _ in }) }

    func run(until: Double?, stops: [Double], atStop: (Double) throws -> Void) throws {
        for stop in stops.sorted() where until.map({ stop <= $0 }) ?? true {
            guard try play(until: stop) else { return }
            try atStop(waiter.now)
        }
        _ = try play(until: until)
    }

    /// Runs the loop until `limit` (nil: until a signal ends it); false when a signal ended it.
    private func play(until limit: Double?) throws -> Bool {
        waiter.limit = limit
        while try loop.turn() {}
        return waiter.reachedLimit
    }
}
