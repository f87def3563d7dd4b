import ArgumentParser
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

    func run() throws {
        Log.setUp()
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri"))?.filter { $0.hasPrefix("card") } ?? []
        if !headless {
            if cards.isEmpty {
                Log.flick.notice("no DRM display (/dev/dri/card* absent): running headless")
            } else {
                // The DRM/KMS backend is issue 5; until it lands a board gets the headless render too.
                Log.flick.warning("found /dev/dri/\(cards.sorted()[0]) but DRM output is not built yet: running headless")
            }
        }
        try renderScene(.showcase, width: size.width, height: size.height, to: out)
        print("Flick rendered the showcase headless to \(out) (\(size.width)x\(size.height)).")
    }
}
