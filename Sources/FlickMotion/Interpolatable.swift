/// A value an animation can move: a vector space over `Double`. Timed animations mix it
/// (`from + (to − from)·t`), springs scale displacement and velocity by the same coefficients, and
/// `magnitudeSquared` says when a spring has settled.
public protocol Interpolatable: AdditiveArithmetic, Sendable {
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squared components: the distance from zero, squared.
    var magnitudeSquared: Double { get }
}

extension Interpolatable {
    /// `self` at amount 0, `other` at 1; amounts outside 0...1 extrapolate (springs overshoot).
    public func interpolated(to other: Self, amount: Double) -> Self {
        self + (other - self).scaled(by: amount)
    }
}

extension Double: Interpolatable {
    /// The product `self · factor`.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// The square of the value.
    public var magnitudeSquared: Double { self * self }
}

/// Two interpolable values animated as one: a position with an opacity, a frame with a colour.
/// Nest pairs for more (Swift tuples cannot conform to protocols).
public struct InterpolatablePair<First: Interpolatable, Second: Interpolatable>: Interpolatable {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second

    /// The pair (`first`, `second`).
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    /// Both values zero.
    public static var zero: Self { Self(.zero, .zero) }
    /// Adds the pairs component by component.
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    /// Subtracts the pairs component by component.
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    /// Both values scaled by `factor`.
    public func scaled(by factor: Double) -> Self { Self(first.scaled(by: factor), second.scaled(by: factor)) }
    /// The sum of both values' squared magnitudes, so a pair settles only when both have.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension InterpolatablePair: Hashable where First: Hashable, Second: Hashable {}
