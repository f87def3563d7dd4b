@testable import FlickKiosk
import FlickCore
import FlickGestures
import FlickJSON
import FlickRaster
import FlickTestFixtures
import FlickText
import FlickUI
import Foundation
import Glibc
import Testing

/// The example kiosks of kiosk/examples, as an integrator runs them: copied into a scratch directory (beside a link
/// to the photos their pictures are relative to), run by the built `flick`, and what it drew compared with the same
/// config drawn in this process.
enum ExampleKiosk {
    static let examples = ConfigFixtures.repoRoot + "/kiosk/examples"
    /// A level either way in each channel (`Color.isClose(to:tolerance:)`): a colour drawn as given, not another.
    static let oneLevel = 1.5 / 255

    /// The local time the runs start at (`--wall-clock`), so the clocks on screen show what the reference shows.
    static let wallClock = "2026-03-03T09:00"
    static let wallClockEpoch: Double = {
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday, parts.tm_hour, parts.tm_isdst) = (2026 - 1900, 2, 3, 9, -1)
        return Double(mktime(&parts))
    }()

    /// A scratch directory with `examples/` (empty) and `photos/` linked to the kiosk's photos.
    static func directory() throws -> String {
        let dir = try ConfigFixtures.directory()
        try FileManager.default.createDirectory(atPath: dir + "/examples", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/photos", withDestinationPath: ConfigFixtures.repoRoot + "/kiosk/photos")
        return dir
    }

    /// The text of the example `name` (`factory`, `museum`, `cafe`).
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: "\(examples)/\(name).json", encoding: .utf8)
    }

    /// Writes `text` to `path` as an editor or a deploy does: to a file beside it, then renamed over it.
    static func save(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".saving"))
        try #require(rename(path + ".saving", path) == 0)
    }

    /// `text` with `old` replaced by `new`, which must be there.
    static func replacing(_ old: String, with new: String, in text: String) throws -> String {
        try #require(text.contains(old), "the example no longer has \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The final state line `flick run` printed last, as an object.
    static func finalState(_ out: String) -> [String: Any] {
        let line = out.split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    /// `--shot` arguments every `step` milliseconds up to `last`, and the files they write, in time order.
    static func shots(in dir: String, every step: Int, through last: Int) -> (arguments: [String], files: [String]) {
        let times = Array(stride(from: step, through: last, by: step))
        let files = times.map { "\(dir)/shot-\($0).png" }
        return (zip(times, files).flatMap { ["--shot", "\($0)=\($1)"] }, files)
    }

    /// The first of the shots `files` that `kiosk` writes from now on showing `expected`, within `seconds`; nil when
    /// none did.
    static func shot(showing expected: Surface, among files: [String], by kiosk: ChildProcess,
                     within seconds: Double) throws -> Surface? {
        let deadline = Date().addingTimeInterval(seconds)
        for file in files.drop(while: { FileManager.default.fileExists(atPath: $0) }) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, kiosk.wait(seconds: left, for: { FileManager.default.fileExists(atPath: file) }) else { return nil }
            let shot = try Surface.readPNG(path: file)
            if shot.differingArea(from: expected) == nil { return shot }
        }
        return nil
    }

    /// The first line of what is wrong with the config at `path` (it must be wrong).
    static func problem(_ path: String) throws -> String {
        do throws(KioskConfigError) {
            _ = try KioskConfig.load(path: path)
        } catch {
            return try #require(error.lines.first)
        }
        Issue.record("\(path) is valid")
        return ""
    }
}

/// The config at `path` drawn in this process on the virtual clock, at rest on `page` (default its start), with
/// `values` received for its sources (and no broker: they are the only ones) and `notice` showing: what `flick run`
/// should have on screen. Its scene gives where things are.
final class ReferenceKiosk {
    let kiosk: KioskScene
    let player: VirtualClockPlayer

    init(config path: String, page: String? = nil, values: [String: JSONValue] = [:], notice: String? = nil) throws {
        var config = try KioskConfig.load(path: path)
        if let page { config.start = page }
        config.mqtt = nil
        let size: (width: Int, height: Int) = config.display?.mode.map { ($0.width, $0.height) } ?? (1280, 800)
        kiosk = KioskScene(config: config, file: nil, width: size.width, height: size.height, fonts: try FontCollection(),
                           metrics: config.display?.dpi.map { GestureMetrics(dotsPerInch: $0) } ?? PagesScene.defaultMetrics,
                           wallClock: WallClock(epoch: ExampleKiosk.wallClockEpoch), notice: notice)
        for (name, value) in values { kiosk.live.receive(value, for: name, at: 0) }
        player = VirtualClockPlayer(scene: kiosk, width: size.width, height: size.height)
        player.run(until: 1)
    }

    var screen: Surface { player.screen }

    /// The panel `id` (default the page shown) as laid out on this screen.
    func panel(_ id: String? = nil) throws -> PanelPage {
        try #require(kiosk.pages.page(id ?? kiosk.pages.currentPage) as? PanelPage)
    }

    /// Where the button titled `title` is on panel `id`.
    func button(_ title: String, on id: String? = nil) throws -> Rect {
        try #require(try panel(id).tiles.compactMap { $0 as? ButtonTile }.first { $0.button.title == title }).view.frame
    }

    /// Where the label showing `text` is on panel `id`.
    func label(_ text: String, on id: String? = nil) throws -> Rect {
        try #require(try panel(id).tiles.compactMap { $0 as? LabelTile }.first { $0.text == text }).view.frame
    }
}

extension Surface {
    /// The smallest rectangle holding every pixel that differs from `other`'s; nil when they are the same.
    func differingArea(from other: Surface) -> PixelRect? {
        guard width == other.width, height == other.height else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<height {
            for x in 0..<width where self[x, y] != other[x, y] {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The colour at `point` (a pixel's centre).
    func colour(at point: Point) -> Color { Color(pixel: self[Int(point.x), Int(point.y)]) }
}
