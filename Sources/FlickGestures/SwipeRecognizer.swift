/// The way the finger moved.
public enum SwipeDirection: Hashable, Sendable {
    /// Towards the left edge: negative x.
    case left
    /// Towards the right edge: positive x.
    case right
    /// Towards the top edge: negative y.
    case up
    /// Towards the bottom edge: positive y.
    case down

    init(along axis: Axis, sign: Double) {
        switch axis {
        case .horizontal: self = sign < 0 ? .left : .right
        case .vertical: self = sign < 0 ? .up : .down
        }
    }
}

/// What a released swipe asks of the page under it.
public enum SwipeDecision: Hashable, Sendable {
    /// Far enough, or flicked fast enough, in this direction: move on.
    case commit(SwipeDirection)
    /// Go back to where it was.
    case snapBack
}

/// A one-finger swipe or flick with direction lock, for pages that follow the finger and then commit or snap back
/// (seeds swiping-multi-view-framework, flick-between-detail-views, flick-to-dismiss-photo).
///
/// At the slop the dominant axis wins and stays locked for the rest of the touch, however the finger wanders. A
/// locked axis the swipe does not take fails it, leaving the touch to a recogniser of that axis. On release the
/// decision comes from velocity when the finger was flicked, else from distance, with separate thresholds.
public struct SwipeRecognizer: GestureRecognizer {
    /// The seed's 50 px on a 163 ppi phone (7.8 mm).
    public static let commitDistance = Millimetres(8)
    /// Android ViewPager's MIN_FLING_VELOCITY, 400 dp/s.
    public static let flickVelocity = MillimetresPerSecond(63.5)

    /// The axes the swipe may lock to; a touch that locks to another fails it.
    public let axes: Set<Axis>
    /// How far what the swipe moves already stood from rest along its axis when the finger took it (a page
    /// caught mid-flight), in pixels: the release decides on the whole displacement.
    public let initialOffset: Double
    private let commitDistance: Double
    private let flickVelocity: Double
    private var pan: PanRecognizer

    /// Set when the swipe ends; nil while under way and when cancelled or failed.
    public private(set) var decision: SwipeDecision?

    /// A swipe along `axes` that commits past `commitDistance` or at `flickVelocity`.
    ///
    /// - Parameters:
    ///   - metrics: The display's density, to turn the thresholds into pixels.
    ///   - axes: The axes it takes, at least one; both by default.
    ///   - initialOffset: How far, in pixels along the axis, what it moves already stood from rest when the finger
    ///     caught it; the release decides on this plus the finger's movement.
    ///   - slop: How far the finger moves before the axis locks and the swipe begins; ``PanRecognizer/slop`` (2 mm).
    ///   - commitDistance: Released slower than `flickVelocity`, it commits when moved this far; 8 mm by default.
    ///   - flickVelocity: Released at least this fast along the axis, it commits in the direction of the flick
    ///     (or snaps back when flicked against the displacement); 63.5 mm/s by default.
    public init(
        metrics: GestureMetrics,
        axes: Set<Axis> = [.horizontal, .vertical],
        initialOffset: Double = 0,
        slop: Millimetres = PanRecognizer.slop,
        commitDistance: Millimetres = Self.commitDistance,
        flickVelocity: MillimetresPerSecond = Self.flickVelocity
    ) {
        precondition(!axes.isEmpty, "a swipe needs an axis")
        self.axes = axes
        self.initialOffset = initialOffset
        self.commitDistance = metrics.pixels(commitDistance)
        self.flickVelocity = metrics.pixelsPerSecond(flickVelocity)
        let lock: AxisLock = axes.count == 2 ? .dominant : .only(axes.first!)
        pan = PanRecognizer(metrics: metrics, slop: slop, axisLock: lock, maximumTouches: 1)
    }

    public var state: GestureState { pan.state }
    /// The locked axis, from the slop on.
    public var axis: Axis? { pan.lockedAxis }
    /// The finger's movement along the locked axis since it landed, in pixels (0 before the lock).
    public var offset: Double { axis.map { pan.translation.component(along: $0) } ?? 0 }
    /// The finger's movement since it landed, in pixels, along the locked axis only once it is locked.
    public var translation: Vector { pan.translation }
    /// Pixels per second along the locked axis; after the swipe ended, the velocity at the lift.
    public var velocity: Vector { pan.velocity }
    /// Where the finger landed.
    public var startLocation: Point? { pan.startLocation }

    public mutating func handle(_ frame: TouchFrame) {
        pan.handle(frame)
        if pan.state == .ended, decision == nil, let axis {
            decision = decide(offset: initialOffset + offset, velocity: pan.velocity.component(along: axis), axis: axis)
        }
    }

    private func decide(offset: Double, velocity: Double, axis: Axis) -> SwipeDecision {
        if abs(velocity) >= flickVelocity {
            // A flick back against the drag is the user changing their mind.
            return offset != 0 && (offset > 0) == (velocity > 0) ? .commit(SwipeDirection(along: axis, sign: velocity)) : .snapBack
        }
        return abs(offset) >= commitDistance ? .commit(SwipeDirection(along: axis, sign: offset)) : .snapBack
    }

    public mutating func cancel() { pan.cancel() }

    public mutating func reset() {
        pan.reset()
        decision = nil
    }
}
