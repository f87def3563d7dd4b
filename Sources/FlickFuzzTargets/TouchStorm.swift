import FlickGestures

/// Well-formed multi-finger touch frames built step by step: a finger goes down before it moves and lifts
/// once, as libinput and the touch-script reader guarantee.
struct TouchStorm {
    let width: Double
    let height: Double
    private(set) var frames: [TouchFrame] = []
    private(set) var time: Microseconds = 0
    private var down: [Int: Point] = [:]

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func wait(milliseconds: Int) { time += Microseconds(milliseconds: Double(milliseconds)) }

    /// Finger `id` to `point`: down when it is up, else a move.
    mutating func touch(_ id: Int, at point: Point) {
        let phase: TouchEvent.Phase = down[id] == nil ? .down : .move
        down[id] = point
        emit(TouchEvent(phase, id: TouchID(rawValue: id), at: point, time: time))
    }

    /// Finger `id` lifts (or the touch is cancelled); nothing when it is not down.
    mutating func lift(_ id: Int, cancelled: Bool = false) {
        guard let point = down.removeValue(forKey: id) else { return }
        emit(TouchEvent(cancelled ? .cancel : .up, id: TouchID(rawValue: id), at: point, time: time))
    }

    mutating func liftAll() {
        for id in down.keys.sorted() { lift(id) }
    }

    mutating func drag(from: (Double, Double), to: (Double, Double), steps: Int = 8) {
        wait(milliseconds: 300)
        touch(0, at: Point(x: from.0, y: from.1))
        for i in 1...steps {
            wait(milliseconds: 16)
            let f = Double(i) / Double(steps)
            touch(0, at: Point(x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f))
        }
        lift(0)
    }

    /// A finger down and up at `point` a moment later: a tap.
    mutating func tap(at point: (Double, Double)) {
        wait(milliseconds: 300)
        touch(0, at: Point(x: point.0, y: point.1))
        wait(milliseconds: 60)
        lift(0)
    }

    private mutating func emit(_ event: TouchEvent) {
        if let last = frames.last, last.time == time {
            frames[frames.count - 1].events.append(event)
        } else {
            frames.append(TouchFrame(time: time, events: [event]))
        }
    }
}
