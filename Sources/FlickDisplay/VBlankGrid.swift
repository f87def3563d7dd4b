/// When a display shows frames: every `interval` seconds from `origin`. The run loop keeps one per display, moved
/// onto the flips it sees (a panel's real refresh drifts from its mode's); a virtual display's flips lie on the grid
/// it started with, so its frame times stay exact multiples of the interval.
package struct VBlankGrid: Sendable, Equatable {
    package private(set) var origin: Double
    package let interval: Double

    package init(origin: Double = 0, interval: Double) {
        precondition(interval > 0)
        self.origin = origin; self.interval = interval
    }

    /// The index of the first vblank at or after `time` (a nanosecond early still counts as on it).
    package func index(atOrAfter time: Double) -> Double { ((time - origin - 1e-9) / interval).rounded(.up) }

    /// The index of the last vblank at or before `time` (a billionth of a refresh late still counts as on it).
    package func index(atOrBefore time: Double) -> Double { ((time - origin) / interval + 1e-9).rounded(.down) }

    package func time(ofIndex index: Double) -> Double { origin + index * interval }

    /// The first vblank at or after `time`.
    package func vblank(atOrAfter time: Double) -> Double { self.time(ofIndex: index(atOrAfter: time)) }

    /// The vblank one refresh before the one at or after `time`.
    package func vblank(before time: Double) -> Double { self.time(ofIndex: index(atOrAfter: time) - 1) }

    /// Follows a flip seen at `time`: the grid moves onto it unless it already lies on the grid (within 1 µs).
    package mutating func align(toFlipAt time: Double) {
        let nearest = ((time - origin) / interval).rounded()
        if abs(self.time(ofIndex: nearest) - time) > 1e-6 { origin = time }
    }
}
