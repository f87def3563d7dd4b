import Glibc

/// CLOCK_MONOTONIC in seconds: the clock page flips are stamped with, and what a board's loop waits on.
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
