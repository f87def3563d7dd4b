/// Estimates a finger's velocity from its recent positions, as Android and Flutter do.
///
/// An unweighted least-squares parabola through position against time over the samples of the last 100 ms (at
/// most 20), read as its slope at the newest sample: Android's default VelocityTracker strategy (LSQ2) and
/// Flutter's estimator, checked against both by PeerVelocityTests. A flicking finger is still speeding up, or
/// already slowing down, as it lifts; a straight line through the window reads the window's average speed, about
/// half the speed at the lift on their recorded flings, while the parabola follows the curve to its end.
///
/// Two samples give a line, as Android reduces the degree. Three are enough for the parabola, as for both peers,
/// though it then passes through every sample and amplifies position jitter about 3.6 times as much as a line
/// (at 25 Hz, 64 px/s for each pixel of jitter): three samples are all a 25 Hz panel puts in the window, and the
/// peers' recorded flings sampled at 25 Hz read a median 4 % off their full-rate velocity with the parabola, 43 %
/// off with a line.
///
/// A finger that rested before the lift reads zero, and what came before a rest within the window is left out, as
/// both peers do after 40 ms without a report; a slow panel's normal gap between reports is not taken for a rest.
/// Many controllers go on reporting a resting finger, a pixel either way: a finger reported within 3 pixels
/// of one place for as long reads zero too, and one that came to rest only lately never reads a speed against
/// its last real movement, which the parabola bending over at the stop would otherwise give it (a drag held
/// still for 50 ms read as a 466 px/s flick back).
public struct VelocityTracker: Hashable, Sendable {
    /// Android's VelocityTracker HORIZON: older samples say nothing about the flick.
    static let horizon: Microseconds = 100_000
    /// Android's ASSUME_POINTER_STOPPED_TIME: no movement for this long means the finger is resting.
    static let assumeStoppedAfter: Microseconds = 40_000
    /// Android's HISTORY_SIZE and Flutter's history length: a 240 Hz panel fits the parabola to its last 83 ms.
    static let capacity = 20
    /// How far a resting finger's reports wander: a pixel of noise either way on each axis, with room to spare.
    static let restRadius = 3.0

    private struct Sample: Hashable, Sendable {
        var time: Microseconds
        var position: Point
    }

    private var samples: [Sample] = []

    /// A tracker with no samples.
    public init() {}

    /// No positions since it was made or reset.
    public var isEmpty: Bool { samples.isEmpty }

    /// Forgets every sample, for the next touch.
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Adds the finger's position (screen pixels) at `time` (microseconds). A second position at the same time
    /// replaces the first; a time earlier than the last starts afresh.
    public mutating func add(_ position: Point, at time: Microseconds) {
        if let last = samples.last {
            if time == last.time {
                // Two reports in one instant carry no timing information; keep the newer position only.
                samples[samples.count - 1].position = position
                return
            }
            if time < last.time { samples.removeAll(keepingCapacity: true) }
        }
        samples.append(Sample(time: time, position: position))
        let oldest = time - Self.horizon
        let stale = samples.prefix { $0.time < oldest }.count
        samples.removeFirst(max(stale, samples.count - Self.capacity))
    }

    /// The velocity at `time` (normally the time of the latest frame, or of the lift): zero when the finger
    /// rested before `time`, so a drag that stops and then lifts never flings.
    public func velocity(at time: Microseconds) -> Vector {
        guard samples.count >= 2, let newest = samples.last, let oldest = samples.first else { return .zero }
        // Panels report only changes, so a resting finger sends nothing. A slow panel's normal gap between
        // reports must not count as resting, hence the allowance grows with the sampling interval.
        let interval = (newest.time - oldest.time) / Int64(samples.count - 1)
        let stoppedAfter = min(max(Self.assumeStoppedAfter, interval * 3 / 2), Self.horizon)
        guard time - newest.time <= stoppedAfter else { return .zero }

        // A finger resting under a controller that reports anyway: reports at one place for as long as a silent
        // finger takes to count as resting. Spanned by the reports themselves, so a slow steady drift (a pixel
        // every 10 ms: AOSP reads 100 px/s there) stays a movement.
        let arrival = samples.lastIndex { $0.position.distance(to: newest.position) > Self.restRadius }.map { $0 + 1 } ?? 0
        guard newest.time - samples[arrival].time < stoppedAfter else { return .zero }

        // What came before a rest inside the window was another movement (both peers drop it too).
        var start = samples.count - 1
        while start > 0, samples[start].time - samples[start - 1].time <= stoppedAfter { start -= 1 }
        let movement = samples[start...]
        guard movement.count >= 2 else { return .zero }

        var x = SlopeFit(), y = SlopeFit()
        for s in movement {
            // Seconds before the newest sample and pixels from its position keep the sums well conditioned.
            let t = (s.time - newest.time).seconds
            x.add(time: t, position: s.position.x - newest.position.x)
            y.add(time: t, position: s.position.y - newest.position.y)
        }
        // Two samples pin down only a line: Android's degree reduction.
        guard movement.count >= 3 else { return Vector(x: x.slope(degree: 1), y: y.slope(degree: 1)) }
        // The finger's last real move: from before it came to rest, if it has, else its latest step.
        let previous = samples[min(max(arrival - 1, start), samples.count - 2)].position
        return Vector(x: x.slope(lastStep: newest.position.x - previous.x), y: y.slope(lastStep: newest.position.y - previous.y))
    }
}

/// An unweighted least-squares polynomial of one coordinate against time, read as its slope at time zero.
private struct SlopeFit {
    private var n = 0.0, t = 0.0, tt = 0.0, ttt = 0.0, tttt = 0.0, p = 0.0, tp = 0.0, ttp = 0.0

    mutating func add(time: Double, position: Double) {
        n += 1
        t += time
        tt += time * time
        ttt += time * time * time
        tttt += time * time * time * time
        p += position
        tp += time * position
        ttp += time * time * position
    }

    /// The parabola's slope, unless it points against `lastStep`, the finger's latest move: then the line's. Reports
    /// that arrive in a burst (a busy bus, a virtual machine's input) carry times a fraction of a millisecond
    /// apart that say more about delivery than about the finger, and a parabola through them can end pointing
    /// backwards (one burst in ten in a simulation of a six-step swipe); a finger turning back reads its turn.
    func slope(lastStep: Double) -> Double {
        let curve = slope(degree: 2)
        return curve * lastStep < 0 ? slope(degree: 1) : curve
    }

    /// The slope at time zero of the line (degree 1) or parabola (degree 2); zero when the times cannot pin it down.
    func slope(degree: Int) -> Double {
        // Sums about the means, in Android's closed form for its LSQ2 strategy; the line needs only the first two.
        let stt = tt - t * t / n, stp = tp - t * p / n
        guard degree == 2 else { return stt > 0 ? stp / stt : 0 }
        let sttt = ttt - t * tt / n, sttp = ttp - tt * p / n, stttt = tttt - tt * tt / n
        let denominator = stt * stttt - sttt * sttt
        return denominator > 0 ? (stp * stttt - sttp * sttt) / denominator : 0
    }
}
