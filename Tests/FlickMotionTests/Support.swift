import FlickMotion

func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

func isClose(_ a: Vector, _ b: Vector, _ tolerance: Double) -> Bool { (a - b).length <= tolerance }


/// Frame times from `start` (exclusive) to `end` (inclusive) at `rate` frames per second, computed from
/// the frame index so they do not accumulate rounding.
func frames(from start: Double = 0, to end: Double, rate: Double) -> [Double] {
    let count = Int(((end - start) * rate).rounded())
    return (1...count).map { start + Double($0) / rate }
}

func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { a.distance(to: b) <= tolerance }
