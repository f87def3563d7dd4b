import FlickGestures
import FlickMotion

/// When a card that is let go is flicked away rather than snapped back, and how it leaves
/// [flick-to-dismiss-photo], in the panel's pixels.
struct PhotoFlick {
    /// The seed's `diff > 60*60`: the card (pinned to the finger there) moved more than 60 pt from where the drag
    /// took it.
    static let dismissDistance = Millimetres(60 * millimetresPerPoint)
    /// The seed calls `flickTowardsCornersOfScreen:` without showing it; the page swipe's flick speed
    /// stands in for its speed test.
    static let dismissSpeed = SwipeRecognizer.flickVelocity
    /// The seed's `addLinearVelocity:velocity/10`, on top of the speed the finger already gave the card.
    static let pushShare = 0.1
    /// The seed's `gravity.magnitude = 0.2`, so that a slow flick still leaves the screen.
    static let gravityMagnitude = 0.2
    /// UIKit's point on the 163 ppi phones the seed's numbers were tuned on.
    static let millimetresPerPoint = 25.4 / 163

    let metrics: GestureMetrics

    /// Far and fast, and heading on away from where the drag started (a flick back is a change of mind).
    /// `travel` is the finger's move since it took the card, `velocity` the finger's at the lift, in pixels.
    func dismisses(travel: Vector, velocity: Vector) -> Bool {
        travel.length > metrics.pixels(Self.dismissDistance)
            && velocity.length >= metrics.pixelsPerSecond(Self.dismissSpeed)
            && velocity.dot(travel) > 0
    }

    /// The seed's gravity along the flick. FlickMotion's magnitude 1 is 1000 per second squared in whatever
    /// unit positions are in, as UIKit's is in points; ours are pixels, so the magnitude converts.
    func gravity(along velocity: Vector) -> Gravity {
        Gravity(direction: velocity, magnitude: Self.gravityMagnitude * pixelsPerPoint)
    }

    private var pixelsPerPoint: Double { metrics.pixels(Millimetres(Self.millimetresPerPoint)) }
}
