import FlickCore
import FlickFiles
import FlickGestures
import FlickInput
import FlickJSON
import FlickMQTT
import FlickRaster
import FlickText
import FlickUI

/// A kiosk as it runs from its config file: the pages (``PagesScene``), the live values of the config's `sources`
/// and the loop sources that bring them, the config applied again when it is reloaded (SIGHUP, or the file
/// changed), and the return to the start page when nobody touches the screen. With `mqtt` it keeps one connection to
/// the broker for its sources, its actions and, with `fleet`, its place in a fleet (<doc:Fleet>): its status, the page
/// it shows, its health, and the commands it takes.
///
/// A reload reads and validates the whole file first. A valid config is applied in place with ``PagesScene/apply(_:live:)``
/// — no black frame; the page on screen and the state of every page whose content is the same are kept — with a
/// short cross-fade when what is on screen changed. An invalid one changes nothing: the last good config stays on
/// screen, one line goes to the log, and a small notice shows at the foot of the screen until the file is fixed.
///
/// Call ``finish()`` when the kiosk stops (`flick run` does after a termination signal): the fleet is told it went
/// `offline` and the broker's connection closes cleanly. A kiosk let go without it finishes as it goes.
public final class KioskScene: Scene {
    /// The pages shown, of the latest good config.
    public private(set) var pages: PagesScene
    /// The config shown: the latest good one.
    public var config: KioskConfig { pages.config }
    /// The values of the config's sources.
    public private(set) var live: LiveData
    /// The config file read again on ``reload()``; nil: a config that came from elsewhere, never reloaded.
    public let file: String?
    /// The notice on screen, while the file on disk cannot be applied (or the kiosk started on its last good copy).
    public var notice: String? { noticeView.text }
    /// How the kiosk's service last ended before this run, which its fleet health reports: read from the state
    /// directory (`flick note-exit` keeps systemd's word there); nil: none known.
    public var lastRestart: LastExit?
    /// The kiosk's connection to the config's `mqtt` broker; nil without one. A reload that changes `mqtt` or
    /// `fleet` makes another.
    package private(set) var broker: KioskBroker?
    /// Called with the kiosk's broker at once when set, and with each one a reload makes from then on: for what
    /// subscribes through it beside the kiosk's own sources and fleet (a group's shared to-do list).
    package var onBroker: ((KioskBroker) -> Void)? {
        didSet { if let broker { onBroker?(broker) } }
    }

    let kinds: [any PageKind.Type]
    let wallClock: WallClock
    let log: (String) -> Void
    /// Where lines go that are no problem (the broker connecting), not counted as the last error.
    private let logNotice: (String) -> Void
    private let latestLine = LatestLine()
    /// The kiosk in its fleet, publishing and taking commands through ``broker``; nil without a `fleet`.
    private var fleetMember: FleetMember?
    /// The to-do lists shared with the kiosk's groups, through ``broker``.
    private var todoSync: TodoSync!
    /// The loop's statistics and the frame on screen, once the loop hands them over.
    private(set) var status: LoopStatus?
    /// FNV-1a of the bytes of the config shown (``ConfigHash``); nil without a file.
    private(set) var configHash: String?
    private let lastGood: LastGoodConfig?
    private var liveSources: LiveSources
    /// The config file and what it names, watched for edits; nil without a file (or without inotify).
    private var watch: ContentWatch?
    /// The pages shown only at some times, checked at their boundaries.
    private var shownPages: ShownPages
    private let noticeView: ConfigNotice
    private var fade: CrossFade?
    private var time = 0.0
    private var lastTouch = 0.0
    private var reloadPending = false
    /// The screen's power, for the `blank`, `wake` and `backlight` actions; nil until the loop hands it over.
    private(set) weak var screen: ScreenPower?
    /// The latest refusal logged, so an editor saving the same broken file again does not repeat it.
    private var lastRefusal: String?

    /// The kiosk of `config`, read from `file` (nil: never reloaded), on a screen of `width`×`height` pixels.
    ///
    /// - Parameters:
    ///   - config: The config to show first.
    ///   - file: The file `config` was read from, read again on ``reload()``.
    ///   - kinds: The integrator's kinds of page, as `config` was read with.
    ///   - width: The screen's width in pixels (after rotation).
    ///   - height: The screen's height in pixels (after rotation).
    ///   - fonts: The fonts to draw text with.
    ///   - metrics: The panel's density.
    ///   - stateDirectory: Where pages keep what people change, where the last good config is kept, and where
    ///     ``lastRestart`` is read from; nil: in memory only.
    ///   - wallClock: The local time at each moment of the loop's clock.
    ///   - notice: A notice to show from the start (the config on disk is invalid and this is its last good copy).
    ///   - log: Takes one line per problem met while running, and the broker's notices (connecting, connected).
    public init(config: KioskConfig, file: String?, kinds: [any PageKind.Type] = [], width: Int, height: Int,
                fonts: FontCollection, metrics: GestureMetrics = PagesScene.defaultMetrics, stateDirectory: String? = nil,
                wallClock: WallClock, notice: String? = nil, log: @escaping (String) -> Void = { _ in }) {
        self.file = file
        self.kinds = kinds
        self.wallClock = wallClock
        let latestLine = latestLine
        self.log = { line in
            latestLine.text = line
            log(line)
        }
        logNotice = log
        let log = self.log
        let lastGood = file.flatMap { file in stateDirectory.map { LastGoodConfig(stateDirectory: $0, configFile: file) } }
        self.lastGood = lastGood
        lastRestart = stateDirectory.flatMap(LastExit.read)
        configHash = file.flatMap { file in
            // The file's bytes, or the last good copy's when the file could not be applied.
            let bytes = notice == nil ? try? InputFile.read(file, as: .config) : lastGood?.keptText().map { Array($0.utf8) }
            return bytes.map(ConfigHash.of)
        }
        live = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        broker = Self.makeBroker(for: config, log: log, notice: logNotice)
        liveSources = LiveSources(config: config, live: live, broker: broker, wallClock: wallClock, log: log, now: 0)
        var perform: (KioskAction, JSONValue?) -> Void = { _, _ in }
        shownPages = ShownPages(config: config, wallClock: wallClock, now: 0)
        pages = PagesScene(config: config, width: width, height: height, fonts: fonts, metrics: metrics,
                           stateDirectory: stateDirectory, live: live, wallClock: wallClock,
                           perform: { perform($0, $1) }, log: log)
        noticeView = ConfigNotice(face: fonts.face(.regular), theme: config.theme,
                                  unit: ScreenUnit.pixels(metrics: metrics, scale: config.display?.scale ?? 1),
                                  width: width, height: height)
        pages.overlay.addChild(noticeView.view)
        noticeView.text = notice
        perform = { [unowned self] action, value in self.perform(action, value: value) }
        if let file { startWatching(file) }
        followShownTimes(now: 0)
        todoSync = TodoSync(lists: pages.todoLists, log: log)
        joinFleet(config.fleet)
    }

    /// Says goodbye to the broker: with a fleet, `offline` on the kiosk's status topic, then a clean disconnect,
    /// waiting at most a quarter of a second. Call it once the loop has stopped (after SIGTERM); nothing is sent or
    /// received after it. Deinitialising the kiosk does the same, for a program that just lets it go.
    public func finish() {
        broker?.finish()
        fleetMember = nil
    }

    deinit { finish() }

    /// Hides the pages outside their `shown` times now, and at each boundary from now.
    private func followShownTimes(now: Double) {
        shownPages.changed = { [unowned self] hidden in pages.hide(hidden) }
        pages.hide(shownPages.hidden(at: now))
    }

    private func startWatching(_ file: String) {
        do throws(SystemCallError) {
            let watch = try ContentWatch(log: log)
            watch.dataChanged = { [unowned self] path, now in liveSources.fileChanged(path, now: now) }
            watch.contentChanged = { [unowned self] files in reload(changed: files) }
            watch.watch(file: file, of: config, log: log)
            self.watch = watch
        } catch {
            log("\(error): edits to \(file) apply on SIGHUP only")
        }
    }

    // MARK: Reloading

    /// Reads the config file again and applies it if it is valid; else keeps the config shown and shows why on
    /// screen. While a finger is on the screen the reload waits for it to lift.
    public func reload() { reload(changed: []) }

    /// Reloads knowing which of the files the config names changed on disk (pictures, fonts): pages showing a changed
    /// picture are made again even when the config is the same.
    private func reload(changed files: Set<String>) {
        guard let file else { return }
        guard !pages.isTracking else { reloadPending = true; return }
        reloadPending = false
        do {
            let (new, bytes) = try KioskConfig.readForReload(path: file, kinds: kinds, replacing: config)
            accept(new, bytes: bytes, file: file, changed: files)
        } catch {
            refuse(error)
        }
    }

    /// `new`, read from `bytes` of `file` and valid, replaces the config shown: applied when it differs, kept as the
    /// last good copy.
    func accept(_ new: KioskConfig, bytes: [UInt8], file: String, changed files: Set<String> = []) {
        if lastRefusal != nil { log("\(file): valid again; applying it") }
        lastRefusal = nil
        noticeView.text = nil
        configHash = ConfigHash.of(bytes)
        if new != config {
            lastGood?.keep(bytes, log: log)
            apply(new)
            watch?.watch(file: file, of: new, log: log)
        } else if !files.isEmpty {
            redraw(showing: files)
        }
    }

    private func refuse(_ error: KioskConfigError) {
        let line = Self.line(error)
        if line != lastRefusal { log("not applied, the last good config stays on screen: \(line)") }
        lastRefusal = line
        noticeView.text = "Not applied: \(line)"
    }

    /// The first of `error`'s lines, and how many more there are.
    static func line(_ error: KioskConfigError) -> String {
        "\(error.lines.first ?? "\(error)")\(error.issues.count > 1 ? " (and \(error.issues.count - 1) more)" : "")"
    }

    private func apply(_ new: KioskConfig) {
        let old = config
        let brokerChanged = new.mqtt != old.mqtt || new.fleet != old.fleet
        if brokerChanged {
            broker?.finish()
            fleetMember = nil
            broker = Self.makeBroker(for: new, log: log, notice: logNotice)
        }
        let sourcesChanged = new.sources != config.sources || new.mqtt != config.mqtt
        let onScreenChanges = sourcesChanged || new.theme != config.theme || new.display?.scale != config.display?.scale
            || new.page(pages.currentPage)?.content != config.page(pages.currentPage)?.content
        if onScreenChanges { fade = CrossFade(from: pages, width: pages.width, height: pages.height) }
        if sourcesChanged {
            let fresh = LiveData(sources: new.sources.map { ($0.name, $0.freshness) })
            fresh.keepValues(of: live)
            live = fresh
            liveSources = LiveSources(config: new, live: fresh, broker: broker, wallClock: wallClock, log: log, now: time)
            pages.apply(new, live: fresh)
        } else {
            if brokerChanged {
                liveSources = LiveSources(config: new, live: live, broker: broker, wallClock: wallClock, log: log, now: time)
            }
            pages.apply(new)
        }
        if brokerChanged { joinFleet(new.fleet) } else { todoSync.update() }
        if new.display?.idle != old.display?.idle || new.display?.schedule != old.display?.schedule {
            screen?.update(policy: new.display?.idle ?? IdlePolicy(), schedule: new.display?.schedule ?? ScreenSchedule(), at: time)
        }
        shownPages = ShownPages(config: new, wallClock: wallClock, now: time)
        followShownTimes(now: time)
    }

    /// Pictures or fonts changed on disk under the same config: the pages showing them are made again.
    private func redraw(showing files: Set<String>) {
        let fonts = Set(config.theme.fonts + config.theme.fallbackFonts)
        let shown = config.page(pages.currentPage).map { $0.content.kind.imageFiles.map(\.file) } ?? []
        if !fonts.isDisjoint(with: files) || shown.contains(where: files.contains) {
            fade = CrossFade(from: pages, width: pages.width, height: pages.height)
        }
        pages.remake(showing: files, fontsChanged: !fonts.isDisjoint(with: files))
    }

    // MARK: Actions

    private func perform(_ action: KioskAction, value: JSONValue?) {
        switch action {
        case .publish(let topic, let payload, let retain):
            guard let broker else { return log("publish to \(topic): the config has no mqtt broker") }
            broker.publishOrLog(topic: topic, payload: Array(KioskAction.fill(payload, with: value).utf8), retain: retain)
        case .blank:
            screen?.blank()
        case .wake:
            screen?.wake(at: time)
        case .backlight(let percent):
            guard let level = percent ?? value.flatMap({ if case .number(let n) = $0 { n } else { nil } }) else { return }
            screen?.setBrightness(percent: min(max(level, 1), 100), at: time)
        case .language(let tag):
            // The pages speak it next; what they show now fades into it.
            if tag != pages.languageTag { fade = CrossFade(from: pages, width: pages.width, height: pages.height) }
        case .page, .back, .start:
            // The pages carry these out themselves.
            break
        }
    }

    // MARK: Scene

    public var sources: [any LoopSource] {
        var sources = liveSources.loopSources
        sources.append(shownPages)
        if let watch { sources.append(watch) }
        if let broker { sources.append(broker) }
        if let fleetMember { sources.append(fleetMember) }
        // After the broker: what it brought in a turn is saved in the same turn.
        sources.append(todoSync)
        return sources
    }

    public func use(_ screen: ScreenPower) { self.screen = screen }

    public func use(_ status: LoopStatus) { self.status = status }

    public func handle(_ event: InputEvent) {
        if case .touches = event { lastTouch = time }
        pages.handle(event)
        guard !pages.isTracking else { return }
        if reloadPending { reload() }
        // A boundary passed while a finger was on the pages.
        pages.hide(shownPages.hidden(at: time))
    }

    public func advance(to time: Double) {
        self.time = time
        if let due = returnDeadline, time >= due { returnToStart() }
        pages.advance(to: time)
        if fade?.isDone == true { fade = nil }
        fade?.advance(to: time)
    }

    public var needsFrame: Bool { pages.needsFrame || fade != nil }

    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        guard let fade else { return pages.draw(on: canvas, fullRedraw: fullRedraw) }
        return fade.draw(pages, on: canvas)
    }

    public var nextDeadline: Double? {
        [pages.nextDeadline, returnDeadline].compactMap { $0 }.min()
    }

    // MARK: Returning to the start page

    /// When the kiosk goes back to its start page if nobody touches it.
    private var returnDeadline: Double? {
        guard let after = config.returnToStart, pages.currentPage != config.start, !pages.isTracking,
              !pages.currentPageStays else { return nil }
        return lastTouch + after
    }

    private func returnToStart() {
        lastTouch = time
        pages.show(page: config.start)
    }

    // MARK: The broker and the fleet

    /// The latest line the kiosk logged: the last error its fleet health reports.
    var lastError: String? { latestLine.text }

    private static func makeBroker(for config: KioskConfig, log: @escaping (String) -> Void,
                                   notice: @escaping (String) -> Void) -> KioskBroker? {
        guard let mqtt = config.mqtt else { return nil }
        do throws(MQTTError) {
            return try KioskBroker(mqtt: mqtt, fleet: config.fleet, log: log, notice: notice)
        } catch {
            // The config reader checked the settings: only a failure to create a client gets here.
            log("\(mqtt.broker): \(error)")
            return nil
        }
    }

    /// Takes the kiosk's place in `fleet` through the broker, and hands the broker to ``onBroker``.
    private func joinFleet(_ fleet: KioskConfig.Fleet?) {
        todoSync.attach(broker)
        guard let broker else { return }
        if let fleet { fleetMember = FleetMember(fleet: fleet, broker: broker, kiosk: self) }
        onBroker?(broker)
    }
}

/// The latest line of a log, kept by the closure that passes lines on.
private final class LatestLine {
    var text: String?
}
