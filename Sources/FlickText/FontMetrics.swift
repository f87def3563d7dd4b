/// Vertical metrics of a face at one pixel size, in pixels. `descent` is positive (below the baseline).
public struct FontMetrics: Hashable, Sendable {
    /// The size the metrics are for: pixels per em.
    public var pixelSize: Double
    /// Pixels from the baseline up to the font's ascender line.
    public var ascent: Double
    /// Pixels from the baseline down to the font's descender line, positive.
    public var descent: Double
    /// Baseline-to-baseline distance: ascent + descent + the font's line gap.
    public var lineHeight: Double

    /// Metrics as given; a face gives its own with ``FontFace/metrics(pixelSize:)``.
    public init(pixelSize: Double, ascent: Double, descent: Double, lineHeight: Double) {
        self.pixelSize = pixelSize; self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
}
