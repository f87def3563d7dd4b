/// Estimates a finger's velocity from its recent positions.
///
/// A degree-1 least-squares fit (a straight line through position against time) over the samples of the last
/// 100 ms, like Android's VelocityTracker with its LSQ strategy at degree 1 rather than its default degree 2:
/// a 25 Hz panel puts only three samples in that window, and a parabola through three jittery points fits the
/// jitter exactly and swings wildly at the end, while a line averages it out. The price is that a finger still
/// accelerating as it lifts reads a little slow, which the flick threshold absorbs.
public struct VelocityTracker: Hashable, Sendable {
    /// Android's VelocityTracker HORIZON: older samples say nothing about the flick.
    public static let horizon: Microseconds = 100_000
    /// Android's ASSUME_POINTER_STOPPED_TIME: no movement for this long means the finger is resting.
    public static let assumeStoppedAfter: Microseconds = 40_000

    private struct Sample: Hashable, Sendable {
        var time: Microseconds
        var position: ScreenPoint
    }

    private var samples: [Sample] = []

    public init() {}

    public var isEmpty: Bool { samples.isEmpty }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(_ position: ScreenPoint, at time: Microseconds) {
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
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    /// The velocity at `time` (normally the time of the latest frame, or of the lift): zero when the finger
    /// rested before `time`, so a drag that stops and then lifts never flings.
    public func velocity(at time: Microseconds) -> Velocity {
        guard samples.count >= 2, let newest = samples.last, let oldest = samples.first else { return .zero }
        // Panels report only changes, so a resting finger sends nothing. A slow panel's normal gap between
        // reports must not count as resting, hence the allowance grows with the sampling interval.
        let interval = (newest.time - oldest.time) / Int64(samples.count - 1)
        let stoppedAfter = min(max(Self.assumeStoppedAfter, interval * 3 / 2), Self.horizon)
        guard time - newest.time <= stoppedAfter else { return .zero }

        var sumT = 0.0, sumX = 0.0, sumY = 0.0
        for s in samples {
            sumT += Double(s.time - newest.time) / 1_000_000
            sumX += s.position.x - newest.position.x
            sumY += s.position.y - newest.position.y
        }
        let n = Double(samples.count)
        let meanT = sumT / n, meanX = sumX / n, meanY = sumY / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let dt = Double(s.time - newest.time) / 1_000_000 - meanT
            stt += dt * dt
            stx += dt * (s.position.x - newest.position.x - meanX)
            sty += dt * (s.position.y - newest.position.y - meanY)
        }
        guard stt > 0 else { return .zero }
        return Velocity(x: stx / stt, y: sty / stt)
    }
}
