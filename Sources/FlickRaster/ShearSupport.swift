/// Where the middle image of a turned image's shears (B of `ShearPlan`) may hold anything but transparent
/// pixels: B[j][c] reads image rows near u = j + pB + qB·c, and in them columns near
/// v = c + pA + qA·u, so outside a band of u and a band of v it reads nothing. The last two passes visit only
/// these pixels: the corners of the turned image's bounding box (a quarter of it at a small turn) are left as
/// they are instead of being computed transparent and composited over the frame.
struct ShearSupport {
    /// lower ≤ alpha·c + beta·j ≤ upper, both holding where B may not be transparent.
    private struct Band {
        let alpha: Double, beta: Double, lower: Double, upper: Double
    }

    private let rows: Band, columns: Band

    init(plan: ShearPlan, imageWidth: Int, imageHeight: Int) {
        // A tap reads one pixel further than its position; a position is rounded to a sixteenth; a B pixel's rows
        // spread qA across the columns it reads; and a pixel more either side for safety.
        let slack = 1 + abs(plan.qA) + 1
        rows = Band(alpha: plan.qB, beta: 1, lower: -2 - plan.pB - 1, upper: Double(imageHeight) - plan.pB + 1)
        columns = Band(alpha: 1 + plan.qA * plan.qB, beta: plan.qA, lower: -1 - slack - plan.pA - plan.qA * plan.pB,
                       upper: Double(imageWidth) + slack - plan.pA - plan.qA * plan.pB)
    }

    /// The columns of B row j that may not be transparent.
    func columns(ofRow j: Int) -> Range<Int> {
        func along(_ band: Band) -> Constraint {
            Constraint(coefficient: band.alpha, lower: band.lower - band.beta * Double(j), upper: band.upper - band.beta * Double(j))
        }
        return Self.solve(along(rows), along(columns))
    }

    /// The rows j of B where column c, or a column up to `reach` either side of it, may not be transparent.
    func rows(ofColumn c: Int, reach: Int) -> Range<Int> {
        func across(_ band: Band) -> Constraint {
            let widen = abs(band.alpha) * Double(reach)
            return Constraint(coefficient: band.beta, lower: band.lower - widen - band.alpha * Double(c),
                              upper: band.upper + widen - band.alpha * Double(c))
        }
        return Self.solve(across(rows), across(columns))
    }

    private struct Constraint {
        let coefficient: Double, lower: Double, upper: Double
    }

    /// The whole numbers x with lower ≤ coefficient·x ≤ upper for both constraints.
    private static func solve(_ first: Constraint, _ second: Constraint) -> Range<Int> {
        let limit = 1e9 // far past any surface; keeps the conversions to Int in range
        var low = -limit, high = limit
        func meet(_ constraint: Constraint) -> Bool {
            let a = constraint.coefficient
            if abs(a) < 1e-12 { return constraint.lower <= 0 && constraint.upper >= 0 }
            low = max(low, (a > 0 ? constraint.lower : constraint.upper) / a)
            high = min(high, (a > 0 ? constraint.upper : constraint.lower) / a)
            return true
        }
        guard meet(first), meet(second), low <= high else { return 0..<0 }
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.down))
        return first <= last ? first..<(last + 1) : 0..<0
    }
}
