/// When a display shows frames: every `interval` seconds from `origin` — the one prediction of when a frame will be
/// on screen. Each display keeps one (``Display/vblanks``): a DRM display moves it onto the flips it reads (a panel's
/// real refresh drifts from its mode's); fbdev, which reports no flips, keeps the one it started with; a virtual
/// display's flips lie on its grid from 0, so its frame times stay exact multiples of the interval.
public struct VBlankGrid: Sendable, Equatable {
    /// A vblank: the grid's times are `origin + k × interval`.
    public private(set) var origin: Double
    /// Seconds between vblanks.
    public let interval: Double

    /// Vblanks every `interval` seconds (positive) through `origin`.
    public init(origin: Double = 0, interval: Double) {
        precondition(interval > 0)
        self.origin = origin; self.interval = interval
    }

    /// The index of the first vblank at or after `time` (a nanosecond early still counts as on it).
    public func index(atOrAfter time: Double) -> Double { ((time - origin - 1e-9) / interval).rounded(.up) }

    /// The index of the last vblank at or before `time` (a billionth of a refresh late still counts as on it).
    public func index(atOrBefore time: Double) -> Double { ((time - origin) / interval + 1e-9).rounded(.down) }

    /// The time of vblank `index`.
    public func time(ofIndex index: Double) -> Double { origin + index * interval }

    /// The first vblank at or after `time`.
    public func vblank(atOrAfter time: Double) -> Double { self.time(ofIndex: index(atOrAfter: time)) }

    /// The first vblank after `time`: when a frame handed over at `time` is on screen.
    public func vblank(after time: Double) -> Double { self.time(ofIndex: index(atOrBefore: time) + 1) }

    /// The vblank one refresh before the one at or after `time`.
    public func vblank(before time: Double) -> Double { self.time(ofIndex: index(atOrAfter: time) - 1) }

    /// Follows a flip seen at `time`: the grid moves onto it unless it already lies on the grid (within 1 µs).
    public mutating func align(toFlipAt time: Double) {
        let nearest = ((time - origin) / interval).rounded()
        if abs(self.time(ofIndex: nearest) - time) > 1e-6 { origin = time }
    }
}
