import FlickDisplay
import FlickInput
import FlickRaster

/// What `flick run` sets the display and input up with: each command-line option when given, else the
/// config's field, else the default. (The config's `display` and `input` fields used to be read and then
/// ignored.)
public struct OutputSettings: Sendable, Equatable {
    public var drm: DRMConfiguration
    public var seat: String
    public var calibration: CalibrationMatrix?
    public var keyboard: KeyboardLayout?

    public init(config: KioskConfig?, card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil,
                rotation: Rotation? = nil, seat: String? = nil, calibration: CalibrationMatrix? = nil) {
        let display = config?.display, input = config?.input
        let configuredMode = display?.mode.map { ModeRequest(width: $0.width, height: $0.height, refreshHz: $0.refreshHz.map(Double.init)) }
        drm = DRMConfiguration(card: card, connector: connector ?? display?.connector, mode: mode ?? configuredMode,
                               rotation: rotation ?? display?.rotation ?? .none, refresh: display?.refresh,
                               format: display?.format)
        self.seat = seat ?? input?.seat ?? "seat0"
        self.calibration = calibration ?? input?.calibration
        keyboard = input?.keyboard
    }
}
