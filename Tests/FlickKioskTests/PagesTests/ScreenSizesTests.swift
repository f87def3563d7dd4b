@testable import FlickKiosk
import FlickGestures
import FlickRaster
import FlickText
import FlickUI
import Testing

/// The stock tour on the screens people have [issue 30.4]: 24" monitors at 92 dpi, 10" panels at 160, small dense
/// panels at 220, landscape and portrait. Every control's label shows whole, and every touch target is a fingertip.
@Suite struct ScreenSizesTests {
    static let screens: [(width: Int, height: Int, dpi: Double)] = [92.0, 160, 220].flatMap { dpi in
        [(1920, 1080), (1280, 800), (800, 480), (1080, 1920)].map { (width: $0.0, height: $0.1, dpi: dpi) }
    }

    @Test(arguments: screens)
    func everyLabelOfTheTourShowsWhole(screen: (width: Int, height: Int, dpi: Double)) throws {
        let tour = try KioskConfig.load(path: KioskConfig.compiledSourceTree + "/kiosk/tour.json")
        let metrics = GestureMetrics(dotsPerInch: screen.dpi)
        let scene = PagesScene(config: tour, width: screen.width, height: screen.height, fonts: try FontCollection(),
                               metrics: metrics)
        let fingertip = metrics.pixels(Millimetres(9)).rounded(.down)
        let at = "\(screen.width)x\(screen.height) at \(Int(screen.dpi)) dpi"
        for page in tour.pages {
            switch scene.controller(page.id) {
            case let paged as PagedTextPage:
                let controls = paged.controls
                for button in [controls.previous, controls.next] {
                    #expect(!button.label.isTruncated, "\(button.title) on \(at)")
                    #expect(button.view.frame.height >= fingertip && button.view.frame.width >= fingertip, "\(button.title) on \(at)")
                }
                #expect(!controls.indicator.isTruncated, "the page number on \(at)")
            case let list as ListPage:
                #expect(!list.bar.title.isTruncated, "\(page.id)'s title on \(at)")
                for row in list.screen.list.visibleRows {
                    #expect(!row.isTitleTruncated, "\(row.title) on \(at)")
                }
            case let text as StaticPage:
                #expect(text.layout.map { !$0.title.isTruncated } ?? false, "\(page.id)'s title on \(at)")
            default:
                continue
            }
        }
    }
}

/// List rows take the height their text needs [issue 30.5]: at 80-unit text on an 800x480 panel a row is taller than
/// the style's 88 units, and a long title wraps onto a second line instead of losing its price to an ellipsis.
@Test func listRowsGrowWithTheirText() throws {
    let json = """
    {"theme": {"bodySize": 40},
     "pages": [{"id": "menu", "content": {"type": "list", "title": "Menu", "items": [
        {"title": "Tea 2.50", "detail": ""},
        {"title": "Chai latte with oat milk and cinnamon, large 3.60", "detail": ""},
        {"title": "Cake 3.00", "detail": ""}]}}]}
    """
    let config = try KioskConfig.parse(Array(json.utf8), file: "menu.json", directory: "/tmp")
    let scene = PagesScene(config: config, width: 800, height: 480, fonts: try FontCollection())
    let list = try #require(scene.controller("menu") as? ListPage).screen.list
    let rows = list.visibleRows.sorted { $0.index < $1.index }
    try #require(rows.count == 3)
    #expect(rows.allSatisfy { !$0.isTitleTruncated })
    let one = list.rowFrame(0).height, two = list.rowFrame(1).height
    #expect(two > one, "the two-line row is taller: \(one) and \(two)")
    #expect(rows.map(\.view.frame.height) == [one, two, list.rowFrame(2).height])
    #expect(list.rowFrame(1).top == one && list.rowFrame(2).top == one + two)

    let large = json.replacingOccurrences(of: "\"bodySize\": 40", with: "\"bodySize\": 80")
    let bigScene = PagesScene(config: try KioskConfig.parse(Array(large.utf8), file: "menu.json", directory: "/tmp"),
                              width: 800, height: 480, fonts: try FontCollection())
    let big = try #require(bigScene.controller("menu") as? ListPage).screen.list
    #expect(big.rowFrame(0).height > 88, "80-unit text needs more than the 88-unit row")
}
