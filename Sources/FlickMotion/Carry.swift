extension Animation where Value == Double {
    /// Something let go at `velocity` (units per second, the finger's at the lift) on its way from `from` to
    /// `to`: it carries on at exactly that speed and eases to rest without overshooting, in the time the speed
    /// gives — twice the distance over the speed, as Android's ViewPager times a fling by distance over
    /// velocity — but never longer than `longest` (a slow or still finger gets that, and is sped up on the way).
    ///
    /// The curve is the cubic from (0, 0) to (1, 1) with the start's slope set to match the velocity and a flat
    /// end; its slope stays at most 2, inside the range where such a cubic never passes its end.
    public static func carrying(from: Double, to: Double, velocity: Double, longest: Double) -> Animation<Double> {
        let distance = to - from
        guard distance != 0, longest > 0 else { return Animation(from: from, to: to, duration: 0, curve: .linear) }
        let toward = velocity / distance // the share of the distance per second
        let duration = toward > 0 ? min(2 / toward, longest) : longest
        let slope = min(max(toward * duration, -2), 2)
        return Animation(from: from, to: to, duration: duration, curve: .cubicBezier(1.0 / 3, slope / 3, 2.0 / 3, 1))
    }
}
