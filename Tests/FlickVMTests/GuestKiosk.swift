import FlickApps
import FlickRaster
import FlickText
import FlickUI
import Foundation

/// A kiosk config written where the guest can read it (the host's /tmp), and the frame the headless kiosk draws
/// for it at rest: what a guest's screen must show.
final class GuestKiosk {
    let directory: URL
    let config: URL

    init(_ json: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-guest-kiosk-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        config = directory.appendingPathComponent("kiosk.json")
        try Data(json.utf8).write(to: config)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The kiosk at rest on `start` (default: the config's start page).
    func headlessFrame(width: Int, height: Int, start: String? = nil) throws -> Surface {
        var kiosk = try KioskConfig.load(path: config.path)
        if let start { kiosk.start = start }
        let player = VirtualClockPlayer(scene: PagesScene(config: kiosk, width: width, height: height, fonts: try FontCollection()),
                                        width: width, height: height)
        player.run()
        return player.screen
    }
}
