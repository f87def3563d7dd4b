@testable import FlickApps
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
                let controls = try #require(paged.controls)
                for button in [controls.previous, controls.next] {
                    #expect(!button.label.isTruncated, "\(button.title) on \(at)")
                    #expect(button.view.frame.height >= fingertip && button.view.frame.width >= fingertip, "\(button.title) on \(at)")
                }
                #expect(!controls.indicator.isTruncated, "the page number on \(at)")
            case let list as ListPage:
                #expect(list.bar.title.map { !$0.isTruncated } ?? false, "\(page.id)'s title on \(at)")
                for row in list.screen.list.visibleRows {
                    #expect(!row.isTitleTruncated, "\(row.title) on \(at)")
                }
            case is StaticPage:
                guard case .text(let text) = page.content else { continue }
                let layout = PageArtwork(theme: tour.theme, fonts: try FontCollection(), width: screen.width,
                                         height: screen.height, images: scene.images,
                                         unit: ScreenUnit.pixels(metrics: metrics, scale: 1)).layout(text)
                #expect(layout.title.map { !$0.isTruncated } ?? false, "\(page.id)'s title on \(at)")
            default:
                continue
            }
        }
    }
}
