import FlickRaster

/// How often frames are paced on a display: the mode's refresh when it is believable, else 60 Hz (or what the
/// config says). SPI panels driven by tinydrm/mipi-dbi report modes of about 0.01 Hz; pacing by that would run
/// animation time up to seconds ahead of the screen.
public struct RefreshPacing: Sendable, Equatable {
    /// Refresh rates outside this range (hertz) are not trusted.
    public static let believable = 10.0...500.0
    /// The refresh in hertz frames are paced at when the mode's is not believable and none is configured.
    public static let fallbackHz = 60.0

    /// Microseconds between the vblanks frames are paced to.
    public let interval: Microseconds
    /// One line for the log when the mode's refresh was not used, else nil.
    public let note: String?

    /// The pacing for `mode`. `configured` (Hz, from `display.refresh`) wins when given; it must lie in `believable`
    /// (the config's parser checks).
    public init(mode: DisplayMode, configured: Double? = nil) {
        let reported = mode.refreshHz
        let hz: Double
        if let configured {
            hz = configured
            note = "pacing frames at \(configured.formatted(decimals: 2)) Hz (display.refresh); the mode reports \(reported.formatted(decimals: 2)) Hz"
        } else if Self.believable.contains(reported) {
            hz = reported
            note = nil
        } else {
            hz = Self.fallbackHz
            note = "mode \(mode) reports \(reported.formatted(decimals: 2)) Hz, outside \(Int(Self.believable.lowerBound))–\(Int(Self.believable.upperBound)) Hz: pacing frames at \(Int(Self.fallbackHz)) Hz (set display.refresh to the panel's real rate)"
        }
        interval = Microseconds(seconds: 1 / hz)
    }
}
