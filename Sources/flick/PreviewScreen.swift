import FlickApps
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
