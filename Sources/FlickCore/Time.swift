/// Microseconds on a monotonic clock: when a touch happened (the kernel's input timestamps) and when a page flip put
/// a frame on screen (CLOCK_MONOTONIC for DRM, virtual headless). Frame times and animations count in seconds
/// (`Double`), touch scripts in milliseconds; the initialisers and properties here are the one conversion between them.
public typealias Microseconds = Int64

extension Microseconds {
    /// `seconds` to the nearest microsecond.
    public init(seconds: Double) { self.init((seconds * 1e6).rounded()) }

    /// `milliseconds` to the nearest microsecond.
    public init(milliseconds: Double) { self.init((milliseconds * 1000).rounded()) }

    /// A kernel timestamp (a `timeval`): whole seconds and the microseconds past them.
    public init(seconds: some BinaryInteger, microseconds: some BinaryInteger) {
        self = Microseconds(seconds) * 1_000_000 + Microseconds(microseconds)
    }

    /// These microseconds in seconds.
    public var seconds: Double { Double(self) / 1e6 }

    /// These microseconds in milliseconds.
    public var milliseconds: Double { Double(self) / 1000 }
}
