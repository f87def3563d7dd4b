import FlickMotion

func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

func isClose(_ a: Vector, _ b: Vector, _ tolerance: Double) -> Bool { (a - b).length <= tolerance }

/// A small deterministic generator (SplitMix64), so property tests draw the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Frame times from `start` (exclusive) to `end` (inclusive) at `rate` frames per second, computed from
/// the frame index so they do not accumulate rounding.
func frames(from start: Double = 0, to end: Double, rate: Double) -> [Double] {
    let count = Int(((end - start) * rate).rounded())
    return (1...count).map { start + Double($0) / rate }
}

func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { a.distance(to: b) <= tolerance }
