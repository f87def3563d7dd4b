import FlickKiosk
import FlickGestures
import FlickRaster
import Foundation
import Testing

/// `FLICK_WRITE_DOCS=1 swift test --filter TodoPicture` rewrites the README's picture, docs/todo.png.
private let picturePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/todo.png").path

/// The list as the README shows it: a phone-sized portrait panel at 320 dpi (rows of 8 mm = 101 px), the
/// tutorial's items, "Buy eggs" held mid-swipe towards done.
@Test func todoPictureShowsTheListWithARowMidSwipe() throws {
    let row = 101.0, header = 121.0
    let todo = try TodoHarness(width: 720, height: 1280, metrics: GestureMetrics(dotsPerInch: 320))
    // The slop is 2 mm = 25.2 px: a drag of 26 + 400 px holds the row 400 px over, past half its width.
    todo.player.enqueue(Touches.drag(80, header + row * 1.5, by: 26 + 400, 0, holdMs: 1000, slop: 26).frames)
    todo.player.run(until: 0.5)
    if ProcessInfo.processInfo.environment["FLICK_WRITE_DOCS"] == "1" {
        try FileManager.default.createDirectory(atPath: (picturePath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try todo.player.screen.writePNG(path: picturePath)
    }
    let y = Int(header + row * 1.5)
    #expect(todo.color(700, y).isClose(to: .row(1, of: 7)))
    #expect(todo.color(200, y).isClose(to: .listBackground))
    // Past half: the ✓ beside the row is green.
    #expect(hasInk(todo, Color(red: 0, green: 0.8, blue: 0), x: 330..<390, y: y - 20..<y + 20))
    #expect(todo.color(700, Int(header + row * 2.5)).isClose(to: .completedRow))
    #expect(todo.color(700, Int(header + row * 6.5)).isClose(to: .row(6, of: 7)))
}
