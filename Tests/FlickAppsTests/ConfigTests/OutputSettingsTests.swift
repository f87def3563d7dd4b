import FlickApps
import FlickDisplay
import FlickInput
import FlickRaster
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

        @Test func anUnbelievableRefreshIsAConfigError() {
            #expect(throws: KioskConfigError.self) {
                try config(#"{"display": {"refresh": 0.01}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
            }
        }
    }
}
