/// Distances in from each edge of a rectangle, in pixels: what ``Rect/inset(by:)`` takes off.
public struct Insets: Hashable, Sendable {
    /// How far in from the top, left, bottom and right edges (a negative inset grows the rectangle).
    public var top: Double, left: Double, bottom: Double, right: Double

    /// Insets of their own for each edge; an edge not given is 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same distance in from every edge.
    public init(all inset: Double) { self.init(top: inset, left: inset, bottom: inset, right: inset) }
}
