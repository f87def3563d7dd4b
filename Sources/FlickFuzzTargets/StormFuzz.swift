import FlickKiosk
import FlickGestures
import FlickInput
import FlickText
import FlickUI

/// Bytes read as a storm of touches and keys, played on the virtual clock through the kiosk as `flick run`
/// builds it. Four bytes a step: what happens (finger 0–3 down/move, lift, cancel, a key, a pause), where
/// (two bytes spread over the screen and a little beyond its edges) and how long after the step before.
struct StormFuzz {
    let config: KioskConfig
    let width: Int
    let height: Int

    /// The bundled tour (`KioskConfig.defaultTourPath`); an empty kiosk when it cannot be found.
    static let tour = StormFuzz(config: KioskConfig.defaultTourPath().flatMap { try? KioskConfig.load(path: $0) }
                                    ?? .app(KioskConfig.Todo(), id: "todo"), width: 320, height: 200)
    static let todo = StormFuzz(config: .app(KioskConfig.Todo(), id: "todo"), width: 240, height: 320)

    /// Loaded once: every input shares the bundled fonts, as one kiosk does.
    nonisolated(unsafe) static let fonts = try? FontCollection()

    /// Keys the to-do editor reacts to, and letters (Latin, Cyrillic, Hebrew, an emoji).
    private static let keys: [(keysym: UInt32, text: String)] = [
        (0xff0d, "\r"), (0xff08, "\u{8}"), (0xff1b, "\u{1b}"), (0xff51, ""), (0xff53, ""), (0xff09, "\t"),
        (0x61, "a"), (0x20, " "), (0x6c1, "а"), (0xce0, "א"), (0x1f600, "😀"), (0x0, "\u{0}"),
    ]

    func run(_ bytes: [UInt8]) {
        var storm = TouchStorm(width: Double(width), height: Double(height))
        var keys: [(time: Double, key: (keysym: UInt32, text: String))] = []
        var i = 0
        while i + 4 <= bytes.count && storm.frames.count < 2000 {
            let action = bytes[i], a = bytes[i + 1], b = bytes[i + 2], pause = bytes[i + 3]
            i += 4
            storm.wait(milliseconds: Int(pause & 0x3F))
            let finger = Int(action & 3)
            switch action >> 2 & 7 {
            case 0, 1, 2, 3:
                storm.touch(finger, at: point(a, b))
            case 4: storm.lift(finger)
            case 5: storm.lift(finger, cancelled: true)
            case 6: keys.append((storm.time.seconds, Self.keys[Int(a) % Self.keys.count]))
            default: storm.wait(milliseconds: Int(a) * 20)
            }
        }
        storm.liftAll()
        play(storm.frames, keys: keys)
    }

    /// Plays touches and keys through a fresh kiosk until it is still.
    func play(_ frames: [TouchFrame], keys: [(time: Double, key: (keysym: UInt32, text: String))] = []) {
        guard let fonts = Self.fonts else { return }
        let scene = PagesScene(config: config, width: width, height: height, fonts: fonts)
        let player = VirtualClockPlayer(scene: scene, width: width, height: height)
        player.enqueue(frames)
        player.input.enqueue(keys.flatMap { key -> [(time: Double, event: InputEvent)] in
            let t = Microseconds(seconds: key.time)
            return [true, false].map { (key.time, .key(KeyEvent(keysym: key.key.keysym, text: key.key.text, isPressed: $0, time: t))) }
        })
        player.run(settle: 3)
        _ = scene.finalStateJSON()
    }

    /// Two bytes to a point: most of the range on screen, the ends a little beyond each edge.
    private func point(_ a: UInt8, _ b: UInt8) -> Point {
        func spread(_ v: UInt8, _ size: Int) -> Double { (Double(v) / 255 * 1.2 - 0.1) * Double(size) }
        return Point(x: spread(a, width), y: spread(b, height))
    }
}
