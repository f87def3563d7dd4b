import Foundation
import FlickText

/// The repo's bundled fonts, located from this file so tests never depend on system fonts.
enum TestFonts {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts").path
    static let regularPath = directory + "/DejaVuSans.ttf"
    static let boldPath = directory + "/DejaVuSans-Bold.ttf"

    /// A fresh library per call: tests run in parallel and FreeType faces are not thread-safe.
    static func regular() throws -> FontFace { try FontLibrary().openFace(atPath: regularPath) }
    static func bold() throws -> FontFace { try FontLibrary().openFace(atPath: boldPath) }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flicktext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension TextLayout {
    var lineTexts: [String] { lines.map(\.text) }
}
