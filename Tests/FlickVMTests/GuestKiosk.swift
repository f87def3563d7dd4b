import FlickKiosk
import FlickGestures
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

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

    /// A guest running `flick run` on this config, `before` it (shell lines) and with `steps` after it, each waiting for
    /// a line from the host; the last line the host sends stops Flick with SIGTERM (`GuestVM.stopKiosk`).
    func boot(width: Int, height: Int, gpu: String = "virtio", before: String = "", steps: [String] = []) throws -> GuestVM {
        let script = [before, "\"$FLICK\" run --config \(config.path) --state-dir /run/state & pid=$!"]
            + steps.map { "read line < \"$FLICK_CONTROL\"; \($0)" }
            + ["read line < \"$FLICK_CONTROL\"", "kill -TERM $pid; wait $pid; echo \"flick exited $?\""]
        return try GuestVM(command: script.filter { !$0.isEmpty }.joined(separator: "\n"), width: width, height: height, gpu: gpu)
    }

    /// The kiosk at rest on `start` (default: the config's start page), as `guest` lays it out: at the density it
    /// read from its panel's EDID (its log's "panel density … from its size N mm"), else at the default 160 dpi.
    func headlessFrame(width: Int, height: Int, start: String? = nil, on guest: GuestVM? = nil) throws -> Surface {
        var kiosk = try KioskConfig.load(path: config.path)
        if let start { kiosk.start = start }
        let metrics = guest.flatMap { Self.panelMetrics(in: $0.log, width: width) } ?? PagesScene.defaultMetrics
        let scene = PagesScene(config: kiosk, width: width, height: height, fonts: try FontCollection(), metrics: metrics)
        let player = VirtualClockPlayer(scene: scene, width: width, height: height)
        player.run()
        return player.screen
    }

    /// The density `flick run` took from the panel's physical size, from the last time it said so in `log`.
    private static func panelMetrics(in log: String, width: Int) -> GestureMetrics? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("panel density") }),
              let size = line.firstMatch(of: /from its size (\d+) mm/), let mm = Double(size.1) else { return nil }
        return GestureMetrics(pixelWidth: width, physicalWidth: Millimetres(mm))
    }
}
