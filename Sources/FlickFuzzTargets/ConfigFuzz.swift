import FlickKiosk
import FlickGestures
import FlickText
import FlickUI

enum ConfigFuzz {
    /// The tour's directory, so the photos it names (kiosk/photos/…) are found.
    static let directory = KioskConfig.defaultTourPath().map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) } ?? "."

    static func run(_ bytes: [UInt8]) {
        guard let config = try? KioskConfig.parse(bytes, file: "fuzz.json", directory: directory) else { return }
        // `flick check` said ok: the kiosk must then run. A swipe each way on the start page.
        guard let fonts = StormFuzz.fonts else { return }
        let scene = PagesScene(config: config, width: 160, height: 120, fonts: fonts)
        let player = VirtualClockPlayer(scene: scene, width: 160, height: 120)
        var storm = TouchStorm(width: 160, height: 120)
        for (from, to) in [((150.0, 60.0), (10.0, 60.0)), ((80.0, 110.0), (80.0, 10.0)), ((10.0, 60.0), (150.0, 60.0))] {
            storm.drag(from: from, to: to)
        }
        player.enqueue(storm.frames)
        player.run(settle: 2)
        _ = scene.finalStateJSON()
    }
}
