/// The two touches of a pinch, the one nearer the top of the screen first (the to-do list parts the rows between
/// them: seed gesture-todo-list-pinch, getNormalisedTouchPoints). Level touches are ordered left to right.
public struct PinchPoints: Hashable, Sendable {
    /// The touch that was nearer the top (or the left, if level) when the second finger landed.
    public var upper: Point
    /// The other touch.
    public var lower: Point

    /// The two touches, `upper` first.
    public init(upper: Point, lower: Point) {
        self.upper = upper
        self.lower = lower
    }

    /// Halfway between the two touches.
    public var centre: Point { Point(x: (upper.x + lower.x) / 2, y: (upper.y + lower.y) / 2) }
    /// How far apart the two touches are.
    public var span: PinchSpan { PinchSpan(x: abs(lower.x - upper.x), y: abs(lower.y - upper.y)) }
}

/// How far apart the two fingers are, per axis and in a straight line, in pixels.
public struct PinchSpan: Hashable, Sendable {
    /// The horizontal distance, in pixels.
    public var x: Double
    /// The vertical distance, in pixels.
    public var y: Double

    /// A span of `x` and `y` pixels.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The straight-line distance, √(x² + y²).
    public var distance: Double { (x * x + y * y).squareRoot() }
}

/// Two fingers moving apart or together. Begins when their distance has changed by the span slop (only their
/// distance along one axis, for a pinch that acts along it), and follows the same two fingers to the end: a third
/// finger is ignored, and lifting either of the two ends the pinch.
public struct PinchRecognizer: GestureRecognizer {
    /// Android's ScaleGestureDetector waits for twice the touch slop (about 2.5 mm); wider here for jitter,
    /// which two fingers have twice of.
    public static let spanSlop = Millimetres(4)

    private let spanSlop: Double
    /// The axis whose span change begins the pinch; nil for the straight distance.
    private let axis: Axis?

    public private(set) var state = GestureState.possible
    /// The two touches where they were when the second finger landed.
    public private(set) var initialPoints: PinchPoints?
    /// The same two touches now (the one that started upper stays `upper`).
    public private(set) var points: PinchPoints?

    private var tracks = TouchTracks()
    private var upperID: TouchID?

    /// `axis`: begin on the span along it alone. The to-do list parts rows on the fingers' vertical span, so two
    /// fingers far apart sideways that part the rows by a row's height have begun a pinch, though their straight
    /// distance changed by less.
    public init(metrics: GestureMetrics, spanSlop: Millimetres = Self.spanSlop, along axis: Axis? = nil) {
        self.spanSlop = metrics.pixels(spanSlop)
        self.axis = axis
    }

    /// Current distance over initial distance: above 1 apart, below 1 together.
    public var scale: Double {
        guard let initial = initialPoints?.span.distance, let current = points?.span.distance else { return 1 }
        // Two fingers landing on the same pixel would divide by zero; a pixel is as close as they get.
        return current / max(initial, 1)
    }

    /// Halfway between the two fingers now; nil until the second finger lands.
    public var centre: Point? { points?.centre }
    /// How far apart the two fingers are now; nil until the second finger lands.
    public var span: PinchSpan? { points?.span }
    /// How far apart they were when the second finger landed.
    public var initialSpan: PinchSpan? { initialPoints?.span }

    public mutating func handle(_ frame: TouchFrame) {
        guard !state.isTerminal else { return }
        var moved = false
        for event in frame.events {
            switch event.phase {
            case .down, .move:
                if tracks.contains(event.id) {
                    tracks.move(event.id, to: event.position)
                    moved = true
                } else if event.phase == .down, tracks.count < 2, initialPoints == nil {
                    tracks.add(event.id, at: event.position)
                    if tracks.count == 2 { start() }
                }
            case .up, .cancel:
                guard tracks.contains(event.id) else { continue }
                updatePoints()
                tracks.remove(event.id)
                if event.phase == .cancel {
                    state = state.withdrawn
                } else {
                    state = state.isActive ? .ended : .failed
                }
                return
            }
        }
        guard tracks.count == 2, let initial = initialPoints else { return }
        updatePoints()
        guard let current = points else { return }
        if state == .possible {
            if abs(measure(current.span) - measure(initial.span)) >= spanSlop { state = .began }
        } else if moved {
            state = .changed
        }
    }

    private func measure(_ span: PinchSpan) -> Double {
        switch axis {
        case nil: span.distance
        case .horizontal?: span.x
        case .vertical?: span.y
        }
    }

    private mutating func start() {
        let a = tracks.ids[0], b = tracks.ids[1]
        guard let pa = tracks[a], let pb = tracks[b] else { return }
        let aFirst = pa.y < pb.y || (pa.y == pb.y && pa.x <= pb.x)
        upperID = aFirst ? a : b
        initialPoints = aFirst ? PinchPoints(upper: pa, lower: pb) : PinchPoints(upper: pb, lower: pa)
        points = initialPoints
    }

    private mutating func updatePoints() {
        guard tracks.count == 2, let upperID else { return }
        let lowerID = tracks.ids[0] == upperID ? tracks.ids[1] : tracks.ids[0]
        guard let upper = tracks[upperID], let lower = tracks[lowerID] else { return }
        points = PinchPoints(upper: upper, lower: lower)
    }

    public mutating func cancel() { state = state.withdrawn }

    public mutating func reset() {
        state = .possible
        initialPoints = nil
        points = nil
        tracks.removeAll()
        upperID = nil
    }
}
