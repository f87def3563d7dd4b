import Foundation

/// Wall-clock timing on CLOCK_MONOTONIC: the median of repeated runs, after warm-up.
public enum Stopwatch {
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Runs `body` a few times to warm caches, then at least `minRuns` times and for at least
    /// `minSeconds`, and returns the median duration in nanoseconds.
    public static func median(minRuns: Int = 15, minSeconds: Double = 0.25, _ body: () -> Void) -> Double {
        for _ in 0..<3 { body() }
        var samples: [UInt64] = []
        let start = now()
        while samples.count < minRuns || Double(now() - start) < minSeconds * 1e9 {
            let t0 = now()
            body()
            samples.append(now() - t0)
            if samples.count >= 2000 { break }
        }
        samples.sort()
        return Double(samples[samples.count / 2])
    }
}
