/// Springs the item back to a point and upright, like `UISnapBehavior`: the snap-back after a card is
/// let go without a flick. `damping` is the spring's damping ratio.
public struct Snap: Hashable, Sendable {
    /// The flick-to-dismiss seed's `_snapBehavior.damping = 0.7`: one small overshoot.
    public static let defaultDamping = 0.7 // the seed: _snapBehavior.damping = 0.7
    // Our tuning (UIKit does not publish its snap's stiffness): with damping 0.7 a card is back within
    // 1 % of the way in about 0.4 s.
    /// 0.4 seconds, our tuning: UIKit does not publish its snap's stiffness.
    public static let defaultResponse = 0.4

    /// Where the item's centre comes to rest, in pixels.
    public var point: Point
    /// The angle it comes to rest at, in radians.
    public var angle: Double
    /// The spring's damping ratio: 1 returns without overshoot, less bounces.
    public var damping: Double
    /// The spring's undamped period, in seconds.
    public var response: Double

    /// A snap to `point` (pixels) and `angle` (radians, upright by default).
    public init(to point: Point, angle: Double = 0, damping: Double = defaultDamping,
                response: Double = defaultResponse) {
        self.point = point; self.angle = angle; self.damping = damping; self.response = response
    }

    /// The same motion in closed form, per axis: what the integrated snap follows.
    public var spring: Spring { Spring(dampingRatio: damping, response: response) }
}
