import FlickRaster

/// What `flick run --stats` reports: how long frames took to draw, how many vblanks were missed while
/// something moved, how long a touch took to reach the screen, and how long a loop source's change (a value from a
/// broker, a file read again, a clock's tick) took to reach it.
public struct FrameStatistics: Sendable {
    /// Frames drawn.
    public private(set) var frames = 0
    /// Vblanks that passed without a new frame while something moved (a long gap between flips).
    public private(set) var missedVblanks = 0
    /// From a touch's timestamp to the flip of the first frame drawn after it, in seconds.
    public private(set) var touchToFlip = TimingSamples()
    /// From a loop source's service that left a still scene needing a frame to the flip of the frame that shows it, in
    /// seconds: how long a value takes from arriving to being on screen.
    public private(set) var sourceToFlip = TimingSamples()
    /// How long each frame took to draw, in seconds.
    public private(set) var drawTimes = TimingSamples()

    /// No frames yet.
    public init() {}

    mutating func recordFrame(drawSeconds: Double) {
        frames += 1
        drawTimes.record(drawSeconds)
    }

    /// Flips `interval` apart are on time; a longer gap while animating lost frames.
    mutating func recordFlip(gap: Double, interval: Double, animating: Bool) {
        guard animating, interval > 0 else { return }
        missedVblanks += max(0, Int((gap / interval).rounded()) - 1)
    }

    mutating func recordTouchLatency(_ seconds: Double) { touchToFlip.record(seconds) }
    mutating func recordSourceLatency(_ seconds: Double) { sourceToFlip.record(seconds) }

    /// One line: frames, the median and longest draw time, the vblanks missed, and the touch-to-flip and
    /// source-to-flip latencies with how many there were; times in ms, of the latest ``TimingSamples/window``.
    public var summary: String {
        "frames \(frames), draw median \(Self.ms(drawTimes.percentile(50))) max \(Self.ms(drawTimes.max)), "
            + "missed vblanks \(missedVblanks), touch→flip \(Self.describe(touchToFlip)), source→flip \(Self.describe(sourceToFlip))"
    }

    private static func describe(_ samples: TimingSamples) -> String {
        "p50 \(ms(samples.percentile(50))) p99 \(ms(samples.percentile(99))) max \(ms(samples.max)) (n \(samples.count))"
    }

    private static func ms(_ v: Double?) -> String { v.map { "\(($0 * 1000).formatted(decimals: 2)) ms" } ?? "—" }
}

/// Durations in seconds (latencies, draw times): how many there were in all, and the latest ``window`` of them for
/// percentiles, in a ring (a kiosk runs for months; its memory does not grow).
public struct TimingSamples: Sendable {
    /// How many latest samples the percentiles are of: a minute of twenty values a second, and some.
    public static let window = 2048
    /// Samples recorded since the run began.
    public private(set) var count = 0
    private var ring: [Double] = []

    /// No samples.
    public init() {}

    mutating func record(_ seconds: Double) {
        if ring.count < Self.window { ring.append(seconds) } else { ring[count % Self.window] = seconds }
        count += 1
    }

    /// The `percent` percentile (0 to 100, nearest rank) of the latest ``window`` samples; nil without samples.
    public func percentile(_ percent: Double) -> Double? {
        guard !ring.isEmpty else { return nil }
        let sorted = ring.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    /// The longest of the latest ``window`` samples; nil without samples.
    public var max: Double? { ring.max() }
}

/// The earliest change not yet on screen (a touch, a source's value): its time until the frame that shows it is
/// presented, then until that frame's flip, which gives the latency.
struct UnseenChange {
    private var awaitingFrame: Double?
    private var awaitingFlip: Double?

    /// A change at `time`; one already waiting is earlier and is kept.
    mutating func changed(at time: Double) {
        if awaitingFrame == nil { awaitingFrame = time }
    }

    /// A frame was presented: the change waiting for one is in it.
    mutating func framePresented() {
        guard let time = awaitingFrame else { return }
        awaitingFlip = awaitingFlip ?? time
        awaitingFrame = nil
    }

    /// The frame presented is on screen at `time`: how long after its change, or nil when it showed none.
    mutating func flipped(at time: Double) -> Double? {
        defer { awaitingFlip = nil }
        return awaitingFlip.map { time - $0 }
    }
}
