import FlickKiosk
import FlickDisplay
import FlickInput
import FlickRaster
import FlickTestFixtures
import FlickUI
import FlickText
import Foundation
import Testing

extension ConfigTests {
    /// theme.fonts: files relative to the config or installed families, set before the bundled DejaVu.
    @Suite struct ThemeFontsTests {
        private func config(_ fonts: String, directory: String = "/tmp") throws -> KioskConfig {
            try KioskConfig.parse(Array(#"{"theme": {"fonts": \#(fonts)}, "pages": [{"id": "a", "content": {"type": "text", "title": "T", "body": "B"}}]}"#.utf8),
                                  file: "k.json", directory: directory)
        }

        @Test func aFileAndAFamilyAreFound() throws {
            let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts").path
            let kiosk = try config(#"["../Fonts/DejaVuSans-Bold.ttf", "VL Gothic"]"#, directory: fonts + "/../kiosk")
            #expect(kiosk.theme.fonts.count == 2)
            #expect(kiosk.theme.fonts[0].hasSuffix("Fonts/DejaVuSans-Bold.ttf") && !kiosk.theme.fonts[0].contains(".."))
            #expect(try FontLibrary().openFace(atPath: kiosk.theme.fonts[1]).familyName == "VL Gothic")
        }

        @Test func aMissingFileADamagedOneAndAnUnknownFamilyEachGetALine() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir + "/bad.ttf"))
            let error = thrownError(KioskConfigError.self) {
                try config(#"["missing.ttf", "bad.ttf", "No Such Family"]"#, directory: dir)
            }
            let lines = error?.lines ?? []
            #expect(lines.count == 3)
            #expect(lines.contains { $0.contains("theme.fonts[0]") && $0.contains("missing.ttf") })
            #expect(lines.contains { $0.contains("theme.fonts[1]") && $0.contains("bad.ttf") })
            #expect(lines.contains { $0.contains("theme.fonts[2]") && $0.contains(#""No Such Family""#) })
        }

        /// Text is set in the theme's font; characters it lacks come from the bundled face of the weight.
        @Test func themeTextUsesTheThemeFontFirst() throws {
            let fonts = try FontCollection()
            let gothic = try #require(SystemFonts.file(family: "VL Gothic"))
            try fonts.useTheme([gothic])
            let face = fonts.face(.bold)
            #expect(face.path == gothic)
            // VL Gothic has no Arabic: ب comes from the bundled bold face, before any system font.
            let layout = TextLayout("東京 ب", face: face, pixelSize: 20)
            #expect(layout.lines[0].glyphs.allSatisfy { $0.index != 0 })
            #expect(layout.faces.map(\.path) == [gothic, "DejaVuSans-Bold.ttf (built in)"])
        }

        /// Fallback fonts serve only what the text fonts lack: Latin stays DejaVu, Japanese comes from the named
        /// font (not fontconfig's first choice), and emoji from the named colour font. A missing one is a line.
        @Test func fallbackFontsServeOnlyWhatTheTextFontsLack() throws {
            let kiosk = try KioskConfig.parse(Array(#"{"theme": {"fallbackFonts": ["Lohit Devanagari", "VL Gothic", "Noto Color Emoji"]}, "pages": [{"id": "a", "content": {"type": "text", "title": "T", "body": "B"}}]}"#.utf8),
                                              file: "k.json", directory: "/tmp")
            #expect(kiosk.theme.fonts.isEmpty && kiosk.theme.fallbackFonts.count == 3)
            let fonts = try FontCollection()
            try fonts.useTheme(kiosk.theme.fonts, fallbacks: kiosk.theme.fallbackFonts)
            let face = fonts.face()
            #expect(face.path == "DejaVuSans.ttf (built in)")
            let layout = TextLayout("Tokyo 東京 \u{1F600}", face: face, pixelSize: 20)
            let families = layout.lines[0].glyphs.map { layout.faces[$0.face].familyName }
            #expect(families.first == "DejaVu Sans")
            // Lohit has Latin and no Japanese: it is passed over for 東京, which VL Gothic has.
            #expect(families.contains("VL Gothic") && families.contains("Noto Color Emoji") && !families.contains("Lohit Devanagari"))
            let error = thrownError(KioskConfigError.self) {
                try KioskConfig.parse(Array(#"{"theme": {"fallbackFonts": ["No Such Family"]}, "pages": [{"id": "a", "content": {"type": "text", "title": "T", "body": "B"}}]}"#.utf8),
                                      file: "k.json", directory: "/tmp")
            }
            #expect(error?.lines.count == 1 && error?.lines.first?.contains("theme.fallbackFonts[0]") == true)
        }
    }
}
