/// Vertical metrics of a face at one pixel size, in pixels. `descent` is positive (below the baseline).
public struct FontMetrics: Hashable, Sendable {
    public var pixelSize: Double
    public var ascent: Double
    public var descent: Double
    /// Baseline-to-baseline distance: ascent + descent + the font's line gap.
    public var lineHeight: Double

    public init(pixelSize: Double, ascent: Double, descent: Double, lineHeight: Double) {
        self.pixelSize = pixelSize; self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
}
