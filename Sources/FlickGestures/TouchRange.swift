extension Point {
    /// No screen is a million pixels across: a touch farther out than this, from a device's calibration or a
    /// script, is garbage, and a position that far could not become a whole pixel (Int) downstream.
    package static let farthestTouch = 1_000_000.0

    /// The point moved within `farthestTouch` of the origin on each axis (NaN goes to 0): where device input enters.
    package var clampedToTouchRange: Point {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -Self.farthestTouch), Self.farthestTouch) }
        return Point(x: clamp(x), y: clamp(y))
    }
}
