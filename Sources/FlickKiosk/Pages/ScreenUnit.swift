import FlickGestures

/// The one length the kiosk's pages are sized in: 1/160 inch, as Android's dp, times the config's `display.scale`.
/// The theme's text sizes, margins, bars and rows are in it, so text takes the same room beside a button sized in
/// millimetres on every panel, and a 24" monitor at 92 dpi shows the tour as large as a 10" panel does, with more
/// room around it. At 160 dpi and scale 1 a unit is a pixel.
enum ScreenUnit {
    static let perInch = 160.0

    /// Pixels in one unit on a panel of `metrics`' density.
    static func pixels(metrics: GestureMetrics, scale: Double) -> Double {
        metrics.pixels(Millimetres(25.4 / perInch)) * scale
    }

    /// Around a page's content: 64 units (10 mm), but never more than 8 % of the screen's shorter side, so a
    /// small dense panel keeps its room for content.
    static func pageMargin(unit: Double, width: Int, height: Int) -> Double {
        min(64 * unit, 0.08 * Double(min(width, height))).rounded()
    }
}
