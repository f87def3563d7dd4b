import Glibc

/// CLOCK_MONOTONIC: the clock the kernel stamps page flips and input events with, and what a board's loop waits on.
public struct MonotonicClock: TimeSource, Sendable {
    /// The one monotonic clock.
    public init() {}

    /// The time now, in seconds since an arbitrary start (the boot, on Linux).
    public var now: Double {
        let ts = Self.read()
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The time now, in whole microseconds, as page flips are stamped.
    public var nowMicroseconds: Microseconds {
        let ts = Self.read()
        return Microseconds(seconds: ts.tv_sec, microseconds: ts.tv_nsec / 1000)
    }

    private static func read() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts
    }
}
