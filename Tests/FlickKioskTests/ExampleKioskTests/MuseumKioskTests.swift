import FlickCore
import FlickRaster
import Foundation
import Testing

/// kiosk/examples/museum.json, run by `flick run --headless` on the virtual clock: a visitor taps "العربية" on the
/// start page, reads the Arabic page (its controls mirrored), walks away, and two minutes after the last touch the
/// start page is back for the next visitor. Times are exact.
@Suite struct MuseumKioskTests {
    private let config = ExampleKiosk.examples + "/museum.json"

    /// The tap on "العربية": down at 1 s, up at 1.08 s, the last touch of the run.
    private func tapScript(at button: Rect, in dir: String) throws -> String {
        let path = dir + "/arabic.json"
        try Data(#"""
            [{"t": 1000, "type": "down", "id": 0, "x": \#(button.midX), "y": \#(button.midY)}, {"t": 1080, "type": "up", "id": 0}]
            """#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs the museum until `until` ms with the tap, writing a shot at each of `shots` (ms → file).
    private func run(until: Int, script: String, shots: [Int: String], in dir: String) throws -> [String: Any] {
        let run = try FlickCommand.run(["run", "--headless", "--config", config, "--state-dir", dir, "--script", script,
                                        "--until", "\(until)", "--no-out"] + shots.flatMap { ["--shot", "\($0)=\($1)"] })
        #expect(run.status == 0, "\(run.err)")
        return ExampleKiosk.finalState(run.out)
    }

    @Test func arabicIsShownMirroredAndTwoMinutesWithoutATouchBringBackTheStartPage() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let start = try ReferenceKiosk(config: config)
        let script = try tapScript(at: try start.button("العربية"), in: dir)

        // 119.92 s after the last touch the Arabic page is still there.
        let reading = try run(until: 121_000, script: script, shots: [0: dir + "/start.png", 2000: dir + "/arabic.png"], in: dir)
        #expect(reading["page"] as? String == "ar")
        #expect(reading["language"] as? String == "ar")
        let arabic = try Surface.readPNG(path: dir + "/arabic.png")
        #expect(arabic.differingArea(from: try ReferenceKiosk(config: config, page: "ar").screen) == nil,
                "the Arabic page at rest is not what it should be")
        // Mirrored: the English page's short "Languages" button is at the start of its row, on the left; on the
        // Arabic page it is on the right, where the English one has the gap between the buttons.
        let english = try ReferenceKiosk(config: config, page: "en")
        let languages = try english.button("Languages"), story = try english.button("Read the story")
        #expect(languages.maxX < story.minX)
        let gap = (languages.maxX + story.minX) / 2, y = languages.minY + 14
        let theme = english.kiosk.config.theme, width = Double(arabic.width)
        func arabicShows(_ colour: Color, atX x: Double) -> Bool {
            arabic.colour(at: Point(x, y)).isClose(to: colour, tolerance: ExampleKiosk.oneLevel)
        }
        #expect(arabicShows(theme.accent, atX: gap), "the long button is on the left in Arabic")
        #expect(arabicShows(theme.background, atX: width - gap), "the gap between the buttons is mirrored")
        #expect(arabicShows(theme.accent, atX: width - languages.midX), "the short button is on the right")

        // 120.52 s after it, the start page is back (slid in), in the kiosk's language, as it was drawn at the start.
        let back = try run(until: 121_600, script: script, shots: [121_600: dir + "/back.png"], in: dir)
        #expect(back["page"] as? String == "start")
        #expect(back["language"] as? String == "en")
        let first = try Surface.readPNG(path: dir + "/start.png")
        #expect(try Surface.readPNG(path: dir + "/back.png").differingArea(from: first) == nil)
        #expect(first.differingArea(from: start.screen) == nil)
    }
}
