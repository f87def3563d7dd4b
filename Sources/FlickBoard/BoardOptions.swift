import FlickKiosk
import FlickDRM
import FlickDisplay
import FlickInput
import FlickRaster
import FlickUI

/// What `Board.run` sets the display and input up with: each option given here (`flick run`'s command line), else
/// the kiosk config's field, else the default.
public struct BoardOptions: Sendable, Equatable {
    /// The card, connector, mode, rotation, refresh and scan-out format.
    package var drm: DRMConfiguration
    /// The libinput seat.
    public var seat: String
    /// A touch layer mounted differently from the picture, as LIBINPUT_CALIBRATION_MATRIX.
    public var calibration: CalibrationMatrix?
    /// The physical keyboard's XKB layout; nil: the system's.
    public var keyboard: KeyboardLayout?
    /// The panel's density; nil: from the connector's physical size, else 160 dpi.
    public var dpi: Double?
    /// Dimming and blanking when nobody touches the screen; nil: always on.
    public var idle: IdlePolicy?
    /// When the screen is off, always on or at another brightness by the time of day (`display.schedule`); none by
    /// default.
    public var schedule: ScreenSchedule
    /// The backlight to dim (a name under /sys/class/backlight or a path); nil: the first there is.
    public var backlight: String?

    /// Options from `config` (its `display` and `input`), each overridden by the argument given here: `card` a path
    /// (`/dev/dri/card1`), `connector` a name (`HDMI-A-1`), `mode` the size and refresh, `rotation` the panel's
    /// mounting, `seat` the libinput seat, `calibration` the touch matrix, `dpi` the density in dots per inch.
    /// With neither, the defaults: the first card and connected connector, its preferred mode, no rotation, `seat0`.
    public init(config: KioskConfig? = nil, card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil,
                rotation: Rotation? = nil, seat: String? = nil, calibration: CalibrationMatrix? = nil, dpi: Double? = nil) {
        let display = config?.display, input = config?.input
        let configuredMode = display?.mode.map { ModeRequest(width: $0.width, height: $0.height, refreshHz: $0.refreshHz.map(Double.init)) }
        drm = DRMConfiguration(card: card, connector: connector ?? display?.connector, mode: mode ?? configuredMode,
                               rotation: rotation ?? display?.rotation ?? .none, refresh: display?.refresh,
                               format: display?.format)
        self.seat = seat ?? input?.seat ?? "seat0"
        self.calibration = calibration ?? input?.calibration
        keyboard = input?.keyboard
        self.dpi = dpi ?? display?.dpi
        idle = display?.idle
        schedule = display?.schedule ?? ScreenSchedule()
        backlight = display?.backlight
    }
}
