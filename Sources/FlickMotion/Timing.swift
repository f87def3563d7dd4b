/// When and how fast a timed animation or transition runs: Core Animation's `CAMediaTiming`
/// (duration, delay as `beginTime`, repeat count, autoreverse, speed) plus its timing curve.
public struct Timing: Sendable {
    /// 0.3 seconds, the seed's "generally 0.3 seconds for most animations".
    public static let defaultDuration = 0.3 // the seed: "This is generally 0.3 seconds for most animations."

    /// Seconds for one pass from start to end (a reverse pass takes as long again).
    public var duration: Double
    /// Seconds between being added and starting; the start value shows meanwhile, so staggered rows
    /// do not flash at their final place before they move.
    public var delay: Double
    /// Eases each pass.
    public var curve: TimingCurve
    /// Passes to run (fractions allowed; `.infinity` repeats forever). With `autoreverses` a pass is there
    /// and back. Zero or less means one, as in Core Animation.
    public var repeatCount: Double
    /// Each pass runs there and back: the curve forwards, then mirrored back to the start.
    public var autoreverses: Bool
    /// 2 runs twice as fast; 0 or less freezes at the start.
    public var speed: Double

    /// Timing of `duration` seconds per pass after `delay` seconds. The seed's example sets ease-in-ease-out,
    /// UIKit's default curve for view animations.
    public init(duration: Double = defaultDuration, delay: Double = 0, curve: TimingCurve = .easeInEaseOut,
                repeatCount: Double = 1, autoreverses: Bool = false, speed: Double = 1) {
        self.duration = duration; self.delay = delay; self.curve = curve
        self.repeatCount = repeatCount; self.autoreverses = autoreverses; self.speed = speed
    }

    /// Seconds from being added to the end of the last pass, delay included; infinite when it never ends.
    public var totalDuration: Double {
        guard speed > 0 else { return .infinity }
        return delay + activeDuration / speed
    }

    /// Where the curve is `elapsed` seconds after being added.
    public func phase(at elapsed: Double) -> Phase {
        let start = Phase(fraction: curve.value(at: 0), rate: 0, isComplete: false)
        guard speed > 0 else { return start }
        let local = (elapsed - delay) * speed
        guard duration > 0 else {
            return local < -Self.completionSlack ? start
                : Phase(fraction: curve.value(at: autoreverses ? 0 : 1), rate: 0, isComplete: true)
        }
        if local <= 0 { return start }
        let active = activeDuration
        let cycle = autoreverses ? 2 * duration : duration
        if local >= active - Self.completionSlack {
            // The end of the last pass: a whole number of cycles lands on the cycle's end.
            let remainder = active.truncatingRemainder(dividingBy: cycle)
            let t = remainder == 0 ? (autoreverses ? 0 : 1) : linearProgress(inCycleAt: remainder).t
            return Phase(fraction: curve.value(at: t), rate: 0, isComplete: true)
        }
        let (t, direction) = linearProgress(inCycleAt: local.truncatingRemainder(dividingBy: cycle))
        return Phase(fraction: curve.value(at: t), rate: curve.slope(at: t) * direction * speed / duration,
                     isComplete: false)
    }

    /// A timing curve's output and how fast it changes.
    public struct Phase: Hashable, Sendable {
        /// The curve's value: eased progress, 0 at the start and 1 at the end of a pass.
        public var fraction: Double
        /// d fraction / d second.
        public var rate: Double
        /// The last pass has ended.
        public var isComplete: Bool
    }

    // A nanosecond: absorbs the rounding in begin + duration, so a frame landing exactly on the end
    // completes the animation, and is far below any frame interval.
    private static let completionSlack = 1e-9

    private var activeDuration: Double {
        let passes = repeatCount > 0 ? repeatCount : 1
        return duration * passes * (autoreverses ? 2 : 1)
    }

    /// Linear progress and direction (+1 forward, −1 on the way back) at `time` into a cycle.
    private func linearProgress(inCycleAt time: Double) -> (t: Double, direction: Double) {
        if time <= duration { return (time / duration, 1) }
        return ((2 * duration - time) / duration, -1)
    }
}
