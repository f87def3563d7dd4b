/// Content moved along one axis by a finger and let go, as UIScrollView moves it: 1:1 with the finger inside
/// ``dragBounds``, resisted past them by the one ``RubberBand``, and released into a ``BoundedDecay`` that coasts
/// on at the speed the content showed, bounces off an end and springs back into ``bounds``.
///
/// A value: it keeps the offset and says what a drag shows and how a release moves; whoever owns the clock runs
/// the coast (an ``Animator``) and writes each frame's value back into ``offset``. The list, the to-do list and
/// the pages' overscroll all scroll with it.
public struct Scroller: Hashable, Sendable {
    /// Where the content comes to rest, in pixels of offset.
    public var bounds: ClosedRange<Double>
    /// Where it follows the finger 1:1 (``bounds``, or wider: the to-do list's pull above its first row).
    public var dragBounds: ClosedRange<Double>
    /// Resists the finger past ``dragBounds``.
    public var rubberBand: RubberBand
    /// The offset shown, in pixels; outside ``bounds`` while rubber-banded or bouncing.
    public var offset: Double

    /// Content at `offset` that rests within `bounds` and follows a finger 1:1 within `dragBounds` (default:
    /// `bounds`); `dimension` is the visible extent along the axis, which the rubber band is measured against
    /// (less than one pixel counts as one).
    public init(bounds: ClosedRange<Double>, dragBounds: ClosedRange<Double>? = nil, dimension: Double, offset: Double = 0) {
        self.bounds = bounds
        self.dragBounds = dragBounds ?? bounds
        rubberBand = RubberBand(dimension: max(1, dimension))
        self.offset = offset
    }

    /// The offset shown for a finger that moved the content to `fingerOffset`.
    public func resisted(_ fingerOffset: Double) -> Double { rubberBand.resisted(fingerOffset, within: dragBounds) }

    /// The finger offset that shows as ``offset``: a finger catching content in the band carries on from there.
    public var fingerOffset: Double { rubberBand.unresisted(offset, within: dragBounds) }

    /// The content follows a finger that moved it to `fingerOffset`.
    public mutating func drag(to fingerOffset: Double) { offset = resisted(fingerOffset) }

    /// How fast the content shows moving for a finger moving at `velocity` (offset pixels per second): all of it
    /// within ``dragBounds``, the band's share past them.
    public func shownVelocity(_ velocity: Double) -> Double {
        velocity * rubberBand.slope(at: fingerOffset, within: dragBounds)
    }

    /// Let go at the finger's `velocity` (offset pixels per second): the coast from ``offset`` at the speed the
    /// content shows, bouncing off an end or springing back into ``bounds``; nil when it rests inside already.
    public func release(velocity: Double) -> BoundedDecay? {
        let shown = shownVelocity(velocity)
        if bounds.contains(offset) && abs(shown) <= Decay.pixelStopSpeed { return nil }
        return BoundedDecay(from: offset, velocity: shown, bounds: bounds)
    }

    /// ``offset`` kept within ``bounds``: where a spring back that settled within a fraction of a pixel rests.
    public var clampedOffset: Double { min(max(offset, bounds.lowerBound), bounds.upperBound) }
}
