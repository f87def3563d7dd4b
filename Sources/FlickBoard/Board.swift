import FlickDRM
import FlickDisplay
import FlickGestures
import FlickInput
import FlickKiosk
import FlickLibInput
import FlickRaster
import FlickUI
import Glibc

/// The one way onto a board: a scene on the panel, run until SIGTERM or Ctrl-C.
///
/// DRM/KMS on the first card with a connected connector (or the configured one), else the first framebuffer
/// (`/dev/fb0`); the text console switched to graphics and given back on exit; touch, pointer and keys through
/// libinput, mapped to the panel's rotation and calibration; the screen dimmed and blanked when idle; the display
/// unplugged and plugged again (the scene made anew at a new size); VT switches. Each choice is one line in the log
/// (`/dev/dri/card0 HDMI-A-1 1920x1080@60 XRGB8888 rotation 0°: atomic page flips…`); a display Flick cannot use
/// throws a `DRMError` or `FramebufferError` that says what to do. `flick run` starts here, and so can any package.
public enum Board {
    /// A display device is there to run on: a DRM card (or `card` named), or a framebuffer.
    public static func hasDisplay(card: String? = nil) -> Bool {
        card != nil || !DRMDevice.cardPaths().isEmpty || !FBDisplay.devicePaths().isEmpty
    }

    /// What the board tells its log, one line each.
    public enum LogLevel: Sendable {
        /// What was chosen or happened as it should: the display and mode, the density, the first frame.
        case notice
        /// Something is missing or failed and the display runs anyway: no input, no backlight to dim.
        case warning
        /// A failure; what the board cannot work round, `run` throws instead.
        case error
    }

    /// Shows the scene `makeScene` makes for the display — `width` x `height` pixels as the scene sees them (turned
    /// by the rotation), at the panel's density, and the scene shown before when the display comes back at
    /// another size — until a termination signal. Returns the loop's frame statistics.
    ///
    /// Where there is no display, with `headless` it logs `no display device (…): running headless` and runs the
    /// scene on a virtual clock or in real time as `headless` says (outside systemd only); without, it throws
    /// ``NoDisplayError``.
    ///
    /// It blocks the calling thread, which becomes the frame loop's: `makeScene` and `log` are called on it, and the
    /// scene is driven only from it. SIGINT, SIGTERM, SIGHUP, SIGUSR1 and SIGUSR2 (in real time headless: SIGINT,
    /// SIGTERM and SIGHUP) are blocked on it and read by the loop instead; SIGHUP has the scene reload. The display
    /// and the console are given back when it returns or throws.
    ///
    /// Run by systemd as a `Type=notify` service (on a display, or headless in real time), it sends `READY=1` when the
    /// first frame is on screen and, when the unit has `WatchdogSec=`, pings the watchdog from the frame loop while
    /// the loop keeps up: a loop that blocks, or turns without drawing for 2 s while the scene moves, is restarted.
    /// Without `NOTIFY_SOCKET` nothing is sent.
    ///
    /// - Parameters:
    ///   - options: The display, input and screen-power settings (``BoardOptions``).
    ///   - headless: What to do without a display (or always, when it says so): the scene on a virtual clock, or in
    ///     real time.
    ///   - log: Hears each choice the board makes and each problem it works round, one line each.
    ///   - makeScene: Makes the scene for a display of `width`×`height` pixels (after rotation) at the density in
    ///     `metrics`; `previous` is the scene shown before, when the display came back at another size (nil at start).
    ///     If it throws at start, `run` throws that; later the previous scene stays.
    /// - Throws: ``NoDisplayError`` where there is no display to run on and no headless run, a `DRMError` or
    ///   `FramebufferError` for a display Flick cannot use, a ``SystemCallError`` when the
    ///   signals cannot be set up, what `makeScene` throws at start, and what the display throws while running.
    @discardableResult
    public static func run(_ options: BoardOptions, headless: HeadlessRun? = nil,
                           log: @escaping (LogLevel, String) -> Void = { _, _ in },
                           makeScene: @escaping (_ width: Int, _ height: Int, _ metrics: GestureMetrics,
                                                 _ previous: (any Scene)?) throws -> any Scene) throws -> FrameStatistics {
        if let headless, headless.evenWithADisplay {
            return try run(headless, options: options, log: log, makeScene: makeScene)
        }
        guard hasDisplay(card: options.drm.card) else {
            let missing = "no display device (no /dev/dri/card*, no /dev/fb*)"
            // Under systemd (which sets INVOCATION_ID) a kiosk without a screen must not "succeed" headless.
            guard let headless, getenv("INVOCATION_ID") == nil else {
                throw NoDisplayError(description: "\(missing): load the GPU or panel driver\(headless == nil ? "" : ", or run headless on purpose")")
            }
            log(.notice, "\(missing): running headless")
            return try run(headless, options: options, log: log, makeScene: makeScene)
        }
        return try runOnDisplay(options, log: log, makeScene: makeScene)
    }

    /// The scene on a virtual clock or in real time, at the density the options give (else 160 dpi).
    private static func run(_ headless: HeadlessRun, options: BoardOptions, log: @escaping (LogLevel, String) -> Void,
                            makeScene: (Int, Int, GestureMetrics, (any Scene)?) throws -> any Scene) throws -> FrameStatistics {
        // Before the scene is made: a thread it starts inherits the mask.
        let signals = headless.realtime ? try SignalQueue(SIGINT, SIGTERM, SIGHUP) : nil
        let metrics = options.dpi.map { GestureMetrics(dotsPerInch: $0) } ?? .unknownPanel
        let mode = options.drm.mode.map { options.drm.rotation.logicalSize(panelWidth: $0.width, panelHeight: $0.height) }
        let width = headless.width ?? mode?.width ?? 800, height = headless.height ?? mode?.height ?? 480
        let scene = try makeScene(width, height, metrics, nil)
        let weekClock = (headless.wallClock ?? .system(loopNow: 0)).weekClock
        let player: any HeadlessPlayer = if let signals {
            try RealtimePlayer(scene: scene, width: width, height: height, idle: options.idle, schedule: options.schedule,
                               weekClock: weekClock, signals: signals, service: SystemdService.current(), log: log)
        } else {
            VirtualClockPlayer(scene: scene, width: width, height: height, idle: options.idle, schedule: options.schedule,
                               weekClock: weekClock) { log(.notice, $0) }
        }
        try headless.play(player)
        return player.statistics
    }

    private static func runOnDisplay(_ options: BoardOptions, log: @escaping (LogLevel, String) -> Void,
                                     makeScene: @escaping (Int, Int, GestureMetrics, (any Scene)?) throws -> any Scene) throws -> FrameStatistics {
        let signals = try SignalQueue(SIGINT, SIGTERM, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal)
        let rotation = options.drm.rotation
        let display: any Display, drm: DRMDisplay?, panel: (width: Int, height: Int), closeDisplay: () -> Void
        if options.drm.card != nil || !DRMDevice.cardPaths().isEmpty {
            let card = try DRMDisplay.open(options.drm)
            log(.notice, "\(card.device.path) \(card.output.connector.name) \(card.output.mode) \(card.format.rawValue) rotation \(rotation.rawValue)°: \(card.presentation)")
            if let note = card.pacing.note { log(.notice, note) }
            card.onNotice = { log(.warning, $0) }
            (display, drm, panel, closeDisplay) = (card, card, (card.output.mode.width, card.output.mode.height), card.close)
        } else {
            let fb = try FBDisplay(path: FBDisplay.devicePaths()[0], rotation: rotation, refresh: options.drm.refresh)
            fb.onNotice = { log(.warning, $0) }
            let drawing = fb.isPanning ? "in two buffers, panned into view" : "in place (it has room for one frame: motion may tear)"
            log(.notice, "\(fb.path) \(fb.info) rotation \(rotation.rawValue)°: no DRM device, drawing on the framebuffer \(drawing)")
            (display, drm, panel, closeDisplay) = (fb, nil, (fb.info.width, fb.info.height), fb.close)
        }
        defer { closeDisplay() }
        let terminal = VirtualTerminal()
        defer { terminal?.restore() }

        var inputs: [any InputSource] = []
        var libinput: LibInputSource?
        do {
            let mapping = ScreenMapping(panelWidth: panel.width, panelHeight: panel.height, rotation: rotation)
            let source = try LibInputSource(seat: options.seat, mapping: mapping, calibration: options.calibration,
                                            keyboard: options.keyboard)
            _ = source.readEvents()
            if !source.currentDevices.contains(where: { !$0.capabilities.isDisjoint(with: [.touch, .pointer]) }) {
                log(.warning, "no touchscreen or pointer readable on \(options.seat): add the user to the 'input' group (the display runs anyway)")
            }
            inputs.append(source)
            libinput = source
        } catch {
            log(.warning, "no input: \(error); the display still runs (touch needs read access to /dev/input: the 'input' group)")
        }

        func scene(after previous: (any Scene)?) throws -> any Scene {
            try makeScene(display.width, display.height, density(options.dpi, of: display, log: log), previous)
        }
        var shown = try scene(after: nil)
        let waiter = PollWaiter(signals: signals)
        let clock = WallClock.system(loopNow: waiter.now)
        let screen = ScreenPower(policy: options.idle ?? IdlePolicy(), schedule: options.schedule, weekClock: clock.weekClock,
                          display: display, backlight: backlight(options.backlight, log: log), now: waiter.now) {
                log(.notice, $0)
            }
        let loop = FrameLoop(display: display, inputs: inputs, scene: shown, waiter: waiter, terminal: terminal, screen: screen)
        loop.onFirstFrame = { log(.notice, "first frame on screen") }
        SystemdService.current()?.report(loop, now: waiter.now, log: log)
        let name = drm?.output.connector.name ?? "the display"
        loop.onDisplayChange = { change in
            switch change {
            case .disconnected: log(.notice, "\(name) disconnected: not drawing until it is back")
            case .reconnected(let width, let height): log(.notice, "\(name) connected again: \(width)x\(height)")
            }
        }
        loop.resizeScene = { _, _ in
            // Touches land on the new panel size; what the scene keeps is the maker's to carry over.
            if let drm, let source = libinput {
                source.mapping = ScreenMapping(panelWidth: drm.output.mode.width, panelHeight: drm.output.mode.height,
                                               rotation: rotation)
            }
            shown = (try? scene(after: shown)) ?? shown
            return shown
        }
        try loop.run()
        log(.notice, "stopping: restoring the console")
        return loop.statistics
    }

    /// Sizes on screen and gesture distances need the panel's density: `dpi` when given, else the connector's
    /// physical size when it is believable (EDIDs of projectors and cheap panels report 0 or nonsense), else 160 dpi.
    static func density(_ dpi: Double?, of display: any Display, log: (LogLevel, String) -> Void) -> GestureMetrics {
        if let dpi { return GestureMetrics(dotsPerInch: dpi) }
        if let mm = display.physicalSize,
           let panel = GestureMetrics(pixelWidth: display.width, physicalWidth: Millimetres(mm.widthMillimetres)),
           (1.5...25).contains(panel.pixelsPerMillimetre) {
            log(.notice, "panel density \(Int((panel.pixelsPerMillimetre * 25.4).rounded())) dpi from its size \(Int(mm.widthMillimetres)) mm")
            return panel
        }
        let assumed = GestureMetrics.unknownPanel
        log(.notice, "panel size unknown or implausible: sizes on screen and gestures assume \(Int((assumed.pixelsPerMillimetre * 25.4).rounded())) dpi (set display.dpi in the config)")
        return assumed
    }

    /// The configured backlight, else the first in /sys/class/backlight; a warning and none when it cannot be used.
    private static func backlight(_ name: String?, log: (LogLevel, String) -> Void) -> Backlight? {
        do { return try Backlight.find(name) } catch {
            log(.warning, "\(error): the screen blanks but does not dim")
            return nil
        }
    }
}
