/// A value that changes over time, asked for by seconds elapsed since it began: a timed `Animation`,
/// a `SpringAnimation`, or your own. Pure: the `Animator` (and so the run loop) asks, nothing calls back.
public protocol Motion<Value>: Sendable {
    /// The type of value that moves.
    associatedtype Value: Interpolatable

    /// The value `elapsed` seconds after the motion began.
    func value(at elapsed: Double) -> Value
    /// d value / d second.
    func velocity(at elapsed: Double) -> Value
    /// Whether the motion has finished at `elapsed`: the ``Animator`` then fires its completion with `true`.
    func isComplete(at elapsed: Double) -> Bool
    /// Seconds after the begin at which it completes, when known in advance (infinite if it repeats
    /// forever); nil when it ends whenever it settles, as springs do.
    var endTime: Double? { get }
    /// Whether the animator keeps showing the final value after completion (Core Animation's
    /// `fillMode = .forwards` with `isRemovedOnCompletion = false`) instead of handing back to the model value.
    var holdsAtEnd: Bool { get }
    /// The value it comes to rest at, when that is known exactly (a timed animation's end, a spring's target):
    /// what a completed motion shows and its completion writes, rather than the last sample, which a spring leaves
    /// within its settling threshold and a curve within a rounding error. nil: the last sample.
    var finalValue: Value? { get }
    /// Heads for `target` from this motion's value and velocity at `elapsed`, with no jump in either.
    func retargeted(to target: Value, at elapsed: Double) -> any Motion<Value>
}

extension Motion {
    /// By default a finished motion hands back to the model value.
    public var holdsAtEnd: Bool { false }

    /// By default the last sample is where it rests.
    public var finalValue: Value? { nil }

    /// The value and velocity at `elapsed`, together.
    public func state(at elapsed: Double) -> MotionState<Value> {
        MotionState(value: value(at: elapsed), velocity: velocity(at: elapsed))
    }
}

/// Where a moving value is and how fast it goes: what an interrupted animation hands to a gesture,
/// and what a released gesture hands to a spring.
public struct MotionState<Value: Interpolatable>: Sendable {
    /// Where it is.
    public var value: Value
    /// How fast it moves: value units per second.
    public var velocity: Value

    /// A state at `value` moving at `velocity` (still by default).
    public init(value: Value, velocity: Value = .zero) { self.value = value; self.velocity = velocity }
}

extension MotionState: Equatable {}
extension MotionState: Hashable where Value: Hashable {}
