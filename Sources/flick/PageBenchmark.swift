import FlickKiosk
import FlickBoard
import FlickDRM
import FlickFiles
import FlickLibInput
import FlickBench
import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import FoundationEssentials
import Glibc

/// What a kiosk page costs per frame, next to copying one frame (memcpy), and what the tour costs in memory
/// and in idle frames. Targets from the pages issue.
struct PageBenchmark {
    let width: Int
    let height: Int
    let config: KioskConfig
    let configPath: String
    let fonts: FontCollection
    /// Only the figures whose name contains this (any case); nil: every figure.
    var only: String? = nil

    struct Figure {
        var name: String
        var value: String
        var target: String
        /// nil: a figure with no reference in this run to judge it by (the target says what to compare).
        var met: Bool?
    }

    private func wants(_ name: String) -> Bool { Self.wants(name, only: only) }

    /// Whether the figure `name` is printed: `only` is nil, or part of its name (any case).
    static func wants(_ name: String, only: String?) -> Bool {
        only.map { name.lowercased().contains($0.lowercased()) } ?? true
    }

    func run(report reportFigure: (Figure) -> Void) throws {
        func report(_ figure: Figure?) { if let figure { reportFigure(figure) } }
        let rssName = "tour peak RSS (headless run, \(Self.swiftRuntimeLinking))"
        // First, while this process is small: a spawned child's peak RSS counts the parent's memory at the spawn.
        let rss = wants(rssName) ? try tourPeakRSS() : nil
        let startUpName = "start-up: exec to the first frame drawn (headless, process exit included), median of 5"
        if wants(startUpName) {
            let startUp = try startUpMilliseconds()
            report(Figure(name: startUpName, value: "\(startUp.formatted(decimals: 0)) ms", target: "≤ 150 ms", met: startUp <= 150))
        }
        let copy = frameCopy()
        try forEachFrameFigure(copy: copy) { report(ratio($0)) }
        reportTextLayout(copy, reportFigure)
        let idleName = "frames drawn in 10 s idle"
        if wants(idleName) {
            let idle = idleFrames(seconds: 10)
            report(Figure(name: idleName, value: "\(idle)", target: "0", met: idle == 0))
        }
        if let rss { report(Figure(name: rssName, value: "\(rss.formatted(decimals: 1)) MB", target: "≤ 64 MB", met: rss <= 64)) }
    }

    /// A figure that times frames against a reference's, in turns: `bodies()` makes both (setting up the scene)
    /// only for a figure that is run.
    struct FrameFigure {
        var name: String
        /// The most a frame may cost, in references.
        var limit: Double
        /// What the reference does: "copy" (one frame's memcpy) or a scan-out format's copy.
        var reference = "copy"
        /// The frame's body, then the reference's.
        var bodies: () -> [() -> Void]
    }

    /// Every frame figure of the tour, in the order they are printed.
    private func forEachFrameFigure(copy: @escaping () -> Void, _ visit: (FrameFigure) throws -> Void) throws {
        try visit(FrameFigure(name: "page follows the finger", limit: 1.5) { [followFingerFrame(), copy] })
        if let photos = config.pages.first(where: { $0.content.kind is KioskConfig.Photos }) {
            try visit(FrameFigure(name: "photo card follows the finger (held off-centre, turning)", limit: 3) {
                [photoCardFrame(photos.id), copy]
            })
            try visit(FrameFigure(name: "photo card flung off (its flight, the next card coming forward)", limit: 3) {
                [photoFlightFrame(photos.id), copy]
            })
        }
        if let todo = config.pages.first(where: { $0.content.kind is KioskConfig.Todo }), let content = todo.content.kind as? KioskConfig.Todo {
            let state = try benchStateDirectory(list: content.list)
            defer { try? FileManager.default.removeItem(atPath: state) }
            let w = Double(width), h = Double(height)
            try visit(FrameFigure(name: "to-do row follows a swipe", limit: 1.5) {
                [dragFrame(on: todo.id, from: Point(w * 0.3, h * 0.5), along: Point(1, 0), turningAt: w * 0.3, stateDirectory: state), copy]
            })
            try visit(FrameFigure(name: "to-do list scrolls under the finger", limit: 1.5) {
                [dragFrame(on: todo.id, from: Point(w * 0.5, h * 0.8), along: Point(0, -1), turningAt: h * 0.5, stateDirectory: state), copy]
            })
        }
        for page in config.pages {
            try visit(FrameFigure(name: "page \"\(page.id)\" drawn again from nothing (as after a detail closes)", limit: 4) {
                [pageFromNothing(page.id), copy]
            })
        }
        try visit(FrameFigure(name: "cross-fade, two full-screen layers", limit: 2.5) { [crossFadeFrame(), copy] })
        for format in ScanoutFormat.preference where format != .xrgb8888 {
            try visit(FrameFigure(name: "scan-out copy of a frame to \(format.rawValue)", limit: 1.5, reference: "XRGB8888") {
                [scanoutCopy(format), scanoutCopy(.xrgb8888)]
            })
        }
    }

    /// The names of the frame figures `only` picks.
    func frameFigureNames() throws -> [String] {
        var names: [String] = []
        try forEachFrameFigure(copy: {}) { if wants($0.name) { names.append($0.name) } }
        return names
    }

    /// Draws `count` frames of the frame figure `name`, or of its reference, untimed and nothing else: what an
    /// instruction counter runs twice, with two counts, so that the set-up cancels out.
    func drawFrames(_ count: Int, of name: String, reference: Bool) throws {
        try forEachFrameFigure(copy: frameCopy()) { figure in
            guard figure.name == name else { return }
            let body = figure.bodies()[reference ? 1 : 0]
            for _ in 0..<count { body() }
        }
    }

    /// The tour's texts laid out, Latin and all, next to a frame's copy: both figures when `only` wants either.
    private func reportTextLayout(_ copy: @escaping () -> Void, _ report: (Figure) -> Void) {
        // Latin text is what the cmap + kern layout could set: the figure to compare with it.
        let texts = tourTexts()
        let latin = texts.filter { $0.text.unicodeScalars.allSatisfy { $0.value < 0x0370 || (0x2000...0x206F).contains($0.value) } }
        let world = texts.count - latin.count
        let latinName = "laying out the tour's \(latin.count) Latin texts (titles, bodies, list rows, paged text)"
        let worldName = "… with the world page's \(world) texts (Japanese, Arabic, Hebrew, Hindi, Thai, emoji)"
        guard wants(latinName) || wants(worldName) else { return }
        let layout = Stopwatch.interleaved([textLayout(latin), textLayout(texts), copy])
        func ms(_ ns: Double) -> String { (ns / 1e6).formatted(decimals: 3) }
        report(Figure(name: latinName, value: "\(ms(layout.medians[0])) ms = \(layout.ratio(0, to: 2).formatted(decimals: 2)) × copy",
                      target: "within 10 % of the cmap + kern layout HarfBuzz replaced (0.45–0.67 ms on this VM)",
                      met: nil))
        report(Figure(name: worldName, value: "\(ms(layout.medians[1])) ms",
                      target: "(no reference: the old layout could not set them)", met: nil))
    }

    /// How this executable (and so the measured child) has the Swift runtime: shared libraries cost about
    /// 3 MB more resident memory than the static build deploy/install makes.
    static var swiftRuntimeLinking: String {
        // /proc files report no size: read them line by line.
        guard let maps = fopen("/proc/self/maps", "r") else { return "Swift runtime linking unknown" }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            if strstr(line, "libswiftCore.so") != nil { return "shared Swift runtime" }
        }
        return "static Swift runtime, as installed"
    }

    /// nil, and nothing timed, for a figure `only` leaves out.
    private func ratio(_ figure: FrameFigure) -> Figure? {
        guard wants(figure.name) else { return nil }
        let timing = Stopwatch.interleaved(figure.bodies())
        let medians = timing.medians, r = timing.ratio(0, to: 1)
        func ms(_ ns: Double) -> String { (ns / 1e6).formatted(decimals: 3) }
        return Figure(name: figure.name,
                      value: "\(ms(medians[0])) ms = \(r.formatted(decimals: 2)) × \(figure.reference) (\(ms(medians[1])) ms)",
                      target: "≤ \(figure.limit.formatted(decimals: 1)) ×", met: r <= figure.limit)
    }

    /// memcpy of one frame: the least any frame that changes every pixel can cost.
    private func frameCopy() -> () -> Void {
        let source = Surface(width: width, height: height), target = Surface(width: width, height: height)
        let bytes = width * height * 4
        // Written once so the copy reads real pages, not the kernel's shared zero page.
        source.clear(to: 0xFF33_66CC)
        return { memcpy(target.pixels, source.pixels, bytes) }
    }

    /// The whole frame copied from the shadow surface into a scan-out buffer of `format`, as a display does
    /// after a full redraw (no rotation).
    private func scanoutCopy(_ format: ScanoutFormat) -> () -> Void {
        let shadow = Surface(width: width, height: height)
        shadow.clear(to: 0xFF33_66CC)
        let pitch = (width * format.bytesPerPixel + 63) / 64 * 64
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 64)
        memset(memory, 0, pitch * height)
        let target = ScanoutCopy(base: memory, pitch: pitch, width: width, height: height, format: format)
        return { target.copy(from: shadow, area: shadow.bounds, rotation: .none) }
    }

    /// One frame of a drag on the tour's start page: the finger moves 7 px, both pages move with it.
    private func followFingerFrame() -> () -> Void {
        dragFrame(on: config.start, from: Point(Double(width) * 0.75, Double(height) / 2), along: Point(-1, 0),
                  turningAt: Double(width) * 0.35)
    }

    /// One frame of a finger dragging the front photo, held a quarter of the card off-centre so it turns as it
    /// moves: the card and what it uncovers drawn again.
    private func photoCardFrame(_ id: String) -> () -> Void {
        dragFrame(on: id, from: Point(Double(width) * 0.6, Double(height) * 0.6), along: Point(0, -1),
                  turningAt: Double(height) * 0.3)
    }

    /// Frames of the front photo flung away, over and over: when the stack is still, a quick stroke up and to the
    /// right (a twentieth of a second), then the card's flight and the next card coming forward, a frame a call.
    private func photoFlightFrame(_ id: String) -> () -> Void {
        let scene = self.scene(startingOn: id)
        let canvas = Canvas(surface: Surface(width: width, height: height))
        scene.advance(to: 0)
        _ = scene.draw(on: canvas, fullRedraw: true)
        let finger = TouchID.finger(0), start = Point(Double(width) * 0.5, Double(height) * 0.6)
        var time: Microseconds = 0
        func send(_ phase: TouchEvent.Phase, _ at: Point) {
            scene.handle(.touches(TouchFrame(time: time, events: [TouchEvent(phase, id: finger, at: at, time: time)])))
        }
        return {
            time += 16_667
            if !scene.needsFrame {
                var at = start
                send(.down, at)
                for _ in 1...4 {
                    time += 12_500
                    at = Point(at.x + Double(self.width) * 0.06, at.y - Double(self.height) * 0.03)
                    send(.move, at)
                }
                send(.up, at)
            }
            scene.advance(to: time.seconds)
            _ = scene.draw(on: canvas, fullRedraw: false)
        }
    }

    /// A finger down at `start` on page `id`, then each frame 7 px further along `direction` and back again after
    /// `reach` px, so what it drags never settles; the closure draws one frame.
    private func dragFrame(on id: String, from start: Point, along direction: Point, turningAt reach: Double,
                           stateDirectory: String? = nil) -> () -> Void {
        let scene = self.scene(startingOn: id, stateDirectory: stateDirectory)
        let canvas = Canvas(surface: Surface(width: width, height: height))
        scene.advance(to: 0)
        _ = scene.draw(on: canvas, fullRedraw: true)
        let finger = TouchID.finger(0)
        var time: Microseconds = 0, travelled = 0.0, step = 7.0
        func send(_ phase: TouchEvent.Phase) {
            let at = Point(x: start.x + direction.x * travelled, y: start.y + direction.y * travelled)
            scene.handle(.touches(TouchFrame(time: time, events: [TouchEvent(phase, id: finger, at: at, time: time)])))
        }
        send(.down)
        return {
            time += 16_667
            travelled += step
            if travelled > reach || travelled < 0 { step = -step }
            send(.move)
            scene.advance(to: time.seconds)
            _ = scene.draw(on: canvas, fullRedraw: false)
        }
    }

    /// The tour as it starts on page `id`.
    private func scene(startingOn id: String, stateDirectory: String? = nil) -> PagesScene {
        var config = self.config
        config.start = id
        return PagesScene(config: config, width: width, height: height, fonts: fonts, metrics: config.gestureMetrics,
                          stateDirectory: stateDirectory)
    }

    /// A temporary state directory whose `list` holds 60 items: a list long enough to scroll.
    private func benchStateDirectory(list: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-todo-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try TodoStore(directory: directory, list: list)
            .save((1...60).map { TodoItem(id: UInt64($0), text: "Item \($0): something to do today", completed: $0 % 4 == 0) })
        return directory
    }

    /// A page rendered into its layer from nothing again, as after a detail closed: the layer it lets go leaves
    /// its pages for the new one (a page's very first layer also waits for the kernel to fault in its memory).
    private func pageFromNothing(_ id: String) -> () -> Void {
        let scene = self.scene(startingOn: id)
        scene.advance(to: 0)
        return { scene.renderLayerFromNothing(id) }
    }

    /// One frame of an opaque full-screen layer fading over another, as a fade transition draws it.
    private func crossFadeFrame() -> () -> Void {
        let scene = ViewScene(width: width, height: height)
        let artwork = (0..<2).map { i in
            View(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), background: .linearGradient(
                LinearGradient(start: .zero, end: Point(x: 0, y: Double(height)),
                               colors: i == 0 ? [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA)] : [Color(hex: 0x0F2027), Color(hex: 0x2C5364)])))
        }
        for layer in artwork {
            layer.shouldRasterize = true
            scene.root.addChild(layer)
        }
        let screen = Surface(width: width, height: height)
        let canvas = Canvas(surface: screen)
        _ = scene.draw(on: canvas, fullRedraw: true)
        var frame = 0
        return {
            frame += 1
            artwork[1].alpha = 0.1 + 0.8 * Double(frame % 17) / 17
            _ = scene.draw(on: canvas, fullRedraw: false)
        }
    }

    /// Every text the tour's pages show, with the width and size it is set at (titles and rows on one line).
    private func tourTexts() -> [(text: String, size: Double, maxWidth: Double, maxLines: Int?)] {
        let theme = config.theme, width = Double(self.width) - 64
        var texts: [(String, Double, Double, Int?)] = []
        for page in config.pages {
            switch page.content.kind {
            case let p as KioskConfig.TextPage: texts += [(p.title, theme.titleSize, width, 1), (p.body, theme.bodySize, width, nil)]
            case let p as KioskConfig.ListPage:
                texts.append((p.title, theme.bodySize, width, 1))
                for item in p.items { texts += [(item.title, theme.bodySize, width, 1), (item.detail, theme.bodySize, width, nil)] }
            case let p as KioskConfig.PagedText: texts += p.pages.map { ($0, theme.bodySize, width, nil) }
            default: break
            }
        }
        return texts
    }

    /// Shaping and breaking every text, as the pages do when they are first drawn.
    private func textLayout(_ texts: [(text: String, size: Double, maxWidth: Double, maxLines: Int?)]) -> () -> Void {
        let face = fonts.face()
        return {
            for t in texts {
                _ = TextLayout(t.text, face: face, pixelSize: t.size, options: .init(maxWidth: t.maxWidth, maxLines: t.maxLines))
            }
        }
    }

    /// Frames the tour draws in `seconds` of virtual time after its first frame, with no input.
    private func idleFrames(seconds: Double) -> Int {
        let scene = self.scene(startingOn: config.start)
        let player = VirtualClockPlayer(scene: scene, width: width, height: height)
        let before = player.framesDrawn
        player.run(until: seconds)
        return player.framesDrawn - before
    }

    /// `flick run --headless` of the tour that stops after its first frame, timed from the spawn to its exit.
    private func startUpMilliseconds() throws -> Double {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-start-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let executable = Executable.path ?? CommandLine.arguments[0]
        var times: [Double] = []
        for _ in 0..<5 {
            let start = Stopwatch.now()
            let status = try ChildProcess.run(executable, [
                "run", "--headless", "--config", configPath, "--size", "\(width)x\(height)", "--until", "1", "--no-out",
                "--state-dir", state,
            ])
            guard status == 0 else { throw BenchmarkFailure("the start-up run (flick run --headless --until 1) exited \(status)") }
            times.append(Double(Stopwatch.now() - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }

    /// Peak resident memory of `flick run --headless` playing a walk through every page of the tour, in a child
    /// process so nothing this benchmark allocated counts.
    private func tourPeakRSS() throws -> Double {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flick-tour-walk-\(getpid()).json")
        try Data(TourWalk.script(width: width, height: height).utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-state-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let status = try ChildProcess.run(Executable.path ?? CommandLine.arguments[0], [
            "run", "--headless", "--config", configPath, "--size", "\(width)x\(height)", "--script", script.path, "--no-out",
            "--state-dir", state,
        ])
        guard status == 0 else {
            throw BenchmarkFailure("the tour walk (flick run --headless --script \(script.path)) exited \(status)")
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024 // kilobytes on Linux
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
