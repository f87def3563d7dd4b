/// A page flip completed: the new buffer is on screen since `timestamp` (CLOCK_MONOTONIC, µs).
public struct PageFlip: Sendable, Equatable {
    public let sequence: UInt32
    public let timestamp: Microseconds
    public let userData: UInt64
    /// The timestamp in seconds; exact for a virtual display, whose vblanks are not whole microseconds.
    public let seconds: Double

    public init(sequence: UInt32, timestamp: Microseconds, userData: UInt64, seconds: Double? = nil) {
        self.sequence = sequence; self.timestamp = timestamp; self.userData = userData
        self.seconds = seconds ?? Double(timestamp) / 1e6
    }
}
