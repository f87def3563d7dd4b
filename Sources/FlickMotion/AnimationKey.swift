/// Names an animated property and the type of its value: `AnimationKey<Double>("opacity")`.
/// One animation runs per key per target; adding another under the same key replaces it.
public struct AnimationKey<Value: Interpolatable>: Hashable, Sendable {
    /// The property's name; two keys with the same name address the same animation slot of a target.
    public let name: String

    /// A key for the property called `name`.
    public init(_ name: String) { self.name = name }
}

extension AnimationKey where Value == Double {
    /// The progress of a `Transition`, which the renderer turns into layer offsets and alpha.
    public static var transitionProgress: AnimationKey<Double> { AnimationKey("transitionProgress") }
    /// An opacity (a view's alpha): 0 transparent, 1 opaque.
    public static var opacity: AnimationKey<Double> { AnimationKey("opacity") }
}
