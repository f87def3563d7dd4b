import ArgumentParser
import FlickKiosk
import FlickShowcase
import FlickDisplay
import FlickRaster
import FlickText
import FlickUI

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scene headless to a PNG file.")

    @OptionGroup var panel: PanelOptions

    @Option(help: "The PNG file to write.")
    var out: String

    @Argument(help: "The scene to render: \(SceneName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var scene: SceneName?

    @Option(help: "A kiosk config (JSON): render one of its pages at rest instead of a scene; a picture on it that cannot be read exits 2, writing nothing.")
    var config: String?

    @Option(help: "With --config: the id of the page to render (default: the config's start page).")
    var page: String?

    @Option(help: "With --config: the state directory to show the to-do lists of, as `flick run --state-dir` keeps them (default: none, the lists empty); read, never written.")
    var stateDir: String?

    func validate() throws {
        if panel.dpi != nil && config == nil { throw ValidationError("--dpi needs --config FILE") }
        if config != nil, let scene { throw ValidationError("--config renders a page; drop the scene name '\(scene.rawValue)'") }
        if page != nil && config == nil { throw ValidationError("--page needs --config FILE") }
        if stateDir != nil && config == nil { throw ValidationError("--state-dir needs --config FILE") }
        if stateDir?.isEmpty == true {
            throw ValidationError("--state-dir needs a directory (relative paths are from the working directory)")
        }
    }

    func run() throws {
        if let config {
            let (id, size) = try renderPage(config: config)
            print("wrote \(out) (\(size.description), page \(id) of \(config))")
            return
        }
        let scene = scene ?? .showcase
        let size = panel.screen(for: nil)
        try renderScene(scene, width: size.width, height: size.height, to: out)
        print("wrote \(out) (\(size.description), scene \(scene.rawValue))")
    }

    /// The page as the kiosk shows it at rest: the pages scene started on it, one frame, its to-do lists read from
    /// `--state-dir`. A picture on the page or a to-do list that cannot be read exits 2 with one line naming it,
    /// and nothing is written.
    private func renderPage(config path: String) throws -> (id: String, size: PreviewScreen) {
        var kiosk = try KioskConfig.loadOrExit(path: path)
        if let dpi = panel.dpi { kiosk.overrideDPI(dpi) }
        let id = page ?? kiosk.start
        guard kiosk.page(id) != nil else {
            let ids = kiosk.pages.map(\.id).joined(separator: ", ")
            printToStandardError(["\(path): no page with id \"\(id)\" (the pages are: \(ids))"])
            throw ExitCode(2)
        }
        let size = panel.screen(for: kiosk)
        // A picture the page cannot show would be drawn blank: say so as `check` does, and write no picture.
        if let damaged = kiosk.damagedImages(file: path, page: id, fitting: Size(Double(size.width), Double(size.height))) {
            printToStandardError(damaged.lines)
            throw ExitCode(2)
        }
        // A damaged list would be moved aside as the page loads it: a preview says so instead, and changes nothing.
        if let stateDir {
            let damaged = kiosk.pages.compactMap { page -> String? in
                guard let todo = page.content.kind as? KioskConfig.Todo else { return nil }
                return TodoStore(directory: stateDir, list: todo.list).problem()
                    .map { "\($0): page \"\(page.id)\" cannot show it; fix or move the file, then render again" }
            }
            if !damaged.isEmpty {
                printToStandardError(damaged)
                throw ExitCode(2)
            }
        }
        kiosk.start = id
        let scene = PagesScene(config: kiosk, width: size.width, height: size.height, fonts: try FontCollection(),
                               metrics: kiosk.gestureMetrics, stateDirectory: stateDir, log: { Log.flick.error("\($0)") })
        let player = VirtualClockPlayer(scene: scene, width: size.width, height: size.height)
        try player.screen.writePNG(path: out)
        return (id, size)
    }
}

enum SceneName: String, CaseIterable, ExpressibleByArgument {
    case showcase
    /// The five named timing curves, plotted.
    case curves
    /// A spring's response at four damping ratios.
    case spring
}

/// Draws `scene` into a headless display and writes what it shows.
func renderScene(_ scene: SceneName, width: Int, height: Int, to path: String) throws {
    let display = HeadlessDisplay(width: width, height: height)
    let (surface, _) = try display.nextBuffer()
    let canvas = Canvas(surface: surface)
    switch scene {
    case .showcase: try ShowcaseScene(fonts: FontCollection()).draw(on: canvas)
    case .curves: try MotionGuide(fonts: FontCollection()).drawCurves(on: canvas)
    case .spring: try MotionGuide(fonts: FontCollection()).drawSpring(on: canvas)
    }
    try display.present(damage: [surface.bounds])
    try display.surface.writePNG(path: path)
}
