/// A screen axis: what a pan locks to, a swipe moves along, a pinch measures, a list scrolls on.
public enum Axis: Hashable, Sendable, CaseIterable {
    /// Left and right: x.
    case horizontal
    /// Up and down: y.
    case vertical

    /// The axis a movement is mostly along. A perfect diagonal counts as vertical, as in the seed
    /// (swiping-multi-view-framework: `abs(dx) > abs(dy)` is horizontal, anything else vertical).
    public static func dominant(of movement: Vector) -> Axis {
        abs(movement.x) > abs(movement.y) ? .horizontal : .vertical
    }
}
