import FlickCore
import FlickFiles
import FlickGestures
import FlickInput
import FlickJSON
import FlickRaster
import FlickText
import FlickUI

/// A kiosk as it runs from its config file: the pages (``PagesScene``), the live values of the config's `sources`
/// and the loop sources that bring them, the config applied again when it is reloaded (SIGHUP, or the file
/// changed), and the return to the start page when nobody touches the screen.
///
/// A reload reads and validates the whole file first. A valid config is applied in place with ``PagesScene/apply(_:live:)``
/// — no black frame; the page on screen and the state of every page whose content is the same are kept — with a
/// short cross-fade when what is on screen changed. An invalid one changes nothing: the last good config stays on
/// screen, one line goes to the log, and a small notice shows at the foot of the screen until the file is fixed.
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

    private let kinds: [any PageKind.Type]
    private let wallClock: WallClock
    private let log: (String) -> Void
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
    private weak var screen: ScreenPower?
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
    ///   - stateDirectory: Where pages keep what people change, and where the last good config is kept; nil: in
    ///     memory only.
    ///   - wallClock: The local time at each moment of the loop's clock.
    ///   - notice: A notice to show from the start (the config on disk is invalid and this is its last good copy).
    ///   - log: Takes one line per problem met while running.
    public init(config: KioskConfig, file: String?, kinds: [any PageKind.Type] = [], width: Int, height: Int,
                fonts: FontCollection, metrics: GestureMetrics = PagesScene.defaultMetrics, stateDirectory: String? = nil,
                wallClock: WallClock, notice: String? = nil, log: @escaping (String) -> Void = { _ in }) {
        self.file = file
        self.kinds = kinds
        self.wallClock = wallClock
        self.log = log
        lastGood = file.flatMap { file in stateDirectory.map { LastGoodConfig(stateDirectory: $0, configFile: file) } }
        live = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        liveSources = LiveSources(config: config, live: live, wallClock: wallClock, log: log, now: 0)
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
    }

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
            if lastRefusal != nil { log("\(file): valid again; applying it") }
            lastRefusal = nil
            noticeView.text = nil
            if new != config {
                lastGood?.keep(bytes, log: log)
                apply(new)
                watch?.watch(file: file, of: new, log: log)
            } else if !files.isEmpty {
                redraw(showing: files)
            }
        } catch {
            refuse(error)
        }
    }

    private func refuse(_ error: KioskConfigError) {
        let line = "\(error.lines.first ?? "\(error)")\(error.issues.count > 1 ? " (and \(error.issues.count - 1) more)" : "")"
        if line != lastRefusal { log("not applied, the last good config stays on screen: \(line)") }
        lastRefusal = line
        noticeView.text = "Not applied: \(line)"
    }

    private func apply(_ new: KioskConfig) {
        let old = config
        let sourcesChanged = new.sources != config.sources || new.mqtt != config.mqtt
        let onScreenChanges = sourcesChanged || new.theme != config.theme || new.display?.scale != config.display?.scale
            || new.page(pages.currentPage)?.content != config.page(pages.currentPage)?.content
        if onScreenChanges { fade = CrossFade(from: pages, width: pages.width, height: pages.height) }
        if sourcesChanged {
            let fresh = LiveData(sources: new.sources.map { ($0.name, $0.freshness) })
            fresh.keepValues(of: live)
            live = fresh
            liveSources = LiveSources(config: new, live: fresh, wallClock: wallClock, log: log, now: time, reusing: liveSources)
            pages.apply(new, live: fresh)
        } else {
            pages.apply(new)
        }
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
            liveSources.publish(topic: topic, payload: KioskAction.fill(payload, with: value), retain: retain)
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

    public var sources: [any LoopSource] { liveSources.loopSources + [shownPages] + (watch.map { [$0] } ?? []) }

    public func use(_ screen: ScreenPower) { self.screen = screen }

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
}
