import FlickTestFixtures
import Foundation
import Testing
@testable import FlickGestures

/// Random touch streams: up to four fingers landing, wandering, lifting and being cancelled over the whole screen,
/// sampled at 25–120 Hz with irregular gaps, repeated timestamps and long pauses; with `garbage`, also events a
/// broken driver might send (moves and lifts of fingers that are not down, second downs).
struct RandomStreams {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func next(garbage: Bool) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var fingers: [Int: Point] = [:]
        var t: Microseconds = 0
        let interval = [8_333, 16_667, 40_000].randomElement(using: &rng)!
        let count = Int.random(in: 1...60, using: &rng)
        for index in 0..<count {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<5: break // same timestamp as the last frame
            case 5..<10: t += Microseconds.random(in: 200_000...700_000, using: &rng) // a pause: long presses, tap timeouts
            default: t += Microseconds(interval) + Microseconds.random(in: -2_000...2_000, using: &rng)
            }
            var events: [TouchEvent] = []
            for id in fingers.keys.sorted() {
                let p = fingers[id]!
                switch Int.random(in: 0..<100, using: &rng) {
                case 0..<8:
                    events.append(TouchEvent(.up, id: .finger(id), at: p, time: t))
                    fingers[id] = nil
                case 8..<10:
                    events.append(TouchEvent(.cancel, id: .finger(id), at: p, time: t))
                    fingers[id] = nil
                case 10..<30:
                    break // resting: panels send nothing
                default:
                    let step = Bool.random(using: &rng) ? 3.0 : 40.0
                    let q = Point(x: p.x + Double.random(in: -step...step, using: &rng), y: p.y + Double.random(in: -step...step, using: &rng))
                    events.append(TouchEvent(.move, id: .finger(id), at: q, time: t))
                    fingers[id] = q
                }
            }
            if index == 0 || (fingers.count < 4 && Int.random(in: 0..<100, using: &rng) < 18) {
                let id = (0..<5).first { candidate in fingers[candidate] == nil && !events.contains { $0.id == .finger(candidate) } }
                if let id {
                    let p = Point(x: Double.random(in: 0..<1280, using: &rng), y: Double.random(in: 0..<800, using: &rng))
                    events.append(TouchEvent(.down, id: .finger(id), at: p, time: t))
                    fingers[id] = p
                }
            }
            if garbage, Int.random(in: 0..<100, using: &rng) < 10 {
                let phase = TouchEvent.Phase.allCases.randomElement(using: &rng)!
                let id = TouchID.finger(Int.random(in: 0..<7, using: &rng))
                events.append(TouchEvent(phase, id: id, at: Point(x: Double.random(in: -50...1330, using: &rng), y: 400), time: t))
            }
            if !events.isEmpty { frames.append(TouchFrame(time: t, events: events)) }
        }
        t += Microseconds(interval)
        // Every finger lifts at the end, including any a garbage down left on the glass.
        let lifts = (0..<7).map { TouchEvent(.up, id: .finger($0), at: fingers[$0] ?? .zero, time: t) }
        frames.append(TouchFrame(time: t, events: garbage ? lifts : lifts.filter { fingers[$0.id.rawValue] != nil }))
        return frames
    }
}

/// Checks what an arena reports: at most one gesture under way, sensible state sequences, began only when
/// nothing else is under way.
struct ChangeChecker {
    var last: [GestureID: GestureState] = [:]
    let discrete: Set<GestureID>
    var problems: [String] = []

    mutating func check(_ changes: [GestureChange], stream: Int) {
        for change in changes {
            let previous = last[change.gesture]
            let wasActive = previous?.isActive ?? false
            switch change.state {
            case .began:
                if wasActive { problems.append("stream \(stream): \(change.gesture) began twice") }
                if let other = last.first(where: { $0.key != change.gesture && $0.value.isActive }) {
                    problems.append("stream \(stream): \(change.gesture) began while \(other.key) was under way")
                }
            case .changed, .cancelled:
                if !wasActive { problems.append("stream \(stream): \(change.gesture) \(change.state) after \(previous.map { "\($0)" } ?? "nothing")") }
            case .ended:
                if !wasActive && !discrete.contains(change.gesture) {
                    problems.append("stream \(stream): continuous \(change.gesture) ended without beginning")
                }
            case .failed:
                if wasActive { problems.append("stream \(stream): \(change.gesture) failed while under way") }
            case .possible:
                problems.append("stream \(stream): \(change.gesture) reported possible")
            }
            last[change.gesture] = change.state
        }
        if last.values.filter(\.isActive).count > 1 { problems.append("stream \(stream): two gestures under way") }
    }
}

/// The to-do page with a key press and a two-finger pan as well, and every change it reports for `frames`.
private func playThroughArena(_ frames: [TouchFrame], stream: Int, checker: inout ChangeChecker?) -> [GestureChange] {
    var todo = TodoPage()
    _ = todo.arena.add(PressRecognizer(), region: Rect(x: 100, y: 700, width: 600, height: 100), depth: 1)
    _ = todo.arena.add(PanRecognizer(metrics: metrics, maximumTouches: 2), region: Rect(x: 700, y: 0, width: 580, height: 800))
    if checker == nil { checker = ChangeChecker(discrete: [todo.tap.id, todo.doubleTap.id]) }
    var all: [GestureChange] = []
    for frame in frames {
        // The run loop ticks at the deadline when no frame comes first.
        while let deadline = todo.arena.deadline, deadline < frame.time {
            let changes = todo.arena.tick(to: deadline)
            checker?.check(changes, stream: stream)
            all += changes
            if todo.arena.deadline == deadline {
                checker?.problems.append("stream \(stream): the deadline \(deadline) passed without a decision")
                break
            }
        }
        let changes = todo.arena.handle(frame)
        checker?.check(changes, stream: stream)
        all += changes
        if [todo.page.id, todo.list.id, todo.pinch.id, todo.rowSwipe.id, todo.tap.id, todo.doubleTap.id]
            .filter({ todo.arena.state(of: $0).isActive }).count > 1 {
            checker?.problems.append("stream \(stream): the arena granted two gestures at once")
        }
    }
    let end = (frames.last?.time ?? 0) + 10_000_000
    let changes = todo.arena.tick(to: end)
    checker?.check(changes, stream: stream)
    all += changes
    if todo.arena.winner != nil || todo.arena.deadline != nil {
        checker?.problems.append("stream \(stream): the arena did not settle after every finger lifted")
    }
    all += todo.arena.tick(to: end + 1)
    for index in 0..<8 where todo.arena.state(of: GestureID(index: index)) != .possible {
        checker?.problems.append("stream \(stream): gesture \(index) did not start afresh")
    }
    return all
}

@Test func arenaNeverGrantsTwoGesturesAndEverythingSettles() {
    var streams = RandomStreams(seed: 0xF11C)
    var problems: [String] = []
    var granted = 0
    for stream in 0..<2_000 {
        let frames = streams.next(garbage: stream % 3 == 0)
        var checker: ChangeChecker?
        let changes = playThroughArena(frames, stream: stream, checker: &checker)
        granted += changes.filter { $0.state == .began || $0.state == .ended }.count
        problems += checker?.problems ?? []
        if let open = checker?.last.first(where: { $0.value.isActive }) {
            problems.append("stream \(stream): \(open.key) never finished")
        }
        if stream % 10 == 0 {
            var again: ChangeChecker? = ChangeChecker(discrete: [])
            if playThroughArena(frames, stream: stream, checker: &again) != changes {
                problems.append("stream \(stream): the same stream gave different changes")
            }
        }
    }
    #expect(problems.prefix(5).joined(separator: "\n") == "")
    #expect(granted > 500) // the streams do make gestures happen, not just failures
}

@Test func everyRecogniserOnItsOwnEndsInATerminalState() {
    var streams = RandomStreams(seed: 0xBEEF)
    let recognizers: [any GestureRecognizer] = [
        TapRecognizer(metrics: metrics), TapRecognizer(metrics: metrics, taps: 2), PressRecognizer(),
        PanRecognizer(metrics: metrics), PanRecognizer(metrics: metrics, axisLock: .only(.vertical), maximumTouches: 3),
        SwipeRecognizer(metrics: metrics), SwipeRecognizer(metrics: metrics, axes: [.horizontal]), PinchRecognizer(metrics: metrics),
    ]
    var problems: [String] = []
    for stream in 0..<1_500 {
        let frames = streams.next(garbage: stream % 2 == 0)
        for (which, recognizer) in recognizers.enumerated() {
            var r = recognizer
            var previous = r.state
            func check() {
                if previous.isTerminal && r.state != previous { problems.append("stream \(stream): #\(which) left \(previous) for \(r.state)") }
                if previous == .possible && (r.state == .changed || r.state == .cancelled) {
                    problems.append("stream \(stream): #\(which) went from possible to \(r.state)")
                }
                previous = r.state
            }
            for frame in frames {
                // The run loop ticks at the deadline when no frame comes first.
                while let deadline = r.deadline, deadline < frame.time {
                    r.tick(to: deadline)
                    check()
                    if r.deadline == deadline {
                        problems.append("stream \(stream): #\(which) let its deadline pass without deciding")
                        break
                    }
                }
                r.handle(frame)
                check()
            }
            r.tick(to: (frames.last?.time ?? 0) + 10_000_000)
            if !r.state.isTerminal { problems.append("stream \(stream): #\(which) stayed \(r.state)") }
            if r.state == .ended, let swipe = r as? SwipeRecognizer, swipe.decision == nil {
                problems.append("stream \(stream): #\(which) ended without a decision")
            }
            if let pinch = r as? PinchRecognizer, !(pinch.scale.isFinite) { problems.append("stream \(stream): pinch scale \(pinch.scale)") }
        }
    }
    #expect(problems.prefix(5).joined(separator: "\n") == "")
}
