/// Maps linear progress (0...1 of an animation's duration) to eased progress: Core Animation's
/// `CAMediaTimingFunction`, plus steps and arbitrary functions. A pure value; nothing runs on its own.
public struct TimingCurve: Sendable {
    /// Where a step curve jumps: at the start of each interval (CSS `jump-start`) or at its end (`jump-end`).
    public enum StepPosition: Hashable, Sendable {
        /// Jumps at the start of each interval: the first step shows at once.
        case start
        /// Jumps at the end of each interval: the last step shows only at the end.
        case end
    }

    enum Shape: Sendable {
        case linear
        case bezier(CubicBezier)
        case steps(Int, StepPosition)
        case custom(@Sendable (Double) -> Double)
    }

    let shape: Shape

    /// Constant speed: eased progress equals linear progress.
    public static let linear = TimingCurve(shape: .linear)
    // Core Animation's named timing functions, with its control points.
    /// Starts slowly and ends at full speed: Core Animation's `easeIn`, (0.42, 0, 1, 1).
    public static let easeIn = cubicBezier(0.42, 0, 1, 1)
    /// Starts at full speed and slows to the end: Core Animation's `easeOut`, (0, 0, 0.58, 1).
    public static let easeOut = cubicBezier(0, 0, 0.58, 1)
    /// Slow at both ends: Core Animation's `easeInEaseOut`, (0.42, 0, 0.58, 1), the default for animations here.
    public static let easeInEaseOut = cubicBezier(0.42, 0, 0.58, 1)
    /// Core Animation's `default`, (0.25, 0.1, 0.25, 1): quick to start, long gentle end.
    public static let `default` = cubicBezier(0.25, 0.1, 0.25, 1)

    /// The five named curves, in Core Animation's order, for listings and the motion guide.
    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// A CSS `cubic-bezier(x1, y1, x2, y2)` curve (see ``CubicBezier``); the x values are clamped to 0...1.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
        TimingCurve(shape: .bezier(CubicBezier(x1, y1, x2, y2)))
    }

    /// `count` equal jumps (at least one).
    public static func steps(_ count: Int, position: StepPosition = .end) -> TimingCurve {
        TimingCurve(shape: .steps(max(1, count), position))
    }

    /// Any function of progress; it should map 0 to 0 and 1 to 1 (overshooting in between is fine).
    public static func custom(_ function: @escaping @Sendable (Double) -> Double) -> TimingCurve {
        TimingCurve(shape: .custom(function))
    }

    /// The Bézier behind this curve; nil for steps and custom curves. `linear` is (0, 0, 1, 1).
    public var bezier: CubicBezier? {
        switch shape {
        case .linear: CubicBezier(0, 0, 1, 1)
        case .bezier(let b): b
        case .steps, .custom: nil
        }
    }

    /// The eased progress at linear `progress`, normally in 0...1; beyond it Bézier curves continue along their
    /// end tangents and steps hold at 0 or 1.
    public func value(at progress: Double) -> Double {
        switch shape {
        case .linear: return progress
        case .bezier(let b): return b.y(at: progress)
        case .steps(let count, let position):
            if progress >= 1 { return 1 }
            if progress < 0 { return 0 }
            let n = Double(count)
            let jumps = (progress * n).rounded(.down) + (position == .start ? 1 : 0)
            return min(n, jumps) / n
        case .custom(let f): return f(progress)
        }
    }

    /// d value / d progress: turns an animation's progress rate into a velocity.
    public func slope(at progress: Double) -> Double {
        switch shape {
        case .linear: return 1
        case .bezier(let b): return b.slope(at: progress)
        case .steps: return 0
        case .custom(let f):
            let h = Self.customSlopeStep
            return (f(progress + h) - f(progress - h)) / (2 * h)
        }
    }

    // A central difference with this step is accurate to ~1e-10 for smooth functions yet far above rounding noise.
    private static let customSlopeStep = 1e-5
}
