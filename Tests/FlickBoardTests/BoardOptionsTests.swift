import FlickKiosk
import FlickBoard
import FlickDRM
import FlickDisplay
import FlickInput
import FlickRaster
import FlickTestFixtures
import FlickUI
import FlickText
import Foundation
import Testing

/// The config's display and input fields reach the display and libinput; options given on the command line
/// win. (They were parsed and then ignored: a config's rotation 90 left the panel unrotated.)
@Suite struct BoardOptionsTests {
    private func config(_ json: String) throws -> KioskConfig {
        try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    }

    private let json = #"{"display": {"connector": "DSI-1", "mode": "800x480@60", "rotation": 90, "refresh": 30, "format": "RGB565"}, "input": {"seat": "seat1", "calibration": [-1, 0, 1, 0, 1, 0]}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#

    @Test func theConfigsFieldsAreUsed() throws {
        let settings = BoardOptions(config: try config(json))
        #expect(settings.drm.connector == "DSI-1")
        #expect(settings.drm.mode == ModeRequest(width: 800, height: 480, refreshHz: 60))
        #expect(settings.drm.rotation == .clockwise90)
        #expect(settings.drm.refresh == 30)
        #expect(settings.drm.format == .rgb565)
        #expect(settings.seat == "seat1")
        #expect(settings.calibration?.values == [-1, 0, 1, 0, 1, 0])
    }

    @Test func optionsWinOverTheConfig() throws {
        let settings = BoardOptions(config: try config(json), card: "/dev/dri/card1", connector: "HDMI-A-1",
                                      mode: ModeRequest(width: 1920, height: 1080), rotation: Rotation.none, seat: "seat0",
                                      calibration: CalibrationMatrix([1, 0, 0, 0, 1, 0]))
        #expect(settings.drm == DRMConfiguration(card: "/dev/dri/card1", connector: "HDMI-A-1",
                                                 mode: ModeRequest(width: 1920, height: 1080), rotation: .none, refresh: 30,
                                                 format: .rgb565))
        #expect(settings.seat == "seat0")
        #expect(settings.calibration?.values == [1, 0, 0, 0, 1, 0])
    }

    @Test func withoutEitherTheDefaults() {
        let settings = BoardOptions(config: nil)
        #expect(settings.drm == DRMConfiguration())
        #expect(settings.seat == "seat0")
        #expect(settings.calibration == nil)
    }

    @Test func anUnknownFormatIsAConfigErrorListingTheFormats() {
        let error = thrownError(KioskConfigError.self) {
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
        let error = thrownError(KioskConfigError.self) {
            try config(#"{"display": {"idle": {"dim": 300, "blank": 60, "sleep": 1}, "backlight": {"bright": 0}}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
        }
        #expect(error?.lines.sorted() == [
            "test.json: display.backlight.bright: expected a number from 1 to 100, got 0",
            "test.json: display.idle.dim: dims after 300 s, not before blanking at 60 s: make it smaller, or leave it out",
            "test.json: display.idle.sleep: unknown field (expected one of: dim, blank)",
        ])
    }
}

/// input.keyboard: the physical keyboard's XKB layout reaches libinput's keymap; a layout XKB lacks is one line.
@Suite struct KeyboardLayoutConfigTests {
    private func config(_ input: String) throws -> KioskConfig {
        try KioskConfig.parse(Array(#"{"input": \#(input), "pages": [{"id": "a", "content": {"type": "todo"}}]}"#.utf8),
                              file: "k.json", directory: "/tmp")
    }

    @Test func aLayoutAndAVariantAreRead() throws {
        #expect(BoardOptions(config: try config(#"{"keyboard": "ara"}"#)).keyboard == KeyboardLayout("ara"))
        #expect(try config(#"{"keyboard": "de(nodeadkeys)"}"#).input?.keyboard?.variant == "nodeadkeys")
    }

    @Test func aLayoutThatIsNoNameIsAConfigErrorWithItsNameEscaped() {
        let error = thrownError(KioskConfigError.self) { try config(#"{"keyboard": "klingon\n"}"#) }
        #expect(error?.lines.count == 1)
        #expect(error?.lines.first?.contains(#"got "klingon\n""#) == true)
    }

    /// Parsing never opens XKB; the board says whether it has the layout, in the same words.
    @Test func aLayoutXKBLacksIsABoardProblem() throws {
        let kiosk = try config(#"{"keyboard": "zz"}"#)
        #expect(kiosk.input?.keyboard == KeyboardLayout("zz"))
        #expect(kiosk.boardProblems(file: "k.json")?.lines == [#"k.json: input.keyboard: expected a keyboard layout XKB has (a name from /usr/share/X11/xkb/symbols, like "de", "ru", "ara" or "de(nodeadkeys)"), got "zz""#])
        #expect(try config(#"{"keyboard": "de(nodeadkeys)"}"#).boardProblems(file: "k.json") == nil)
    }
}
