import FlickJSON
import FlickKiosk
import FlickGestures
import FlickText
import FlickUI

enum ConfigFuzz {
    /// The tour's directory, so the photos it names (kiosk/photos/…) are found.
    static let directory = KioskConfig.defaultTourPath().map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) } ?? "."

    static func run(_ bytes: [UInt8]) {
        guard let config = try? KioskConfig.parse(bytes, file: "fuzz.json", directory: directory) else { return }
        // `flick check` said ok: the kiosk must then run. A PagesScene, not a KioskScene: its sources are never
        // read (no file a config names is opened, no broker connected to); each holds a number instead, so the
        // widgets bound to it draw one. Then a swipe each way on the start page and taps across it, which work the
        // buttons, toggles and sliders there: their actions show pages and switch languages.
        guard let fonts = StormFuzz.fonts else { return }
        let live = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        for source in config.sources { live.receive(.number(21.5), for: source.name, at: 0) }
        let scene = PagesScene(config: config, width: 160, height: 120, fonts: fonts, live: live, wallClock: WallClock(epoch: 1_772_550_000))
        let player = VirtualClockPlayer(scene: scene, width: 160, height: 120)
        var storm = TouchStorm(width: 160, height: 120)
        for (from, to) in [((150.0, 60.0), (10.0, 60.0)), ((80.0, 110.0), (80.0, 10.0)), ((10.0, 60.0), (150.0, 60.0))] {
            storm.drag(from: from, to: to)
        }
        for y in stride(from: 20.0, through: 100, by: 40) {
            for x in stride(from: 20.0, through: 140, by: 40) { storm.tap(at: (x, y)) }
        }
        player.enqueue(storm.frames)
        player.run(settle: 2)
        _ = scene.finalStateJSON()
    }
}
