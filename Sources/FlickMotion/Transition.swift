/// A transition between two layers, Core Animation's `CATransition`: a type (fade, move-in, push, reveal),
/// the edge the new content comes from, timing, and start/end progress. `composite(atProgress:)` is a pure
/// function that says where to draw the old and new layers and with what alpha; the renderer draws two layers.
public struct Transition: Sendable {
    /// How the new layer replaces the old: `CATransition`'s types.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// The new layer fades in over the old.
        case fade
        /// The new layer slides in over the old, which stays put.
        case moveIn
        /// The new layer slides in and pushes the old out ahead of it.
        case push
        /// The old layer slides out, uncovering the new, which stays put.
        case reveal
    }

    /// The edge the motion starts from: with `.fromRight` the new content enters at the right edge and
    /// everything moves left (`kCATransitionFromRight`). Screen coordinates: top is y = 0.
    public enum Direction: Hashable, Sendable, CaseIterable {
        /// The new content enters at the left edge; everything moves right.
        case fromLeft
        /// The new content enters at the right edge; everything moves left.
        case fromRight
        /// The new content enters at the top edge; everything moves down.
        case fromTop
        /// The new content enters at the bottom edge; everything moves up.
        case fromBottom

        /// Where, in layer sizes, the new content starts relative to its resting place.
        public var entry: Vector {
            switch self {
            case .fromLeft: Vector(-1, 0)
            case .fromRight: Vector(1, 0)
            case .fromTop: Vector(0, -1)
            case .fromBottom: Vector(0, 1)
            }
        }

        /// The other edge of the same axis: going back the way a transition came.
        public var opposite: Direction {
            switch self {
            case .fromLeft: .fromRight
            case .fromRight: .fromLeft
            case .fromTop: .fromBottom
            case .fromBottom: .fromTop
            }
        }
    }

    static let bounceProgress = 0.25 // the seed's edge bounce: "shifting the view off screen by a quarter of the screen"
    /// Each leg of the edge bounce; our choice: out and back take as long as one push at the default duration.
    static let bounceLegDuration = Timing.defaultDuration / 2

    /// Fade, move in, push or reveal.
    public var kind: Kind
    /// Ignored by `.fade`.
    public var direction: Direction
    /// Duration and delay in seconds, curve, repeats, speed.
    public var timing: Timing
    /// Progress at the start and end of the run; end may be below start to run backwards.
    public var startProgress: Double
    /// Progress at the end of the run (see ``startProgress``).
    public var endProgress: Double

    /// A `kind` transition with new content coming from `direction`, run over `timing` from `startProgress` to
    /// `endProgress`; by default a whole run in ``Timing/defaultDuration``, eased in and out.
    public init(_ kind: Kind, from direction: Direction = .fromRight, timing: Timing = Timing(),
                startProgress: Double = 0, endProgress: Double = 1) {
        self.kind = kind; self.direction = direction; self.timing = timing
        self.startProgress = startProgress; self.endProgress = endProgress
    }

    /// The seed's edge bounce, shown when there is nothing further to flick to: a push from `direction`
    /// run to a quarter and then back to the start, each leg eased out as in the seed.
    public static func edgeBounce(from direction: Direction) -> (out: Transition, back: Transition) {
        let leg = Timing(duration: bounceLegDuration, curve: .easeOut)
        return (Transition(.push, from: direction, timing: leg, startProgress: 0, endProgress: bounceProgress),
                Transition(.push, from: direction, timing: leg, startProgress: bounceProgress, endProgress: 0))
    }

    /// The progress as an animation, for the `Animator` under `.transitionProgress`; the renderer reads it
    /// back and calls `composite(atProgress:)`.
    public var animation: Animation<Double> {
        Animation(from: 0, to: 1, timing: timing, startProgress: startProgress, endProgress: endProgress)
    }

    /// The transition's progress `elapsed` seconds after it began.
    public func progress(at elapsed: Double) -> Double { animation.value(at: elapsed) }

    /// Where the two layers are `elapsed` seconds after the transition began.
    public func composite(at elapsed: Double) -> TransitionComposite { composite(atProgress: progress(at: elapsed)) }

    /// Where the two layers are at `progress` (0: only the old shows, 1: only the new). Progress outside
    /// 0...1 — a spring driving it past the end — keeps moving the layers; alpha stays within 0...1.
    public func composite(atProgress progress: Double) -> TransitionComposite {
        let p = progress, entry = direction.entry
        switch kind {
        case .fade:
            // Source-over of the new layer at alpha p on the opaque old one is exactly (1 − p)·old + p·new;
            // fading the old out as well would let the background show through halfway (by p·(1 − p)).
            return TransitionComposite(old: LayerPlacement(), new: LayerPlacement(alpha: p), top: .new)
        case .moveIn:
            return TransitionComposite(old: LayerPlacement(), new: LayerPlacement(offset: entry * (1 - p)), top: .new)
        case .push:
            return TransitionComposite(old: LayerPlacement(offset: -entry * p),
                                       new: LayerPlacement(offset: entry * (1 - p)), top: .new)
        case .reveal:
            return TransitionComposite(old: LayerPlacement(offset: -entry * p), new: LayerPlacement(), top: .old)
        }
    }
}

/// How to draw one layer of a transition.
public struct LayerPlacement: Hashable, Sendable {
    /// In layer sizes: (1, 0) is one full width to the right of the resting place.
    public var offset: Vector
    /// Opacity to draw the layer with: 0 transparent, 1 opaque.
    public var alpha: Double

    /// A placement `offset` layer sizes from rest, drawn at `alpha` (clamped to 0...1).
    public init(offset: Vector = .zero, alpha: Double = 1) {
        self.offset = offset
        self.alpha = min(1, max(0, alpha))
    }

    /// The offset in pixels for a layer of `size`.
    public func pixelOffset(in size: Size) -> Vector { Vector(offset.x * size.width, offset.y * size.height) }
}

/// The old and new layers of a transition at one moment; draw the bottom one, then the top one.
public struct TransitionComposite: Hashable, Sendable {
    /// One of the two layers of a transition.
    public enum Layer: Hashable, Sendable {
        /// What was shown before the transition.
        case old
        /// What the transition brings in.
        case new
    }

    /// Where to draw the outgoing layer.
    public var old: LayerPlacement
    /// Where to draw the incoming layer.
    public var new: LayerPlacement
    /// The layer drawn last, over the other.
    public var top: Layer

    /// The two placements, and which layer is on top.
    public init(old: LayerPlacement, new: LayerPlacement, top: Layer) { self.old = old; self.new = new; self.top = top }

    /// Both layers in drawing order, bottom first.
    public var drawingOrder: [(layer: Layer, placement: LayerPlacement)] {
        top == .new ? [(.old, old), (.new, new)] : [(.new, new), (.old, old)]
    }
}
