import FlickGestures
import FlickRaster

/// What a gesture attached to a view tells its owner, in order, for one touch sequence.
public enum GesturePhase: String, Hashable, Sendable {
    /// The first finger landed on the gesture's view (or a view inside it): the gesture takes part. Nothing is
    /// decided yet; a moving thing may be caught here.
    case touchDown
    /// Touches moved and the gesture is still in the running (a pressed button stays highlighted).
    case possible
    /// The gesture won the touches (continuous gestures), and then follows them.
    case began, changed
    /// Recognised (a tap), or a continuous gesture whose fingers lifted.
    case ended
    /// Under way and then cancelled: the touch was cancelled or its device went away. Undo, commit nothing.
    case cancelled
    /// Never recognised, or another gesture won the touches.
    case failed
}

/// How a drag in one direction would move what a gesture drives: what the dispatcher's nested-scrolling and
/// edge rules decide on.
public enum DragResponse: Int, Comparable, Hashable, Sendable {
    /// It does not take drags that way at all.
    case ignores
    /// It takes the drag but can only resist (a list at its end rubber-bands, a pager with no neighbour).
    case resists
    /// It moves that way (a list with rows left to scroll, a pager with a neighbour on that side).
    case moves

    public static func < (a: DragResponse, b: DragResponse) -> Bool { a.rawValue < b.rawValue }
}

/// A gesture recogniser attached to a view, as the touch dispatcher sees it. Make one with `Gesture`.
public class AnyGesture {
    /// The view the gesture is attached to.
    public internal(set) weak var view: View?
    /// A disabled gesture takes no part in new touches, and leaves the one under way at its next frame
    /// (cancelled if it had begun).
    public var isEnabled = true
    /// Page navigation (the page swipe, a detail's swipe back): a drag that starts at a screen edge and moves
    /// away from it belongs to navigation rather than to what lies under the finger.
    public var isNavigation = false
    /// For gestures that drag something along an axis: how a drag in the finger's direction moves it. An inner
    /// gesture that cannot move that way leaves the touch to an enclosing one that can.
    public var dragResponse: ((SwipeDirection) -> DragResponse)?
    /// The owner's last word before the gesture's claim is granted (`recognizer` is already the claiming one).
    public var shouldBegin: (() -> Bool)?
    /// The gesture only wins once these have failed (a tap waiting for a double tap).
    var requiredToFail: [AnyGesture] = []
    /// The time of the frame (or tick) the latest phase came with.
    public internal(set) var time: Microseconds = 0

    init() {}

    /// This gesture waits for `other` to fail before it can win, when both take part in a touch.
    public func require(toFail other: AnyGesture) {
        precondition(other !== self, "a gesture cannot wait for itself")
        requiredToFail.append(other)
    }

    var isDiscrete: Bool { false }
    func join(_ arena: inout GestureArena, region: Rect?, depth: Int) -> GestureID { fatalError("abstract") }
    func read(_ recognizer: any GestureRecognizer) {}
    func deliver(_ phase: GesturePhase) {}
}

/// A recogniser of type `R` attached to a view with `View.addGesture`. Each touch sequence starts a fresh
/// recogniser from `make`, which may read the owner's state at that moment (the axes a page can move along);
/// `onPhase` hears how it goes and reads `recognizer` for translation, velocity, the decision and the rest.
public final class Gesture<R: GestureRecognizer>: AnyGesture {
    private let make: () -> R
    /// The recogniser of the current (or latest) touch sequence.
    public private(set) var recognizer: R
    /// Hears each phase of each touch sequence the gesture takes part in, on the frame loop's thread; read
    /// `recognizer` in it. Does nothing until set.
    public var onPhase: (GesturePhase) -> Void = { _ in }

    /// A gesture that makes a fresh recogniser with `make` for each touch sequence.
    public init(_ make: @escaping () -> R) {
        self.make = make
        recognizer = make()
    }

    /// A gesture that starts every touch sequence from `recognizer` as given here (a recogniser struct is copied:
    /// each sequence starts fresh).
    public convenience init(_ recognizer: R) { self.init { recognizer } }

    override var isDiscrete: Bool { recognizer.isDiscrete }

    override func join(_ arena: inout GestureArena, region: Rect?, depth: Int) -> GestureID {
        recognizer = make()
        return arena.add(recognizer, region: region, depth: depth).id
    }

    override func read(_ recognizer: any GestureRecognizer) {
        // The arena holds what `join` added: the same type.
        self.recognizer = recognizer as! R
    }

    override func deliver(_ phase: GesturePhase) { onPhase(phase) }
}
