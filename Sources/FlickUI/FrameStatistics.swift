import FlickRaster

/// What `flick run --stats` reports: how long frames took to draw, how many vblanks were missed while
/// something moved, and how long a touch took to reach the screen.
public struct FrameStatistics: Sendable {
    /// Frames drawn.
    public private(set) var frames = 0
    /// Vblanks that passed without a new frame while something moved (a long gap between flips).
    public private(set) var missedVblanks = 0
    private var drawTimes: [Double] = []
    private var latencies: [Double] = []
    private static let window = 240

    /// No frames yet.
    public init() {}

    mutating func recordFrame(drawSeconds: Double) {
        frames += 1
        Self.push(drawSeconds, into: &drawTimes)
    }

    /// Flips `interval` apart are on time; a longer gap while animating lost frames.
    mutating func recordFlip(gap: Double, interval: Double, animating: Bool) {
        guard animating, interval > 0 else { return }
        missedVblanks += max(0, Int((gap / interval).rounded()) - 1)
    }

    mutating func recordLatency(_ seconds: Double) { Self.push(seconds, into: &latencies) }

    /// One line: frames, the median and longest draw time and touch-to-flip latency of the latest 240 (ms), and the
    /// vblanks missed.
    public var summary: String {
        func ms(_ v: Double?) -> String { v.map { "\(($0 * 1000).formatted(decimals: 2)) ms" } ?? "—" }
        return "frames \(frames), draw median \(ms(Self.median(drawTimes))) max \(ms(drawTimes.max())), "
            + "missed vblanks \(missedVblanks), touch→flip median \(ms(Self.median(latencies))) max \(ms(latencies.max()))"
    }

    private static func push(_ v: Double, into values: inout [Double]) {
        values.append(v)
        if values.count > window { values.removeFirst(values.count - window) }
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
