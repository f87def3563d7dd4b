/// Names an animated property and the type of its value: `AnimationKey<Double>("opacity")`.
/// One animation runs per key per target; adding another under the same key replaces it.
public struct AnimationKey<Value: Interpolatable>: Hashable, Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }
}

extension AnimationKey where Value == Double {
    /// The progress of a `Transition`, which the renderer turns into layer offsets and alpha.
    public static var transitionProgress: AnimationKey<Double> { AnimationKey("transitionProgress") }
    public static var opacity: AnimationKey<Double> { AnimationKey("opacity") }
}
