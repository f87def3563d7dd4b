/// A page flip completed: the new buffer is on screen since `timestamp` (CLOCK_MONOTONIC, µs).
public struct PageFlip: Sendable, Equatable {
    /// The vblank counter the kernel reports with the flip (the frame count for a headless display).
    public let sequence: UInt32
    /// When the new buffer went on screen, in microseconds on the display's clock.
    public let timestamp: Microseconds
    /// What the display asked the kernel to hand back with the flip (which buffer it was); 0 headless.
    public let userData: UInt64
    /// The timestamp in seconds; exact for a virtual display, whose vblanks are not whole microseconds.
    public let seconds: Double

    /// A flip at `timestamp` microseconds; `seconds` when given is the exact time, else it is `timestamp` in seconds.
    public init(sequence: UInt32, timestamp: Microseconds, userData: UInt64, seconds: Double? = nil) {
        self.sequence = sequence; self.timestamp = timestamp; self.userData = userData
        self.seconds = seconds ?? timestamp.seconds
    }
}
