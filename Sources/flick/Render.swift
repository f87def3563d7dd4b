import ArgumentParser
import FlickApps
import FlickDisplay
import FlickRaster
import FlickText

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scene headless to a PNG file.")

    @Option(help: "Output size, WIDTHxHEIGHT (1 to 16384 each).")
    var size = FrameSizeArgument(argument: "1280x800")!

    @Option(help: "The PNG file to write.")
    var out: String

    @Argument(help: "The scene to render: \(SceneName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var scene: SceneName = .showcase

    func run() throws {
        try renderScene(scene, width: size.width, height: size.height, to: out)
        print("wrote \(out) (\(size.width)x\(size.height), scene \(scene.rawValue))")
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
