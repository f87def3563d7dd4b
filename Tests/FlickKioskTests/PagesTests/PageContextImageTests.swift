import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing
@testable import FlickKiosk

/// A page kind of an integrator's reads its own pictures through the context: at the size shown, one line when
/// one cannot be read.
@Test func aPageReadsItsPictureAtTheSizeShownAndLogsOneLineForOneItCannot() throws {
    var lines: [String] = []
    let context = PageContext(scene: ViewScene(width: 320, height: 240), theme: KioskConfig.Theme(), fonts: try FontCollection(),
                              metrics: PagesScene.defaultMetrics, width: 320, height: 240, log: { lines.append($0) })
    let photo = ConfigFixtures.repoRoot + "/kiosk/photos/dawn.png"
    let full = try Surface.readPNG(path: photo)
    let shown = try #require(context.image(photo, fitting: Size(width: 64, height: 48)))
    #expect(shown.width <= full.width && shown.width > 0)
    #expect(context.image("/nonexistent/gone.png", fitting: Size(width: 64, height: 48)) == nil)
    #expect(context.image("/nonexistent/gone.png", fitting: Size(width: 64, height: 48)) == nil)
    #expect(lines.count == 1)
    #expect(lines.first?.contains("/nonexistent/gone.png") == true)
}
