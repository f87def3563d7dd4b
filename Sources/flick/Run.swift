import ArgumentParser
import FlickDisplay
import FlickRaster
import Foundation

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Flick: on the DRM display when there is one, headless otherwise.")

    @Flag(help: "Render headless even when a DRM display is present.")
    var headless = false

    @Option(help: "Where the headless run writes its frame.")
    var out = "flick-showcase.png"

    @Option(help: "Headless output size, WIDTHxHEIGHT.")
    var size = FrameSizeArgument(argument: "1280x800")!

    @Option(help: "DRM card, e.g. /dev/dri/card0 (default: the first with a connected connector).")
    var card: String?

    @Option(help: "Connector name, e.g. HDMI-A-1, DSI-1, Virtual-1 (default: the first connected).")
    var connector: String?

    @Option(help: "Mode WIDTHxHEIGHT[@HZ] (default: the connector's preferred mode).")
    var mode: String?

    @Option(help: "Panel rotation in degrees: 0, 90, 180 or 270.")
    var rotation = 0

    func run() throws {
        Log.setUp()
        let cards = DRMDevice.cardPaths()
        if !headless && (card != nil || !cards.isEmpty) {
            guard let rotation = Rotation(degrees: rotation) else {
                throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(self.rotation)")
            }
            var modeRequest: ModeRequest?
            if let mode {
                guard let parsed = ModeRequest(mode) else { throw ValidationError("--mode must look like 1280x800 or 1920x1080@60, not \(mode)") }
                modeRequest = parsed
            }
            do {
                try DRMKiosk(config: DRMConfiguration(card: card, connector: connector, mode: modeRequest, rotation: rotation)).run()
            } catch let error as DRMError {
                // A board with a display that Flick cannot use is misconfigured: say so and fail loudly.
                Log.flick.critical("\(error)")
                throw ExitCode(1)
            }
            return
        }
        if !headless { Log.flick.notice("no DRM display (/dev/dri/card* absent): running headless") }
        try renderScene(.showcase, width: size.width, height: size.height, to: out)
        print("Flick rendered the showcase headless to \(out) (\(size.width)x\(size.height)).")
    }
}
