/// A CSS / Core Animation timing Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2):
/// `y(at: x)` is the eased progress at linear progress `x`.
public struct CubicBezier: Hashable, Sendable {
    /// The control points (x1, y1) and (x2, y2). Their x is clamped to 0...1; a y outside 0...1 overshoots.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The control points' x is clamped to 0...1, as Core Animation does: then x(t) never decreases
    /// and every x has exactly one y.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(1, max(0, x1)); self.y1 = y1
        self.x2 = min(1, max(0, x2)); self.y2 = y2
        cx = 3 * self.x1; bx = 3 * (self.x2 - self.x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    /// The curve's point at parameter `t` in 0...1 (not at x = t).
    public func point(atParameter t: Double) -> (x: Double, y: Double) { (sampleX(t), sampleY(t)) }

    /// The eased value at `x`. Outside 0...1 the curve continues along its end tangents, so an
    /// animation driven past its ends (a spring-driven progress, a rounding overshoot) keeps moving smoothly.
    public func y(at x: Double) -> Double {
        if x <= 0 { return startSlope * x }
        if x >= 1 { return 1 + endSlope * (x - 1) }
        return sampleY(parameter(forX: x))
    }

    /// dy/dx at `x`: how fast the eased value moves per unit of linear progress.
    public func slope(at x: Double) -> Double {
        if x <= 0 { return startSlope }
        if x >= 1 { return endSlope }
        return slope(atParameter: parameter(forX: x))
    }

    // MARK: Solving x(t) = x

    /// Newton's method from t = x (exact for the linear curve, close for gentle ones), falling back to
    /// bisection, which cannot fail because x(t) is monotone, when a derivative vanishes or a step leaves 0...1.
    /// Both stop on the size of t's error, not x's: where x(t) is flat a tiny x error hides a large t error.
    func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<Self.newtonIterations {
            let d = derivativeX(t)
            if abs(d) < Self.flatDerivative { break }
            let step = (sampleX(t) - x) / d
            let next = t - step
            if next < 0 || next > 1 { break }
            if abs(step) < Self.parameterTolerance { return next }
            t = next
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > Self.parameterTolerance {
            let mid = (lo + hi) / 2
            if sampleX(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    // With control points in 0...1, y moves at most 3× as fast as t, so t within 1e-12 keeps y within
    // ~3e-12 of exact: well inside the 1e-6 the curves are specified to.
    private static let newtonIterations = 8
    private static let parameterTolerance = 1e-12
    private static let flatDerivative = 1e-9

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    private func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    private func slope(atParameter t: Double) -> Double {
        let dx = derivativeX(t), dy = derivativeY(t)
        if abs(dx) > Self.flatDerivative { return dy / dx }
        // x stalls at an end whose control point sits on it: the tangent is the ratio of second derivatives.
        let ddx = 6 * ax * t + 2 * bx, ddy = 6 * ay * t + 2 * by
        return abs(ddx) > Self.flatDerivative ? ddy / ddx : 1
    }

    private var startSlope: Double { slope(atParameter: 0) }
    private var endSlope: Double { slope(atParameter: 1) }
}
