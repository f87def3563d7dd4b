import Glibc

/// A damped harmonic oscillator, m·x″ + c·x′ + k·x = 0, solved in closed form: the position and
/// velocity at any time are exact for the under-, critically and over-damped cases, with no stepping.
public struct Spring: Hashable, Sendable {
    /// k: the pull per unit of displacement.
    public var stiffness: Double
    /// c: the drag per unit of velocity.
    public var damping: Double
    /// m: the inertia; 1 unless given.
    public var mass: Double

    /// A spring from its physical coefficients, as in m·x″ + c·x′ + k·x = 0.
    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.stiffness = stiffness; self.damping = damping; self.mass = mass
    }

    /// Described the way designers tune springs: `response` is the undamped period in seconds, and
    /// `dampingRatio` is 1 for the fastest return without overshoot, less to bounce, more to creep.
    public init(dampingRatio: Double, response: Double) {
        let omega = 2 * Double.pi / response
        self.init(stiffness: omega * omega, damping: 2 * dampingRatio * omega, mass: 1)
    }

    /// ζ = c / (2·√(k·m)): 1 is critically damped, below 1 overshoots, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The undamped period, 2π·√(m / k), in seconds.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }
    /// The undamped angular frequency ω₀, in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Displacement from rest at `time`, starting from `displacement` and `velocity`.
    public func displacement(at time: Double, from displacement: Double, velocity: Double) -> Double {
        let c = coefficients(at: time)
        return c.position * displacement + c.positionFromVelocity * velocity
    }

    /// Vector at `time`, starting from `displacement` and `velocity`.
    public func velocity(at time: Double, from displacement: Double, velocity: Double) -> Double {
        let c = coefficients(at: time)
        return c.velocityFromPosition * displacement + c.velocity * velocity
    }

    /// The solution is linear in the initial state, x(t) = A·x₀ + B·v₀ and v(t) = C·x₀ + D·v₀, with the
    /// same A…D for every component: this is what lets one spring move a Point, a Rect or a Color.
    struct Coefficients: Hashable, Sendable {
        var position: Double, positionFromVelocity: Double
        var velocityFromPosition: Double, velocity: Double
    }

    func coefficients(at time: Double) -> Coefficients {
        let t = max(0, time)
        let w0 = naturalFrequency, zeta = dampingRatio
        if abs(zeta - 1) < Self.criticalBand {
            let e = exp(-w0 * t)
            return Coefficients(position: e * (1 + w0 * t), positionFromVelocity: t * e,
                                velocityFromPosition: -w0 * w0 * t * e, velocity: e * (1 - w0 * t))
        }
        if zeta < 1 {
            let decay = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-decay * t), s = sin(wd * t), c = cos(wd * t)
            return Coefficients(position: e * (c + decay / wd * s), positionFromVelocity: e * s / wd,
                                velocityFromPosition: -e * s * w0 * w0 / wd, velocity: e * (c - decay / wd * s))
        }
        let root = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
        let e1 = exp(r1 * t), e2 = exp(r2 * t), span = r1 - r2
        return Coefficients(position: (r1 * e2 - r2 * e1) / span, positionFromVelocity: (e1 - e2) / span,
                            velocityFromPosition: r1 * r2 * (e2 - e1) / span, velocity: (r1 * e1 - r2 * e2) / span)
    }

    // Within this of ζ = 1 the critical form is used: the other two divide by a frequency that goes to 0 there,
    // and the critical form's error at |ζ − 1| = 1e-6 is below 1e-6 of the displacement.
    private static let criticalBand = 1e-6
}

/// When a spring counts as settled: both the distance from its target and its speed are within these.
public struct SettlingThreshold: Hashable, Sendable {
    /// The largest distance from the target that counts as there, in the value's units.
    public var position: Double
    /// The largest speed that counts as still, in the value's units per second.
    public var velocity: Double

    /// A threshold of `position` units and `velocity` units per second.
    public init(position: Double, velocity: Double) { self.position = position; self.velocity = velocity }

    /// For values of order 1: opacity, transition progress, scale.
    public static let standard = SettlingThreshold(position: 0.001, velocity: 0.01)
    /// For pixel positions and sizes: a tenth of a pixel is below what anti-aliasing shows.
    public static let pixels = SettlingThreshold(position: 0.1, velocity: 1)
}
