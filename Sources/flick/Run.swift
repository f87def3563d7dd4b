import ArgumentParser
import FlickKiosk
import FlickShowcase
import FlickBoard
import FlickDRM
import FlickLibInput
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

    @Flag(help: "Headless in real time until SIGTERM or Ctrl-C (SIGHUP reloads): --script plays and each --shot is taken at its wall-clock time, and the final state is printed on exit.")
    var realtime = false

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

    @Option(name: .customLong("shot"), help: "Headless with --config: write the screen at MS milliseconds (virtual, or wall-clock with --realtime) to FILE.png (MS=FILE.png; repeatable).")
    var shots: [ShotArgument] = []

    // Unconditional, so that `--until -5` reaches the range check instead of reading as an unknown option.
    @Option(parsing: .unconditional,
            help: "Headless with --config: run until MS milliseconds on the virtual clock, or of wall-clock time with --realtime (default: until the script is played and nothing moves, or with --realtime until SIGTERM).")
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


    @Option(help: "Headless: the local time the run starts at, YYYY-MM-DDTHH:MM[:SS] (default: now), for clocks and schedules.")
    var wallClock: WallClockArgument?

    @Flag(help: "Log frame times, missed vblanks, and the latency from a touch and from a data source's change to the flip that shows it (p50, p99, max, count) when the run ends.")
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
        let configPath = showcase || app != nil ? nil : try config ?? Self.defaultTour()
        let stateDirectory = stateDirectory
        // A broken config starts on its last good copy, with a notice, rather than exiting into a restart loop.
        var startNotice: String?
        var kiosk = try app.map { KioskConfig.app($0.kind, id: $0.rawValue) } ?? configPath.map { path throws -> KioskConfig in
            do throws(KioskConfigError) {
                let start = try LastGoodConfig(stateDirectory: stateDirectory, configFile: path).start { Log.flick.error("\($0)") }
                startNotice = start.notice
                return start.config
            } catch {
                printToStandardError(error.lines)
                throw ExitCode(2)
            }
        }
        if let configPath, let problems = kiosk?.boardProblems(file: configPath) {
            printToStandardError(problems.lines)
            throw ExitCode(2)
        }
        if let dpi = panel.dpi { kiosk?.overrideDPI(dpi) }
        let options = BoardOptions(config: kiosk, card: card, connector: connector, mode: mode.flatMap(ModeRequest.init),
                                   rotation: panel.rotation.flatMap(Rotation.init(degrees:)), seat: seat,
                                   calibration: calibrationMatrix, dpi: panel.dpi)
        let size = panel.screen(for: kiosk)
        let headlessRun = HeadlessRun(width: size.width, height: size.height, evenWithADisplay: headless || script != nil || realtime,
                                      realtime: realtime) { player in
            if let scene = player.scene as? KioskScene {
                try play(scene, on: player, path: configPath ?? "the \(app?.rawValue ?? "") app")
            } else {
                try playShowcase(on: player)
            }
        }
        let fonts = try FontCollection()
        let wallClockStart = wallClock
        // Told when the run ends, so the fleet hears this kiosk go offline.
        var shownKiosk: KioskScene?
        defer { shownKiosk?.finish() }
        do {
            // The one entry point a package uses too: the board's display, else headless.
            let statistics = try Board.run(options, headless: headlessRun, log: Self.log) { width, height, metrics, previous in
                guard var kiosk else { return try ShowcaseKiosk(width: width, height: height, fonts: fonts) }
                // A display back at another size is laid out again on the page that was showing; the to-do lists
                // are in the state directory.
                let previous = previous as? KioskScene
                if let previous { kiosk = previous.config; kiosk.start = previous.pages.currentPage }
                // Headless, the loop's clock starts at 0; on a board it is CLOCK_MONOTONIC.
                let clock = wallClockStart.map { WallClock(epoch: $0.epoch) }
                    ?? .system(loopNow: headless || script != nil || realtime || !Board.hasDisplay(card: card) ? 0 : MonotonicClock().now)
                let scene = KioskScene(config: kiosk, file: app == nil ? configPath : nil, width: width, height: height,
                                       fonts: fonts, metrics: metrics, stateDirectory: stateDirectory, wallClock: clock,
                                       notice: previous?.notice ?? startNotice, log: { Log.flick.error("\($0)") })
                shownKiosk = scene
                return scene
            }
            if stats { Log.flick.notice("stats: \(statistics.summary)") }
        } catch where error is DRMError || error is FramebufferError || error is NoDisplayError {
            // A board whose display Flick cannot use is misconfigured: say so and fail loudly.
            Log.flick.critical("\(error)")
            throw ExitCode(1)
        }
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

    /// The kiosk on the virtual clock or in real time: the script's touches, screenshots at their times, and the
    /// final state as the last line of stdout.
    private func play(_ kiosk: KioskScene, on player: any HeadlessPlayer, path: String) throws {
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
            // Only --until, or in real time a termination signal, ends a run before its script does.
            let end = until.map { "--until \(JSONValue.numberText($0)) ms" } ?? "the signal that ended the run"
            Log.flick.notice("the script's touches after \(end) were not played (\(player.touchFramesLeft) frames of touches)")
        }
        let out = noOut ? nil : out ?? (shots.isEmpty ? "flick-kiosk.png" : nil)
        if let out { try player.screen.writePNG(path: out) }
        print("Flick ran \(path) headless\(realtime ? " in real time" : "") (\(player.display.width)x\(player.display.height), \(player.framesDrawn) frames, \(shots.count) shots"
              + (out.map { ") and wrote \($0)." } ?? ")."))
        print(kiosk.pages.finalStateJSON())
    }

    private static func log(_ level: Board.LogLevel, _ line: String) {
        switch level {
        case .notice: Log.flick.notice("\(line)")
        case .warning: Log.flick.warning("\(line)")
        case .error: Log.flick.error("\(line)")
        }
    }

    private func playShowcase(on player: any HeadlessPlayer) throws {
        player.enqueue(try script.map { try TouchScript(contentsOf: URL(fileURLWithPath: $0)).frames } ?? [])
        try player.run()
        let out = noOut ? nil : out ?? "flick-showcase.png"
        if let out { try player.screen.writePNG(path: out) }
        print("Flick ran headless (\(player.display.width)x\(player.display.height), \(player.framesDrawn) frames\(script.map { ", script \($0)" } ?? ""))"
              + (out.map { " and wrote \($0)." } ?? "."))
    }
}

/// `YYYY-MM-DDTHH:MM[:SS]`, a local time: when a headless run starts, for its clocks and schedules.
struct WallClockArgument: ExpressibleByArgument {
    let epoch: Double

    init?(argument: String) {
        let halves = argument.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false).map { Int32($0) }
        let time = halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int32($0) }
        guard date.count == 3, (2...3).contains(time.count), let year = date[0], let month = date[1], let day = date[2],
              let hour = time[0], let minute = time[1], (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let second = time.count == 3 ? time[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec, parts.tm_isdst) = (hour, minute, second, -1)
        let epoch = mktime(&parts)
        guard epoch != -1 else { return nil }
        self.epoch = Double(epoch)
    }
}

/// `MS=FILE.png`: a screenshot at a time from the start of the run (virtual, or wall-clock with `--realtime`).
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

    var kind: any PageKind {
        switch self {
        case .todo: KioskConfig.Todo()
        }
    }
}
