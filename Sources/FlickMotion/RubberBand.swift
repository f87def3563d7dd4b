/// How content dragged past its end resists the finger, as UIScrollView's does: an overshoot x shows as
/// (1 − 1 / (x·c / d + 1))·d, which follows the finger at first and then ever less, never reaching d.
/// Invertible, so a finger that catches content in the band carries on from where it shows.
public struct RubberBand: Hashable, Sendable {
    /// c, how stiff the band is: 0.55, as UIScrollView's.
    public static let coefficient = 0.55 // UIScrollView's c, as @chpwn described its rubber band (2013)

    /// d: the visible extent along the scroll axis.
    public var dimension: Double

    /// A band for a view `dimension` pixels long along the scroll axis; it must be positive.
    public init(dimension: Double) {
        precondition(dimension > 0, "a rubber band needs room")
        self.dimension = dimension
    }

    /// The offset shown for a finger-driven `offset`: unchanged within `bounds`, resisted past them.
    public func resisted(_ offset: Double, within bounds: ClosedRange<Double>) -> Double {
        if offset < bounds.lowerBound { return bounds.lowerBound - shown(bounds.lowerBound - offset) }
        if offset > bounds.upperBound { return bounds.upperBound + shown(offset - bounds.upperBound) }
        return offset
    }

    /// The inverse of `resisted`: the finger-driven offset that shows as `shown`.
    public func unresisted(_ shown: Double, within bounds: ClosedRange<Double>) -> Double {
        if shown < bounds.lowerBound { return bounds.lowerBound - overshoot(showing: bounds.lowerBound - shown) }
        if shown > bounds.upperBound { return bounds.upperBound + overshoot(showing: shown - bounds.upperBound) }
        return shown
    }

    /// d resisted / d offset at a finger-driven `offset`: how much of the finger's speed shows (all of it
    /// within the bounds, c of it just past an end, then ever less).
    public func slope(at offset: Double, within bounds: ClosedRange<Double>) -> Double {
        guard !bounds.contains(offset) else { return 1 }
        let x = offset < bounds.lowerBound ? bounds.lowerBound - offset : offset - bounds.upperBound
        let c = Self.coefficient, d = dimension
        return c * d * d / ((x * c + d) * (x * c + d))
    }

    private func shown(_ overshoot: Double) -> Double {
        let c = Self.coefficient, d = dimension
        return (1 - 1 / (overshoot * c / d + 1)) * d
    }

    private func overshoot(showing shown: Double) -> Double {
        let c = Self.coefficient, d = dimension
        let f = min(shown, d * Self.largestShownFraction)
        return f * d / (c * (d - f))
    }

    // The band never shows d itself; a caught value at the very limit maps to a large but finite drag.
    private static let largestShownFraction = 0.999
}
