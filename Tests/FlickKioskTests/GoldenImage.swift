import FlickRaster
import Foundation
import Testing

/// Compares a rendered surface with a PNG kept beside the tests.
/// `FLICK_UPDATE_GOLDENS=1 scripts/test` rewrites the goldens; a mismatch writes `NAME.actual.png` and
/// `NAME.diff.png` (changed pixels in red) next to the golden so a person can look.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// A channel may differ by `channelTolerance`; at most `pixelFraction` of pixels may differ by more
    /// (FreeType builds and float rounding move single edge pixels, not shapes).
    static func check(_ surface: Surface, named name: String, channelTolerance: Int = 3,
                      pixelFraction: Double = 0.002, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = directory.appendingPathComponent("\(name).png").path
        if ProcessInfo.processInfo.environment["FLICK_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try surface.writePNG(path: golden)
            return
        }
        let expected = try Surface.readPNG(path: golden)
        try #require(expected.width == surface.width && expected.height == surface.height,
                     "golden \(name) is \(expected.width)x\(expected.height)", sourceLocation: sourceLocation)
        let diff = Surface(width: surface.width, height: surface.height)
        var differing = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let a = surface[x, y], b = expected[x, y]
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                if worst > channelTolerance { differing += 1; diff[x, y] = 0xFFFF_0000 } else { diff[x, y] = scalePixel(b, by: 60) | 0xFF00_0000 }
            }
        }
        let allowed = Int(Double(surface.width * surface.height) * pixelFraction)
        if differing > allowed {
            let actualPath = directory.appendingPathComponent("\(name).actual.png").path
            let diffPath = directory.appendingPathComponent("\(name).diff.png").path
            try surface.writePNG(path: actualPath)
            try diff.writePNG(path: diffPath)
            Issue.record("\(differing) pixels differ from golden \(name) (allowed \(allowed)); see \(actualPath) and \(diffPath)",
                         sourceLocation: sourceLocation)
        }
    }
}
