import FlickApps
import FlickDisplay
import FlickInput
import FlickRaster
import FlickUI
import FlickText
import Foundation
import Testing

extension ConfigTests {
    /// The config's display and input fields reach the display and libinput; options given on the command line
    /// win. (They were parsed and then ignored: a config's rotation 90 left the panel unrotated.)
    @Suite struct OutputSettingsTests {
        private func config(_ json: String) throws -> KioskConfig {
            try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
        }

        private let json = #"{"display": {"connector": "DSI-1", "mode": "800x480@60", "rotation": 90, "refresh": 30, "format": "RGB565"}, "input": {"seat": "seat1", "calibration": [-1, 0, 1, 0, 1, 0]}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#

        @Test func theConfigsFieldsAreUsed() throws {
            let settings = OutputSettings(config: try config(json))
            #expect(settings.drm.connector == "DSI-1")
            #expect(settings.drm.mode == ModeRequest(width: 800, height: 480, refreshHz: 60))
            #expect(settings.drm.rotation == .clockwise90)
            #expect(settings.drm.refresh == 30)
            #expect(settings.drm.format == .rgb565)
            #expect(settings.seat == "seat1")
            #expect(settings.calibration?.values == [-1, 0, 1, 0, 1, 0])
        }

        @Test func optionsWinOverTheConfig() throws {
            let settings = OutputSettings(config: try config(json), card: "/dev/dri/card1", connector: "HDMI-A-1",
                                          mode: ModeRequest(width: 1920, height: 1080), rotation: Rotation.none, seat: "seat0",
                                          calibration: CalibrationMatrix([1, 0, 0, 0, 1, 0]))
            #expect(settings.drm == DRMConfiguration(card: "/dev/dri/card1", connector: "HDMI-A-1",
                                                     mode: ModeRequest(width: 1920, height: 1080), rotation: .none, refresh: 30,
                                                     format: .rgb565))
            #expect(settings.seat == "seat0")
            #expect(settings.calibration?.values == [1, 0, 0, 0, 1, 0])
        }

        @Test func withoutEitherTheDefaults() {
            let settings = OutputSettings(config: nil)
            #expect(settings.drm == DRMConfiguration())
            #expect(settings.seat == "seat0")
            #expect(settings.calibration == nil)
        }

        @Test func anUnknownFormatIsAConfigErrorListingTheFormats() {
            let error = #expect(throws: KioskConfigError.self) {
                try config(#"{"display": {"format": "RGBA4444"}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
            }
            #expect(error?.lines == [#"test.json: display.format: expected one of "XRGB8888", "RGB565", "RGB888", "BGR888", "XBGR8888", got "RGBA4444""#])
        }

        @Test func formatNamesAreReadInAnyCase() throws {
            for name in ["rgb565", "Rgb565", "RGB565"] {
                let kiosk = try config(#"{"display": {"format": "\#(name)"}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
                #expect(kiosk.display?.format == .rgb565, "\(name)")
            }
        }

        @Test func anUnbelievableRefreshIsAConfigError() {
            #expect(throws: KioskConfigError.self) {
                try config(#"{"display": {"refresh": 0.01}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
            }
        }

        @Test func idleBlankingAndTheBacklightAreRead() throws {
            let kiosk = try config(#"{"display": {"idle": {"dim": 60, "blank": 300}, "backlight": {"device": "rpi_backlight", "bright": 80, "dim": 10}}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
            #expect(kiosk.display?.idle == IdlePolicy(dimAfter: 60, blankAfter: 300, brightLevel: 0.8, dimLevel: 0.1))
            #expect(kiosk.display?.backlight == "rpi_backlight")
            #expect(try config(#"{"pages": [{"id": "a", "content": {"type": "todo"}}]}"#).display?.idle == nil)
        }

        @Test func idleTimesThatCannotWorkAreConfigErrors() {
            let error = #expect(throws: KioskConfigError.self) {
                try config(#"{"display": {"idle": {"dim": 300, "blank": 60, "sleep": 1}, "backlight": {"bright": 0}}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
            }
            #expect(error?.lines.sorted() == [
                "test.json: display.backlight.bright: expected a number from 1 to 100, got 0",
                "test.json: display.idle.dim: dims after 300 s, not before blanking at 60 s: make it smaller, or leave it out",
                "test.json: display.idle.sleep: unknown field (expected one of: dim, blank)",
            ])
        }
    }
}

extension ConfigTests {
    /// input.keyboard: the physical keyboard's XKB layout reaches libinput's keymap; a layout XKB lacks is one line.
    @Suite struct KeyboardLayoutConfigTests {
        private func config(_ input: String) throws -> KioskConfig {
            try KioskConfig.parse(Array(#"{"input": \#(input), "pages": [{"id": "a", "content": {"type": "todo"}}]}"#.utf8),
                                  file: "k.json", directory: "/tmp")
        }

        @Test func aLayoutAndAVariantAreRead() throws {
            #expect(OutputSettings(config: try config(#"{"keyboard": "ara"}"#)).keyboard == KeyboardLayout("ara"))
            #expect(try config(#"{"keyboard": "de(nodeadkeys)"}"#).input?.keyboard?.variant == "nodeadkeys")
        }

        @Test func aLayoutXKBLacksIsAConfigErrorWithItsNameEscaped() {
            let error = #expect(throws: KioskConfigError.self) { try config(#"{"keyboard": "klingon\n"}"#) }
            #expect(error?.lines.count == 1)
            #expect(error?.lines.first?.contains(#"got "klingon\n""#) == true)
            #expect(throws: KioskConfigError.self) { try config(#"{"keyboard": "zz"}"#) }
        }
    }
}

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
            let error = #expect(throws: KioskConfigError.self) {
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
            let face = try fonts.face(.bold)
            #expect(face.path == gothic)
            // VL Gothic has no Arabic: ب comes from the bundled bold face, before any system font.
            let layout = TextLayout("東京 ب", face: face, pixelSize: 20)
            #expect(layout.lines[0].glyphs.allSatisfy { $0.index != 0 })
            #expect(layout.faces.map(\.path) == [gothic, fonts.path(of: .bold)])
        }

        /// Fallback fonts serve only what the text fonts lack: Latin stays DejaVu, Japanese comes from the named
        /// font (not fontconfig's first choice), and emoji from the named colour font. A missing one is a line.
        @Test func fallbackFontsServeOnlyWhatTheTextFontsLack() throws {
            let kiosk = try KioskConfig.parse(Array(#"{"theme": {"fallbackFonts": ["Lohit Devanagari", "VL Gothic", "Noto Color Emoji"]}, "pages": [{"id": "a", "content": {"type": "text", "title": "T", "body": "B"}}]}"#.utf8),
                                              file: "k.json", directory: "/tmp")
            #expect(kiosk.theme.fonts.isEmpty && kiosk.theme.fallbackFonts.count == 3)
            let fonts = try FontCollection()
            try fonts.useTheme(kiosk.theme.fonts, fallbacks: kiosk.theme.fallbackFonts)
            let face = try fonts.face()
            #expect(face.path == fonts.path(of: .regular))
            let layout = TextLayout("Tokyo 東京 \u{1F600}", face: face, pixelSize: 20)
            let families = layout.lines[0].glyphs.map { layout.faces[$0.face].familyName }
            #expect(families.first == "DejaVu Sans")
            // Lohit has Latin and no Japanese: it is passed over for 東京, which VL Gothic has.
            #expect(families.contains("VL Gothic") && families.contains("Noto Color Emoji") && !families.contains("Lohit Devanagari"))
            let error = #expect(throws: KioskConfigError.self) {
                try KioskConfig.parse(Array(#"{"theme": {"fallbackFonts": ["No Such Family"]}, "pages": [{"id": "a", "content": {"type": "text", "title": "T", "body": "B"}}]}"#.utf8),
                                      file: "k.json", directory: "/tmp")
            }
            #expect(error?.lines.count == 1 && error?.lines.first?.contains("theme.fallbackFonts[0]") == true)
        }
    }
}
