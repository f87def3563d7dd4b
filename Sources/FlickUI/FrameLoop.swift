import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import Glibc

/// The one frame loop, for every display: input goes to the scene, animations advance to the time the frame will
/// be seen, and a frame is drawn only when something changed — on a board (FlickBoard's `PollWaiter`: the display's
/// flips, libinput, signals) and headless (a virtual clock, a scripted input source: ``VirtualClockPlayer``), with the
/// same code for input, pacing, damage and presenting. An idle kiosk waits with no deadline: no wake-ups, no CPU.
///
/// The scene's ``Scene/sources`` (a broker connection, watched files) and the loop's own ``sources`` are waited on in
/// the same wait and serviced between frames when their descriptor is ready or their deadline comes. SIGHUP has the
/// scene ``Scene/reload()``; SIGINT and SIGTERM end the run.
///
/// The loop owns its display, inputs, scene and waiter and uses them only on the thread that calls ``run()`` or
/// ``turn()``; its callbacks are called there too. FlickBoard's `Board.run` makes and runs one on a board.
public final class FrameLoop {
    private let display: any Display
    private let inputs: [any InputSource]
    private var scene: any Scene
    private let waiter: any LoopWaiter
    private let terminal: (any ConsoleSwitching)?
    private let screen: ScreenPower?
    /// The screen woke from blanking, the display came back from another VT or a replug: the next frame is drawn whole.
    private var mustRedraw = false
    /// The screen was blanked at the last look: whatever wakes it (a touch, the schedule, an action), it is drawn whole.
    private var screenWasBlanked = false
    private var canvas: Canvas?
    /// Draw times, missed vblanks, and touch-to-flip and source-to-flip latency so far.
    public var statistics: FrameStatistics { status.statistics }
    /// The statistics and the frame on screen, handed to the scene (``Scene/use(_:)-(LoopStatus)``).
    public let status = LoopStatus()
    /// When frames are shown: the display's, which on a board follows the flips.
    private var grid: VBlankGrid { display.vblanks }
    /// When the latest frame drawn is shown — its flip once that came, else when the display said it would be (or
    /// the time it was drawn for, when nothing changed): the next frame is for a later vblank.
    private var lastFrame: Double?
    /// The latest flip, for the gaps between flips.
    private var lastFlip: Double?
    /// The earliest touch, and the earliest change a source made, not yet on screen: for latency.
    private var unseenTouch = UnseenChange()
    private var unseenSourceChange = UnseenChange()
    /// Whether the scene moved on from the frame before the latest (wanted the next at once): only then is a long gap
    /// before the latest frame's flip vblanks missed, not a still screen's rest.
    private var wasAnimating = false
    /// Whether the scene still moved after the latest frame was drawn.
    private var movingAfterLastFrame = false
    /// False while another virtual terminal has the screen.
    private var active = true
    private var started = false
    /// The loop's own sources, waited on and serviced with the scene's (``Scene/sources``, after these) but kept when
    /// the scene is made anew: what the program running the loop adds, such as FlickBoard's systemd watchdog.
    public var sources: [any LoopSource] = []
    /// Called once, after the first frame is handed to the display.
    public var onFirstFrame: (() -> Void)?
    /// Called after each frame is handed to the display, with the time it is shown.
    public var afterFrame: ((Double) -> Void)?
    /// Told when the display is unplugged and when it is back.
    public var onDisplayChange: ((DisplayChange) -> Void)?
    /// Makes the scene again for a display back at another size (width, height); nil: the scene stays.
    public var resizeScene: ((Int, Int) -> any Scene)?
    /// False while the display's connector is unplugged: nothing is drawn.
    private var connected = true

    /// With a `terminal`, the waiter's signals must carry its switch signals: the display is released to another
    /// VT and taken back. With a `screen`, the screen dims and blanks when idle.
    ///
    /// - Parameters:
    ///   - display: Where frames go; its size should be the scene's.
    ///   - inputs: The sources whose events go to the scene, in this order; the waiter reports them by index.
    ///   - scene: What is drawn; replaced by `resizeScene` when the display comes back at another size.
    ///   - waiter: The loop's clock and what it sleeps on.
    ///   - terminal: The console to share with other VTs; nil: none.
    ///   - screen: Idle dimming and blanking, and the screen's schedule; nil: the screen stays on.
    public init(display: any Display, inputs: [any InputSource], scene: any Scene, waiter: any LoopWaiter,
                terminal: (any ConsoleSwitching)? = nil, screen: ScreenPower? = nil) {
        self.display = display; self.inputs = inputs; self.scene = scene; self.waiter = waiter; self.terminal = terminal
        self.screen = screen
        if let screen { scene.use(screen) }
        scene.use(status)
    }

    /// Runs until a termination signal arrives, or the waiter says the run is over. Throws what the display or the
    /// waiter throws.
    public func run() throws { while try turn() {} }

    /// One turn: the first frame on the first call; then the frame that is due, or a wait for what comes next and
    /// handling it. False when the run is over. Throws what the display or the waiter throws.
    @discardableResult
    public func turn() throws -> Bool {
        guard started else { try start(); return true }
        let now = waiter.now
        // The screen's timers run only while Flick has a screen (not on another VT, not unplugged).
        let showing = active && connected
        if showing { screen?.advance(to: now) }
        let blanked = screen?.state == .blanked
        if screenWasBlanked && !blanked { mustRedraw = true }
        screenWasBlanked = blanked
        var deadline: Double?
        let frameWanted = showing && !blanked && (mustRedraw || wantsFrame(at: now))
        status.frameWanted(frameWanted, at: now)
        // Blanked, nothing is drawn and nothing but input (or a signal) wakes the loop.
        if showing && !blanked && !isFlipPending {
            if frameWanted {
                let target = nextFrameTime(after: now)
                // On a board a frame is drawn as soon as the one before is on screen; virtual drawing takes no time.
                let drawAt = waiter.drawsAtVBlank ? target : target - grid.interval
                if drawAt <= now + VirtualWaiter.tolerance {
                    try drawFrame(at: target, force: mustRedraw)
                    return true
                }
                deadline = drawAt
            } else {
                deadline = scene.nextDeadline
            }
        }
        // Sources run while the screen is blanked or another VT has it: a broker's keep-alive cannot wait for a touch.
        let sources = self.sources.isEmpty ? scene.sources : self.sources + scene.sources
        let timer = ([showing ? screen?.nextChange : nil] + sources.map(\.nextDeadline)).compactMap { $0 }.min()
        let wake = try waiter.wait(until: deadline, timer: timer, display: display, inputs: inputs, sources: sources)
        if let signal = wake.signal, try !handle(signal) { return false }
        if wake.display { handleFlips(try display.handleEvents()) }
        if wake.hotplug, let change = try display.handleHotplug() { apply(change) }
        for i in wake.inputs {
            // Touches meant for another VT's program are read and dropped.
            let events = inputs[i].readEvents()
            if active { deliver(events) }
        }
        service(sources, wake)
        return !wake.finished
    }

    /// Runs each source whose descriptor the waiter found ready or whose deadline has come.
    private func service(_ sources: [any LoopSource], _ wake: LoopWake) {
        let now = waiter.now
        for (i, source) in sources.enumerated() {
            let readable = wake.readableSources.contains(i), writable = wake.writableSources.contains(i)
            let due = source.nextDeadline.map { $0 <= now + VirtualWaiter.tolerance } ?? false
            guard readable || writable || due else { continue }
            // What a source hands on (a new value) may start an animation, as a touch may.
            bringIdleSceneToNow()
            let wasStill = !scene.needsFrame
            source.service(readable: readable, writable: writable, now: now)
            // While the scene moves anyway, a source's change cannot be told from none (it rides in the next frame):
            // only the frames a source wakes a still scene for are timed.
            if wasStill && scene.needsFrame { unseenSourceChange.changed(at: now) }
        }
    }

    private func start() throws {
        started = true
        try drawFrame(at: nextFrameTime(after: waiter.now), force: true)
        // libinput queues the devices it opened before its fd ever becomes readable.
        for source in inputs { deliver(source.readEvents()) }
    }

    private var isFlipPending: Bool { display.isFlipPending }

    /// Something moves, or a deadline (a long press) has come and needs the clock moved.
    private func wantsFrame(at now: Double) -> Bool {
        scene.needsFrame || scene.nextDeadline.map { $0 <= now + VirtualWaiter.tolerance } ?? false
    }

    /// The first vblank no frame has been drawn for that a frame drawn `now` can reach: on a board one after `now`,
    /// virtually the one at `now` too.
    private func nextFrameTime(after now: Double) -> Double {
        let soonest = waiter.drawsAtVBlank ? now : now + 1e-6
        return grid.vblank(atOrAfter: lastFrame.map { max(soonest, $0 + grid.interval / 2) } ?? soonest)
    }

    /// Termination returns false; SIGHUP reloads the scene; VT switches release and retake the display.
    private func handle(_ signal: Int32) throws -> Bool {
        if signal == SIGHUP {
            bringIdleSceneToNow()
            scene.reload()
            return true
        }
        guard let terminal else { return false }
        switch signal {
        case terminal.releaseSignal:
            try display.suspend()
            terminal.allowRelease()
            active = false
        case terminal.acquireSignal:
            terminal.acknowledgeAcquire()
            try display.resume()
            active = true
            lastFlip = nil
            mustRedraw = true
        default:
            return false
        }
        return true
    }

    private func apply(_ change: DisplayChange) {
        switch change {
        case .disconnected:
            connected = false
        case .reconnected(let width, let height):
            connected = true
            if canvas.map({ $0.surface.width != width || $0.surface.height != height }) ?? false, let resizeScene {
                scene = resizeScene(width, height)
                if let screen { scene.use(screen) }
                scene.use(status)
            }
            // The mode (and so the display's grid) may be another: the next frame is for its first vblank.
            lastFrame = nil
            lastFlip = nil
            mustRedraw = true
        }
        onDisplayChange?(change)
    }

    private func handleFlips(_ flips: [PageFlip]) {
        for flip in flips {
            if let last = lastFlip {
                status.statistics.recordFlip(gap: flip.seconds - last, interval: grid.interval, animating: wasAnimating)
            }
            lastFlip = flip.seconds
            lastFrame = flip.seconds
            if let latency = unseenTouch.flipped(at: flip.seconds) { status.statistics.recordTouchLatency(latency) }
            if let latency = unseenSourceChange.flipped(at: flip.seconds) { status.statistics.recordSourceLatency(latency) }
        }
    }

    private func deliver(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        let events = screen?.filter(events, at: waiter.now) ?? events
        guard !events.isEmpty else { return }
        bringIdleSceneToNow()
        for event in events {
            if case .touches(let frame) = event { unseenTouch.changed(at: frame.time.seconds) }
            scene.handle(event)
        }
    }

    /// An idle scene's clock stopped at its last frame, maybe minutes ago: what an input, a source's value or a reload
    /// starts would begin then and be over by the next frame. It is brought to the frame before the one the change
    /// will be drawn in.
    private func bringIdleSceneToNow() {
        if !scene.needsFrame { scene.advance(to: grid.vblank(before: nextFrameTime(after: waiter.now))) }
    }

    /// Draws the frame shown at `time` when anything changed (always when `force`: the first frame, or the
    /// screen to be drawn whole again) and presents what changed.
    private func drawFrame(at time: Double, force: Bool) throws {
        scene.advance(to: time)
        lastFrame = time
        // The frame for this vblank is made, whether or not anything in it changed.
        status.frameOwedSince = nil
        if force { mustRedraw = false }
        guard force || scene.needsFrame else { movingAfterLastFrame = false; return }
        wasAnimating = movingAfterLastFrame
        let (surface, age) = try display.nextBuffer()
        if canvas?.surface !== surface { canvas = Canvas(surface: surface) }
        let start = MonotonicClock().now
        let damage = scene.draw(on: canvas!, fullRedraw: age == 0 || force)
        status.statistics.recordFrame(drawSeconds: MonotonicClock().now - start)
        movingAfterLastFrame = scene.needsFrame
        guard !damage.isEmpty || force else { return }
        lastFrame = try display.present(damage: force ? [surface.bounds] : damage)
        status.lastPresented = lastFrame
        status.shownSurface = surface
        if let first = onFirstFrame { onFirstFrame = nil; first() }
        afterFrame?(time)
        unseenTouch.framePresented()
        unseenSourceChange.framePresented()
    }
}
