import Glibc

/// Wall-clock timing on CLOCK_MONOTONIC: the median of repeated runs, after warm-up.
public enum Stopwatch {
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Times several implementations of one operation in turns — a block of runs of each per round —
    /// so that a noisy, shared machine slows them all alike. The first run of each block is dropped:
    /// the rest see the caches as a frame loop repeating that operation would. Returns each one's median
    /// in nanoseconds, after at least `minRounds` rounds and `minSeconds`.
    public static func interleavedMedians(_ bodies: [() -> Void], block: Int = 5, minRounds: Int = 8,
                                          minSeconds: Double = 0.6) -> [Double] {
        var samples = [[UInt64]](repeating: [], count: bodies.count)
        let start = now()
        var rounds = 0
        while rounds < minRounds || Double(now() - start) < minSeconds * 1e9 {
            for (i, body) in bodies.enumerated() {
                body()
                for _ in 1..<block {
                    let t0 = now()
                    body()
                    samples[i].append(now() - t0)
                }
            }
            rounds += 1
            if rounds >= 500 { break }
        }
        return samples.map { s in
            let sorted = s.sorted()
            return Double(sorted[sorted.count / 2])
        }
    }
}
