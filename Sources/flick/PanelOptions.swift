import ArgumentParser
import FlickKiosk
import FlickRaster

/// The frame a headless run or a render draws: what a person sees on the panel the config describes. The panel is
/// `--size`, else the config's `display.mode`, else 1280x800; it is turned by `--rotation`, else the config's
/// `display.rotation` — a 1920x1080 mode turned 90° previews as 1080x1920, as it stands on the wall.
struct PreviewScreen: Equatable {
    static let defaultPanel = (width: 1280, height: 800)

    let width: Int
    let height: Int

    init(size: FrameSizeArgument?, rotation: Int?, kiosk: KioskConfig?) {
        let panel = size.map { (width: $0.width, height: $0.height) }
            ?? kiosk?.display?.mode.map { (width: $0.width, height: $0.height) } ?? Self.defaultPanel
        let turn = rotation.flatMap(Rotation.init(degrees:)) ?? kiosk?.display?.rotation ?? .none
        (width, height) = turn.logicalSize(panelWidth: panel.width, panelHeight: panel.height)
    }

    var description: String { "\(width)x\(height)" }
}

/// The panel `run` and `render` draw for, as the command line gives it; each option wins over the config's field.
struct PanelOptions: ParsableArguments {
    @Option(help: "Headless and render: the panel's size, WIDTHxHEIGHT (default: the config's display.mode, else 1280x800), turned by the rotation.")
    var size: FrameSizeArgument?

    @Option(help: "Panel rotation in degrees: 0, 90, 180 or 270 (default: the config's display.rotation, else 0); headless and render turn the frame with it.")
    var rotation: Int?

    @Option(help: "The panel's density in dots per inch, for sizes on screen and gesture distances (default: the config's display.dpi, else on a board the connector's size, else 160).")
    var dpi: Double?

    func validate() throws {
        if let rotation, Rotation(degrees: rotation) == nil {
            throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
        }
        if let dpi, !(40...1000).contains(dpi) { throw ValidationError("--dpi must be between 40 and 1000, not \(dpi)") }
    }

    /// What a preview of `kiosk` (nil: a scene) draws.
    func screen(for kiosk: KioskConfig?) -> PreviewScreen { PreviewScreen(size: size, rotation: rotation, kiosk: kiosk) }
}
