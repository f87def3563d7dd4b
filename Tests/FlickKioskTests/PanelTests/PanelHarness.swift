@testable import FlickKiosk
import FlickGestures
import FlickInput
import FlickJSON
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// The factory panel of issue 33: two live values from MQTT-like sources with an alarm limit, a gauge, a conveyor
/// toggle, a speed slider, a batch bar, an acknowledge button and the time. `extra` is spliced into the page list.
func factoryConfig(pages extra: String = "", neighbours: String = "") -> String {
    """
    {
      "mqtt": {"broker": "mqtt://localhost:1883"},
      "sources": {
        "temperature": {"file": "temperature", "freshness": 30},
        "pressure": {"file": "pressure", "freshness": 30},
        "parts": {"file": "parts"},
        "conveyor": {"file": "conveyor"},
        "speed": {"file": "speed"},
        "batch": {"file": "batch"}
      },
      "pages": [
        {"id": "line", \(neighbours) "content": {"type": "panel", "title": "Line 1", "columns": 3, "widgets": [
          {"value": "temperature", "title": "Oven", "decimals": 1, "unit": "°C", "limits": {"low": 5, "high": 80}},
          {"gauge": "pressure", "title": "Pressure", "max": 10, "decimals": 1, "unit": "bar", "limits": {"high": 8}},
          {"value": "parts", "title": "Parts today"},
          {"toggle": "Conveyor", "source": "conveyor", "action": {"publish": "line1/conveyor", "payload": "{value}"}},
          {"slider": "Speed", "min": 0, "max": 100, "step": 5, "source": "speed", "span": 2,
           "action": {"publish": "line1/speed", "payload": "{value}"}},
          {"progress": "batch", "title": "Batch", "max": 500},
          {"button": "Acknowledge", "action": {"publish": "line1/ack", "payload": "1"}},
          {"clock": "time", "style": "title", "align": "center"}
        ]}}\(extra)
      ]
    }
    """
}

/// A kiosk of panels on a screen, run headlessly on the virtual clock: its values arrive through `live`, and what
/// its widgets perform is kept in `performed`.
final class PanelHarness {
    let scene: PagesScene
    let player: VirtualClockPlayer
    let live: LiveData
    private let performed = Performed()

    private final class Performed { var actions: [(action: KioskAction, value: JSONValue?)] = [] }

    init(_ json: String = factoryConfig(), width: Int = 800, height: Int = 480, epoch: Double = PanelHarness.tuesdayAfternoon) throws {
        let config = try KioskConfig.parse(Array(json.utf8), file: "panel.json", directory: "/tmp")
        live = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        scene = PagesScene(config: config, width: width, height: height, fonts: try FontCollection(), live: live,
                           wallClock: WallClock(epoch: epoch), perform: { [performed] in performed.actions.append(($0, $1)) })
        player = VirtualClockPlayer(scene: scene, width: width, height: height)
    }

    /// What the widgets performed so far (showing pages is the scene's own and is not among them).
    var actions: [(action: KioskAction, value: JSONValue?)] { performed.actions }

    /// The panel on screen.
    var page: PanelPage { scene.page(scene.currentPage) as! PanelPage }

    /// Values for `sources`, arrived now, and the next frame.
    func receive(_ values: [String: JSONValue]) {
        for (name, value) in values { live.receive(value, for: name, at: player.time) }
        player.step()
    }

    /// `frames` played from now, and on until the pages are at rest.
    func play(_ frames: [TouchFrame]) {
        player.enqueue(frames, startingAt: player.time)
        player.run(until: player.time + (frames.last?.time.seconds ?? 0) + 1)
    }

    /// The tile of the `index`th widget, in reading order.
    func tile<T: PanelTile>(_ index: Int, as: T.Type = T.self) -> T { page.tiles[index] as! T }

    /// The centre of the `index`th widget, in screen pixels.
    func centre(of index: Int) -> (x: Double, y: Double) {
        let frame = page.tiles[index].view.frame
        return (frame.midX, frame.midY)
    }

    /// Local 15:07:30 on Tuesday 3 March 2026 in the machine's time zone.
    static var tuesdayAfternoon: Double { localEpoch(year: 2026, month: 3, day: 3, hour: 15, minute: 7, second: 30) }

    /// The epoch at which the machine's local clock reads the given time.
    static func localEpoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Double {
        var parts = tm()
        parts.tm_year = Int32(year - 1900); parts.tm_mon = Int32(month - 1); parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour); parts.tm_min = Int32(minute); parts.tm_sec = Int32(second); parts.tm_isdst = -1
        return Double(mktime(&parts))
    }
}

/// One panel page alone on a screen in `language`, on its own context (the pages scene shows every page in
/// English until the config has languages), with `live` values and a wall clock reading `epoch` at time 0.
final class LanguagePanel {
    let page: PanelPage
    let player: VirtualClockPlayer

    init(_ json: String = factoryConfig(), language: String, width: Int = 800, height: Int = 480,
         epoch: Double = PanelHarness.tuesdayAfternoon, live: [String: JSONValue] = [:]) throws {
        let config = try KioskConfig.parse(Array(json.utf8), file: "panel.json", directory: "/tmp")
        let kind = try #require(config.pages[0].content.kind as? KioskConfig.Panel)
        let data = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        for (name, value) in live { data.receive(value, for: name, at: 0) }
        let scene = ViewScene(width: width, height: height)
        scene.tree.clearColor = config.theme.background
        let context = PageContext(scene: scene, theme: config.theme, fonts: try FontCollection(), metrics: PagesScene.defaultMetrics,
                                  width: width, height: height, live: data, wallClock: WallClock(epoch: epoch),
                                  words: Words(language: try #require(Language(language)), sources: []))
        page = PanelPage(kind, context: context)
        scene.root.addChild(page.view)
        scene.onAdvance = { [page] time in page.advance(to: time) }
        player = VirtualClockPlayer(scene: scene, width: width, height: height)
    }

    /// The text of the `index`th widget, a clock.
    func clockText(_ index: Int) -> String { (page.tiles[index] as! ClockTile).shownText }
}
