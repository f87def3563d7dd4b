import ArgumentParser
import FlickApps
import FlickDisplay
import FlickGestures
import FlickInput
import FlickJSON
import FlickRaster
import FlickText
import FlickUI
import FoundationEssentials
import Glibc

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Flick: on the DRM display when there is one, headless otherwise.")

    @Flag(help: "Render headless even when a DRM display is present.")
    var headless = false

    @Option(help: "Headless: a touch script (JSON) to play before writing the frame.")
    var script: String?

    @Option(help: "Headless: where to write the last frame (default without --shot: flick-kiosk.png, or flick-showcase.png).")
    var out: String?

    @Flag(help: "Headless: write no image, only the final state (for timing and memory runs).")
    var noOut = false

    @Option(help: "The kiosk config (JSON) to run (default: $FLICK_KIOSK, else the bundled tour, kiosk/tour.json).")
    var config: String?

    @Flag(help: "Run the showcase (a picture that shows each touch) instead of a kiosk config.")
    var showcase = false

    @Option(help: "Run one app on its own instead of a kiosk config: todo.")
    var app: AppName?

    @Option(help: "Where the to-do list is kept (default: $XDG_STATE_HOME/flick, else ~/.local/state/flick).")
    var stateDir: String?

    @Option(name: .customLong("shot"), help: "Headless with --config: write the screen at MS milliseconds to FILE.png (MS=FILE.png; repeatable).")
    var shots: [ShotArgument] = []

    // Unconditional, so that `--until -5` reaches the range check instead of reading as an unknown option.
    @Option(parsing: .unconditional,
            help: "Headless with --config: run until MS milliseconds on the virtual clock (default: until the script is played and nothing moves).")
    var until: Double?

    @OptionGroup var panel: PanelOptions

    @Option(help: "DRM card, e.g. /dev/dri/card0 (default: the first with a connected connector).")
    var card: String?

    @Option(help: "Connector name, e.g. HDMI-A-1, DSI-1, Virtual-1 (default: the first connected).")
    var connector: String?

    @Option(help: "Mode WIDTHxHEIGHT[@HZ] (default: the connector's preferred mode).")
    var mode: String?


    @Option(help: "The libinput seat (default: the config's input.seat, else seat0).")
    var seat: String?

    @Option(help: "Touch calibration: six numbers as in LIBINPUT_CALIBRATION_MATRIX, e.g. \"-1 0 1 0 1 0\" (mirrored).")
    var calibration: String?

    private var calibrationMatrix: CalibrationMatrix? {
        calibration.flatMap { CalibrationMatrix($0.split(separator: " ").compactMap { Double($0) }) }
    }


    @Flag(help: "Log frame times, missed vblanks and touch-to-screen latency.")
    var stats = false

    func validate() throws {
        if let mode, ModeRequest(mode) == nil { throw ValidationError("--mode must look like 1280x800 or 1920x1080@60, not \(mode)") }
        if [showcase, config != nil, app != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--showcase, --config and --app each pick what runs: give one")
        }
        if let until, !(0...1e12).contains(until) {
            throw ValidationError("--until must be milliseconds from 0 to 1000000000000, not \(until)")
        }
        if noOut && out != nil { throw ValidationError("--no-out and --out contradict each other: give one") }
        if stateDir?.isEmpty == true {
            throw ValidationError("--state-dir needs a directory (relative paths are from the working directory)")
        }
        if let calibration, calibrationMatrix == nil || calibration.split(separator: " ").count != 6 {
            throw ValidationError("--calibration needs six numbers separated by spaces, like \"1 0 0 0 1 0\", not \"\(calibration)\"")
        }
    }

    func run() throws {
        Log.setUp()
        let configPath = showcase || app != nil ? nil : try config ?? Self.defaultTour()
        var kiosk = try app.map { KioskConfig.app($0.content, id: $0.rawValue) } ?? configPath.map(KioskConfig.loadOrExit)
        if let dpi = panel.dpi { kiosk?.overrideDPI(dpi) }
        if !headless && script == nil && (card != nil || !DRMDevice.cardPaths().isEmpty || !FBDisplay.devicePaths().isEmpty) {
            do {
                try runOnDisplay(kiosk)
            } catch where error is DRMError || error is FramebufferError {
                // A board whose display Flick cannot use is misconfigured: say so and fail loudly.
                Log.flick.critical("\(error)")
                throw ExitCode(1)
            }
            return
        }
        if !headless && script == nil {
            // Under systemd (which sets INVOCATION_ID) a kiosk without a screen must not "succeed" headless.
            if ProcessInfo.processInfo.environment["INVOCATION_ID"] != nil {
                Log.flick.critical("no display device (no /dev/dri/card*, no /dev/fb*): load the GPU or panel driver, or run with --headless")
                throw ExitCode(1)
            }
            Log.flick.notice("no display device (no /dev/dri/card*, no /dev/fb*): running headless")
        }
        if let kiosk { return try runPagesHeadless(kiosk, path: configPath ?? "the \(app?.rawValue ?? "") app") }
        try runHeadless()
    }

    /// Screen units and gesture distances in millimetres need the panel's density: the config's `dpi`, else the connector's
    /// physical size when it is believable (EDIDs of projectors and cheap panels report 0 or nonsense), else 160 dpi.
    private static func metrics(for kiosk: KioskConfig, on display: any Display) -> GestureMetrics {
        if kiosk.display?.dpi != nil { return kiosk.gestureMetrics }
        if let mm = display.physicalSize,
           let panel = GestureMetrics(pixelWidth: display.width, physicalWidth: Millimetres(mm.widthMillimetres)),
           (1.5...25).contains(panel.pixelsPerMillimetre) {
            Log.flick.notice("panel density \(Int((panel.pixelsPerMillimetre * 25.4).rounded())) dpi from its size \(Int(mm.widthMillimetres)) mm")
            return panel
        }
        Log.flick.notice("panel size unknown or implausible: sizes on screen and gestures assume \(Int(PagesScene.defaultMetrics.pixelsPerMillimetre * 25.4)) dpi (set display.dpi in the config)")
        return PagesScene.defaultMetrics
    }

    private var stateDirectory: String {
        stateDir ?? TodoStore.defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    private static func defaultTour() throws -> String {
        guard let path = KioskConfig.defaultTourPath() else {
            Log.flick.critical("no kiosk config: kiosk/tour.json is not installed next to flick; pass --config FILE or set FLICK_KIOSK")
            throw ExitCode(2)
        }
        return path
    }

    /// The pages on the virtual clock: the script's touches, screenshots at their times, and the final state as
    /// the last line of stdout.
    private func runPagesHeadless(_ kiosk: KioskConfig, path: String) throws {
        let size = panel.screen(for: kiosk)
        let scene = PagesScene(config: kiosk, width: size.width, height: size.height, fonts: try FontCollection(),
                               metrics: kiosk.gestureMetrics, stateDirectory: stateDirectory, log: { Log.flick.error("\($0)") })
        let player = VirtualClockPlayer(scene: scene, width: size.width, height: size.height, idle: kiosk.display?.idle,
                                        log: { Log.flick.notice("\($0)") })
        player.enqueue(try script.map { try TouchScript(contentsOf: URL(fileURLWithPath: $0)).frames } ?? [])
        var pending = shots.sorted { $0.milliseconds < $1.milliseconds }
        func writeShots(dueBy time: Double) throws {
            while let shot = pending.first, shot.milliseconds / 1000 <= time + 1e-9 {
                try player.screen.writePNG(path: shot.file)
                pending.removeFirst()
            }
        }
        try writeShots(dueBy: 0)
        try player.run(until: until.map { $0 / 1000 }, stops: pending.map { $0.milliseconds / 1000 }, atStop: writeShots)
        try writeShots(dueBy: .infinity)
        if player.touchFramesLeft > 0 {
            Log.flick.notice("the script's touches after --until \(JSONValue.numberText(until ?? 0)) ms were not played (\(player.touchFramesLeft) frames of touches)")
        }
        let out = noOut ? nil : out ?? (shots.isEmpty ? "flick-kiosk.png" : nil)
        if let out { try player.screen.writePNG(path: out) }
        print("Flick ran \(path) headless (\(size.width)x\(size.height), \(player.framesDrawn) frames, \(shots.count) shots"
              + (out.map { ") and wrote \($0)." } ?? ")."))
        print(scene.finalStateJSON())
    }

    private func runOnDisplay(_ kiosk: KioskConfig?) throws {
        let signals = try SignalQueue(SIGINT, SIGTERM, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal)
        let settings = OutputSettings(config: kiosk, card: card, connector: connector, mode: mode.flatMap(ModeRequest.init),
                                      rotation: panel.rotation.flatMap(Rotation.init(degrees:)), seat: seat, calibration: calibrationMatrix)
        let rotation = settings.drm.rotation
        let display: any Display, panel: (width: Int, height: Int), closeDisplay: () -> Void
        if card != nil || !DRMDevice.cardPaths().isEmpty {
            let drm = try DRMDisplay.open(settings.drm)
            Log.flick.notice("\(drm.device.path) \(drm.output.connector.name) \(drm.output.mode) \(drm.format.rawValue) rotation \(rotation.rawValue)°: \(drm.presentation)")
            if let note = drm.pacing.note { Log.flick.notice("\(note)") }
            drm.onNotice = { Log.flick.warning("\($0)") }
            (display, panel, closeDisplay) = (drm, (drm.output.mode.width, drm.output.mode.height), drm.close)
        } else {
            let fb = try FBDisplay(path: FBDisplay.devicePaths()[0], rotation: rotation, refresh: settings.drm.refresh)
            fb.onNotice = { Log.flick.warning("\($0)") }
            let drawing = fb.isPanning ? "in two buffers, panned into view" : "in place (it has room for one frame: motion may tear)"
            Log.flick.notice("\(fb.path) \(fb.info) rotation \(rotation.rawValue)°: no DRM device, drawing on the framebuffer \(drawing)")
            (display, panel, closeDisplay) = (fb, (fb.info.width, fb.info.height), fb.close)
        }
        defer { closeDisplay() }
        let terminal = VirtualTerminal()
        defer { terminal?.restore() }

        var inputs: [any InputSource] = []
        do {
            let mapping = ScreenMapping(panelWidth: panel.width, panelHeight: panel.height, rotation: rotation)
            let source = try LibInputSource(seat: settings.seat, mapping: mapping, calibration: settings.calibration,
                                            keyboard: settings.keyboard)
            _ = source.readEvents()
            if !source.currentDevices.contains(where: { !$0.capabilities.isDisjoint(with: [.touch, .pointer]) }) {
                Log.flick.warning("no touchscreen or pointer readable on \(settings.seat): add the user to the 'input' group (the display runs anyway)")
            }
            inputs.append(source)
        } catch {
            Log.flick.warning("no input: \(error); the display still runs (touch needs read access to /dev/input: the 'input' group)")
        }
        let fonts = try FontCollection()
        let stateDirectory = stateDirectory
        /// The kiosk at the display's size, on `page` (a display back at another size re-lays it out there).
        func makeScene(page: String?) throws -> any Scene {
            guard var kiosk else { return try ShowcaseKiosk(width: display.width, height: display.height, fonts: fonts) }
            if let page { kiosk.start = page }
            return PagesScene(config: kiosk, width: display.width, height: display.height, fonts: fonts,
                              metrics: Self.metrics(for: kiosk, on: display), stateDirectory: stateDirectory,
                              log: { Log.flick.error("\($0)") })
        }
        var scene = try makeScene(page: nil)
        let waiter = PollWaiter(signals: signals)
        let screen = kiosk?.display?.idle.map { policy in
            ScreenPower(policy: policy, display: display, backlight: Self.backlight(kiosk?.display?.backlight), now: waiter.now) {
                Log.flick.notice("\($0)")
            }
        }
        let loop = RunLoop(display: display, inputs: inputs, scene: scene, waiter: waiter, terminal: terminal, screen: screen)
        loop.onFirstFrame = { Log.flick.notice("first frame on screen") }
        let name = (display as? DRMDisplay)?.output.connector.name ?? "the display"
        loop.onDisplayChange = { change in
            switch change {
            case .disconnected: Log.flick.notice("\(name) disconnected: not drawing until it is back")
            case .reconnected(let width, let height): Log.flick.notice("\(name) connected again: \(width)x\(height)")
            }
        }
        loop.resizeScene = { _, _ in
            // Touches land on the new panel size; fonts and the store carry over; the page showing stays.
            if let drm = display as? DRMDisplay, let source = inputs.first as? LibInputSource {
                source.mapping = ScreenMapping(panelWidth: drm.output.mode.width, panelHeight: drm.output.mode.height,
                                               rotation: rotation)
            }
            scene = (try? makeScene(page: (scene as? PagesScene)?.currentPage)) ?? scene
            return scene
        }
        try loop.run()
        Log.flick.notice("stopping: restoring the console")
        if stats { Log.flick.notice("stats: \(loop.statistics.summary)") }
    }

    /// The configured backlight, else the first in /sys/class/backlight; a warning and none when it cannot be used.
    private static func backlight(_ name: String?) -> Backlight? {
        do { return try Backlight.find(name) } catch {
            Log.flick.warning("\(error): the screen blanks but does not dim")
            return nil
        }
    }

    private func runHeadless() throws {
        let size = panel.screen(for: nil)
        let scene = try ShowcaseKiosk(width: size.width, height: size.height, fonts: FontCollection())
        let player = VirtualClockPlayer(scene: scene, width: size.width, height: size.height)
        player.enqueue(try script.map { try TouchScript(contentsOf: URL(fileURLWithPath: $0)).frames } ?? [])
        player.run()
        let out = noOut ? nil : out ?? "flick-showcase.png"
        if let out { try player.screen.writePNG(path: out) }
        print("Flick ran headless (\(size.width)x\(size.height), \(player.framesDrawn) frames\(script.map { ", script \($0)" } ?? ""))"
              + (out.map { " and wrote \($0)." } ?? "."))
        if stats { print("stats: \(player.statistics.summary)") }
    }
}

/// `MS=FILE.png`: a screenshot at a time on the virtual clock.
struct ShotArgument: ExpressibleByArgument {
    let milliseconds: Double
    let file: String

    init?(argument: String) {
        guard let eq = argument.firstIndex(of: "="), let ms = Double(argument[..<eq]), ms >= 0, ms.isFinite else { return nil }
        let file = String(argument[argument.index(after: eq)...])
        guard !file.isEmpty else { return nil }
        milliseconds = ms
        self.file = file
    }
}

enum AppName: String, CaseIterable, ExpressibleByArgument {
    case todo

    var content: KioskConfig.Content {
        switch self {
        case .todo: .todo(.init())
        }
    }
}
