import FlickRaster
import FlickUI
import Foundation
import Testing

/// The kiosk's golden frames, kept in Goldens/ beside these tests and compared by `GoldenFrame`:
/// `FLICK_UPDATE_GOLDENS=1 scripts/test` rewrites them; a mismatch writes `NAME.actual.png` and `NAME.diff.png`.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try GoldenFrame.check(surface, against: directory.appendingPathComponent("\(name).png").path)
        } catch let mismatch as GoldenFrameMismatch {
            Issue.record("\(mismatch)", sourceLocation: sourceLocation)
        }
    }
}
