import FlickBench
import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import FoundationEssentials
import Glibc

/// How long a kiosk takes to apply its edited config, against the frame it must fit in: a café's menu board (an
/// 800x480 panel) with one price changed, and with its theme changed (every page made again) for contrast. Each
/// round saves the file (not timed: the editor's part), then times the kiosk reading, validating and applying it
/// and drawing its next frame, then the CPU the rest takes until the kiosk is still again (the cross-fade's
/// frames, the neighbouring pages made again into their layers).
struct ReloadBenchmark {
    let fonts: FontCollection
    /// Only the figures whose name contains this (any case); nil: every figure.
    var only: String? = nil

    static let width = 800, height = 480
    /// A 60 Hz panel's frame: the target.
    static let frameInterval = 1.0 / 60
    private static let rounds = 40

    func run(report: (PageBenchmark.Figure) -> Void) throws {
        let priceName = "config applied and drawn: one price changed on the page shown (café menu, \(Self.width)x\(Self.height))"
        let themeName = "config applied and drawn: the theme changed, every page made again (café menu, \(Self.width)x\(Self.height))"
        let wantsPrice = PageBenchmark.wants(priceName, only: only), wantsTheme = PageBenchmark.wants(themeName, only: only)
        guard wantsPrice || wantsTheme else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-reload-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/cafe.json"
        var price = "3.20", accent = "#C0392B"
        try Self.write(Self.menu(price: price, accent: accent), to: file)
        var problems: [String] = []
        // As `flick run` makes it: a state directory, so each config applied is also kept as the last good copy.
        let kiosk = KioskScene(config: try KioskConfig.loadOrExit(path: file), file: file, width: Self.width, height: Self.height,
                               fonts: fonts, stateDirectory: directory + "/state", wallClock: WallClock(epoch: 1_790_000_000),
                               log: { problems.append($0) })
        let player = VirtualClockPlayer(scene: kiosk, width: Self.width, height: Self.height)
        player.run()

        // In turns, so a stretch when the machine is busy weighs on both.
        var priceTimes: [Timing] = [], themeTimes: [Timing] = []
        for _ in 0..<Self.rounds {
            if wantsPrice {
                price = price == "3.20" ? "3.40" : "3.20"
                priceTimes.append(try applied(Self.menu(price: price, accent: accent), kiosk, player, file))
            }
            if wantsTheme {
                accent = accent == "#C0392B" ? "#2E86C1" : "#C0392B"
                themeTimes.append(try applied(Self.menu(price: price, accent: accent), kiosk, player, file))
            }
        }
        guard problems.isEmpty, kiosk.notice == nil else {
            throw BenchmarkFailure("the café config was not applied: \((problems + [kiosk.notice].compactMap { $0 }).joined(separator: "; "))")
        }
        if wantsPrice { report(figure(priceName, priceTimes, limit: Self.frameInterval)) }
        if wantsTheme { report(figure(themeName, themeTimes, limit: nil)) }
    }

    /// One round, in seconds: from the reload to its frame drawn (wall-clock and CPU), then the CPU until still.
    private struct Timing {
        var wall: Double
        var cpu: Double
        var settlingCPU: Double
    }

    /// Saves `json` over the config, then times the reload and the frame after it, and the rest until still.
    private func applied(_ json: String, _ kiosk: KioskScene, _ player: VirtualClockPlayer, _ file: String) throws -> Timing {
        try Self.write(json, to: file)
        let frames = player.framesDrawn
        let wall = Stopwatch.now(), cpu = Stopwatch.cpuNow()
        kiosk.reload()
        player.step()
        let drawnWall = Stopwatch.now(), drawnCPU = Stopwatch.cpuNow()
        guard player.framesDrawn == frames + 1 else { throw BenchmarkFailure("the edited café config drew no frame") }
        player.run()
        return Timing(wall: Double(drawnWall - wall) / 1e9, cpu: Double(drawnCPU - cpu) / 1e9,
                      settlingCPU: Double(Stopwatch.cpuNow() - drawnCPU) / 1e9)
    }

    /// The medians of `samples`, the slowest, and the wall-clock median against `limit` (nil: no target).
    private func figure(_ name: String, _ samples: [Timing], limit: Double?) -> PageBenchmark.Figure {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let wall = median(samples.map(\.wall)), worst = samples.map(\.wall).max() ?? .nan
        func ms(_ seconds: Double) -> String { (seconds * 1000).formatted(decimals: 2) }
        return PageBenchmark.Figure(
            name: name,
            value: "\(ms(wall)) ms = \((wall / Self.frameInterval).formatted(decimals: 2)) × the frame interval "
                + "(CPU \(ms(median(samples.map(\.cpu)))) ms; slowest of \(samples.count) \(ms(worst)) ms; then until still, "
                + "CPU \(ms(median(samples.map(\.settlingCPU)))) ms)",
            target: limit.map { "< \(($0 * 1000).formatted(decimals: 1)) ms, one frame (median)" } ?? "(for contrast: no target)",
            met: limit.map { wall < $0 })
    }

    private static func write(_ text: String, to file: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// A café's board: the drinks and their prices on a panel (the start page), the cakes in a list, and a page about
    /// the café.
    static func menu(price: String, accent: String) -> String {
        let drinks = [("Flat white", price), ("Espresso", "2.40"), ("Cappuccino", "3.10"), ("Latte", "3.30"),
                      ("Mocha", "3.60"), ("Chai latte", "3.50"), ("Hot chocolate", "3.20"), ("Tea", "2.20")]
        let widgets = drinks.flatMap { name, cost in
            [#"{"label": "\#(name)", "style": "body"}"#, #"{"label": "\#(cost)", "style": "body", "align": "end"}"#]
        }
        let cakes = ["Carrot cake", "Lemon drizzle", "Brownie", "Flapjack", "Scone with jam", "Banana bread"].map {
            #"{"title": "\#($0)", "detail": "Baked this morning."}"#
        }
        return #"""
        {"theme": {"accent": "\#(accent)", "background": "#1B1410", "surface": "#2A201A"},
         "start": "drinks",
         "pages": [
          {"id": "drinks", "right": "cakes", "content": {"type": "panel", "title": "Drinks", "columns": 2, "widgets": [
            \#(widgets.joined(separator: ",\n    "))]}},
          {"id": "cakes", "left": "drinks", "right": "about", "content": {"type": "list", "title": "Cakes", "items": [
            \#(cakes.joined(separator: ",\n    "))]}},
          {"id": "about", "left": "cakes", "content": {"type": "text", "title": "About us", "body": "Roasted round the corner since 1999. Oat milk at no extra cost."}}
         ]}
        """#
    }
}
