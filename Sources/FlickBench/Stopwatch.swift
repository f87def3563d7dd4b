import Glibc

/// Timing of repeated runs: the median, after warm-up.
public enum Stopwatch {
    /// Wall-clock time (CLOCK_MONOTONIC), for what includes waiting, such as a child process's run.
    public static func now() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// CPU time of the calling thread: what a frame costs, without the stretches another process on a shared
    /// machine holds the core.
    public static func cpuNow() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Times several implementations of one operation in turns — a block of runs of each per round —
    /// so that a noisy, shared machine slows them all alike. The first run of each block is dropped:
    /// the rest see the caches as a frame loop repeating that operation would. Each round runs the bodies in an
    /// order shuffled anew (seeded, the same every run): the body that starts a round, after the other bodies'
    /// blocks, ran measurably slower (one body timed against itself, starting every round: 1.08–1.18 ×), and that
    /// must not fall on one side of a ratio. Runs at least `minRounds` rounds and `minSeconds`.
    public static func interleaved(_ bodies: [() -> Void], block: Int = 5, minRounds: Int = 8,
                                   minSeconds: Double = 0.6) -> InterleavedTiming {
        var rounds = [[[UInt64]]](repeating: [], count: bodies.count)
        var shuffler = SplitMix(seed: 1)
        let start = now()
        while rounds[0].count < minRounds || Double(now() - start) < minSeconds * 1e9 {
            var order = Array(bodies.indices)
            for j in order.indices.reversed() { order.swapAt(j, Int(shuffler.next() * Double(j + 1))) }
            for i in order {
                let body = bodies[i]
                body()
                var samples: [UInt64] = []
                for _ in 1..<block {
                    let t0 = cpuNow()
                    body()
                    samples.append(cpuNow() - t0)
                }
                rounds[i].append(samples)
            }
            if rounds[0].count >= 500 { break }
        }
        return InterleavedTiming(rounds: rounds)
    }

    /// Each body's median in nanoseconds: `interleaved(...).medians`.
    public static func interleavedMedians(_ bodies: [() -> Void], block: Int = 5, minRounds: Int = 8,
                                          minSeconds: Double = 0.6) -> [Double] {
        interleaved(bodies, block: block, minRounds: minRounds, minSeconds: minSeconds).medians
    }
}

/// Samples of bodies timed in turns: `rounds[body][round]` holds one block's timed runs, in nanoseconds.
public struct InterleavedTiming {
    public let rounds: [[[UInt64]]]

    /// Each body's median over all its runs.
    public var medians: [Double] { rounds.map { median($0.flatMap { $0 }.map { Double($0) }) } }

    /// How many times slower body `i` is than body `reference`: the median over rounds of the two blocks'
    /// medians divided, so a stretch when the machine's neighbours are busy weighs on both sides of a ratio.
    public func ratio(_ i: Int, to reference: Int) -> Double {
        median(zip(rounds[i], rounds[reference]).map { mine, theirs in
            median(mine.map { Double($0) }) / median(theirs.map { Double($0) })
        })
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
