/// How a pan treats the two axes once it has passed the slop.
public enum AxisLock: Hashable, Sendable {
    /// Follows the finger in both axes.
    case free
    /// Locks to whichever axis the movement was mostly along at the slop, for the rest of the touch.
    case dominant
    /// Begins only when the movement at the slop is mostly along this axis, and then follows only that axis;
    /// otherwise fails, leaving the touch to a recogniser of the other axis (a list scrolling under page swipes).
    case only(Axis)
}

/// Fingers dragging: begins once the touches have moved past a slop distance, then reports translation and
/// velocity until the last finger lifts.
///
/// With several fingers the pan follows their centroid, and a finger landing or lifting mid-pan shifts the
/// reference point instead of making the translation jump.
public struct PanRecognizer: GestureRecognizer {
    /// iOS's pan hysteresis is 10 pt (1.6 mm); a little more rides out the jitter of a cheap panel.
    public static let slop = Millimetres(2)

    /// Which axes the pan follows once past the slop.
    public let axisLock: AxisLock
    /// The most fingers the pan follows; one more landing fails the pan if it has not begun (leaving the fingers
    /// to a pinch), and is ignored once it has.
    public let maximumTouches: Int
    private let slop: Double

    public private(set) var state = GestureState.possible
    /// The axis the pan follows, from the slop on (nil while possible, and for a free pan).
    public private(set) var lockedAxis: Axis?
    /// Where the first finger landed.
    public private(set) var startLocation: Point?

    private var tracks = TouchTracks()
    private var origin = Point.zero
    private var base = Vector.zero
    private var tracker = VelocityTracker()
    private var lastTime: Microseconds = 0
    private var releaseVelocity: Vector?

    /// A pan that begins once its fingers have moved `slop` on the glass.
    ///
    /// - Parameters:
    ///   - metrics: The display's density, to turn `slop` into pixels.
    ///   - slop: How far the fingers' centroid must move before the pan begins; ``slop`` (2 mm) by default.
    ///   - axisLock: Which axes it follows: both (`.free`, the default), the dominant one, or only one.
    ///   - maximumTouches: The most fingers it follows, at least 1.
    public init(
        metrics: GestureMetrics,
        slop: Millimetres = Self.slop,
        axisLock: AxisLock = .free,
        maximumTouches: Int = 1
    ) {
        precondition(maximumTouches >= 1, "a pan needs at least one finger")
        self.slop = metrics.pixels(slop)
        self.axisLock = axisLock
        self.maximumTouches = maximumTouches
    }

    /// The movement since the first finger landed, along the locked axis only once one is locked.
    public var translation: Vector { rawTranslation.constrained(to: lockedAxis) }

    /// Pixels per second; after the pan ended, the velocity at the lift (zero if the fingers had stopped).
    public var velocity: Vector {
        (releaseVelocity ?? tracker.velocity(at: lastTime)).constrained(to: lockedAxis)
    }

    /// The centroid of the fingers the pan follows.
    public var location: Point? { tracks.centroid }

    /// How many fingers the pan follows now.
    public var touchCount: Int { tracks.count }

    private var rawTranslation: Vector { base + Vector(from: origin, to: tracks.centroid ?? origin) }

    public mutating func handle(_ frame: TouchFrame) {
        guard !state.isTerminal else { return }
        lastTime = frame.time
        var moved = false
        for event in frame.events {
            switch event.phase {
            case .down:
                if tracks.contains(event.id) {
                    tracks.move(event.id, to: event.position)
                    moved = true
                } else if tracks.count < maximumTouches {
                    rebase { $0.add(event.id, at: event.position) }
                    if startLocation == nil { startLocation = event.position }
                } else if state == .possible {
                    state = .failed // more fingers than this pan takes: leave them to a pinch
                    return
                }
            case .move:
                guard tracks.contains(event.id) else { continue }
                tracks.move(event.id, to: event.position)
                moved = true
            case .up:
                guard tracks.contains(event.id) else { continue }
                rebase { $0.remove(event.id) }
                moved = true
            case .cancel:
                guard tracks.contains(event.id) else { continue }
                state = state.withdrawn
                return
            }
        }
        let raw = rawTranslation
        guard !tracks.isEmpty else {
            if state.isActive {
                releaseVelocity = tracker.velocity(at: frame.time)
                state = .ended
            } else if startLocation != nil {
                state = .failed
            }
            return
        }
        tracker.add(Point(x: raw.x, y: raw.y), at: frame.time)
        if state == .possible {
            guard raw.length >= slop else { return }
            let axis = Axis.dominant(of: raw)
            switch axisLock {
            case .free: lockedAxis = nil
            case .dominant: lockedAxis = axis
            case .only(let allowed):
                guard allowed == axis else { state = .failed; return }
                lockedAxis = allowed
            }
            state = .began
        } else if moved {
            state = .changed
        }
    }

    /// Applies a change to the set of followed fingers, carrying the translation so far over to the new centroid.
    private mutating func rebase(_ change: (inout TouchTracks) -> Void) {
        let carried = rawTranslation
        change(&tracks)
        base = carried
        if let centroid = tracks.centroid { origin = centroid }
    }

    public mutating func cancel() { state = state.withdrawn }

    public mutating func reset() {
        state = .possible
        lockedAxis = nil
        startLocation = nil
        tracks.removeAll()
        origin = .zero
        base = .zero
        tracker.reset()
        lastTime = 0
        releaseVelocity = nil
    }
}
