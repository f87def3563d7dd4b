import FlickCore
import FlickRaster
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// kiosk/examples/cafe.json, run by `flick run --headless --realtime` as a café's menu board runs: its prices are
/// edited in the file while it runs, and a broken edit never leaves a black screen.
@Suite struct CafeKioskTests {
    /// The espresso's price in the example, and the new one.
    private static let price = "£2.20", newPrice = "£2.45"

    /// `text` saved with the comma after `price` missing: a slip while editing it.
    private static func commaMissing(after price: String, in text: String) throws -> String {
        try ExampleKiosk.replacing(#""\#(price)", "align""#, with: #""\#(price)" "align""#, in: text)
    }

    /// A scratch directory with the example's copy to edit, `cafe.json`, and beside it `good.json` holding `text` for
    /// drawing the reference; both under `examples/`, as their pictures' paths expect.
    private func copies(_ text: String) throws -> (dir: String, config: String, good: String) {
        let dir = try ExampleKiosk.directory()
        let (config, good) = (dir + "/examples/cafe.json", dir + "/examples/good.json")
        try ExampleKiosk.save(text, to: config)
        try ExampleKiosk.save(text, to: good)
        return (dir, config, good)
    }

    @Test func aSavedPriceIsOnScreenSecondsLaterAndABrokenSaveLeavesItWithANotice() throws {
        let original = try ExampleKiosk.text("cafe")
        let (dir, config, good) = try copies(original)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shots = ExampleKiosk.shots(in: dir, every: 500, through: 20_000)
        let cafe = try FlickCommand.start(["run", "--headless", "--realtime", "--config", config, "--state-dir", dir + "/state",
                                           "--wall-clock", ExampleKiosk.wallClock] + shots.arguments, in: dir)
        let before = try ReferenceKiosk(config: good)
        let priceArea = PixelRect(enclosing: try before.label(Self.price))
        #expect(cafe.wait(seconds: 20) { FileManager.default.fileExists(atPath: shots.files[0]) }, "no first shot: \(cafe.err)")
        let first = try Surface.readPNG(path: shots.files[0])
        #expect(first.differingArea(from: before.screen) == nil, "the menu is not what it should be")

        // The week's new price, saved over the file as an editor saves it.
        let edited = try ExampleKiosk.replacing(Self.price, with: Self.newPrice, in: original)
        try ExampleKiosk.save(edited, to: good)
        let after = try ReferenceKiosk(config: good)
        let saved = Date()
        try ExampleKiosk.save(edited, to: config)
        let repriced = try ExampleKiosk.shot(showing: after.screen, among: shots.files, by: cafe, within: 10)
        #expect(repriced != nil, "the new price was not on screen 10 s after the save: \(cafe.err)")
        let seconds = Date().timeIntervalSince(saved)
        // Only the price changed on screen: the rest of the menu was not made again, let alone blanked.
        let changed = try #require(repriced?.differingArea(from: first))
        #expect(priceArea.union(changed) == priceArea, "\(changed) changed, outside the price's \(priceArea)")

        // A save with a comma missing: the menu stays as it was, with a notice at the foot saying why.
        try ExampleKiosk.save(try Self.commaMissing(after: Self.newPrice, in: edited), to: config)
        let problem = try ExampleKiosk.problem(config)
        let noticed = try ReferenceKiosk(config: good, notice: "Not applied: \(problem)")
        let refused = try ExampleKiosk.shot(showing: noticed.screen, among: shots.files, by: cafe, within: 10)
        #expect(refused != nil, "no notice of the broken save: \(cafe.err)")
        if let repriced, let notice = refused?.differingArea(from: repriced) {
            #expect(notice.y > first.height * 3 / 4 && notice.intersection(priceArea).isEmpty, "the notice is at \(notice)")
        }

        kill(cafe.pid, SIGTERM)
        #expect(cafe.exitCode(within: 10) == 0, "\(cafe.err)")
        #expect(ExampleKiosk.finalState(cafe.out)["page"] as? String == "menu", "\(cafe.out)")
        #expect(cafe.err.contains("not applied, the last good config stays on screen: \(problem)"), "\(cafe.err)")
        #expect(seconds < 10, "the new price took \(seconds) s to show")
    }

    @Test func aConfigBrokenAtStartRunsItsLastGoodCopyWithTheNotice() throws {
        let original = try ExampleKiosk.text("cafe")
        let (dir, config, good) = try copies(original)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = dir + "/state"
        // A run that applied the config kept it as the last good copy.
        let earlier = try FlickCommand.run(["run", "--headless", "--config", config, "--state-dir", state, "--no-out"])
        #expect(earlier.status == 0, "\(earlier.err)")
        try ExampleKiosk.save(try Self.commaMissing(after: Self.price, in: original), to: config)
        let problem = try ExampleKiosk.problem(config)

        let cafe = try FlickCommand.start(["run", "--headless", "--realtime", "--config", config, "--state-dir", state,
                                           "--wall-clock", ExampleKiosk.wallClock, "--shot", "1000=\(dir)/shot.png"], in: dir)
        #expect(cafe.wait(seconds: 20) { FileManager.default.fileExists(atPath: dir + "/shot.png") }, "no shot: \(cafe.err)")
        #expect(!cafe.hasExited, "it runs on the last good copy instead of exiting into a restart loop: \(cafe.err)")
        let shot = try Surface.readPNG(path: dir + "/shot.png")
        #expect(shot.differingArea(from: try ReferenceKiosk(config: good, notice: "Not applied: \(problem)").screen) == nil,
                "not the last good menu with the notice")
        kill(cafe.pid, SIGTERM)
        #expect(cafe.exitCode(within: 10) == 0, "\(cafe.err)")
        #expect(ExampleKiosk.finalState(cafe.out)["page"] as? String == "menu", "\(cafe.out)")
        #expect(cafe.err.contains("\(problem): starting on the last good config"), "\(cafe.err)")
    }
}
