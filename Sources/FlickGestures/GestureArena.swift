/// Identifies a recogniser in an arena: ``GestureArena/add(_:region:depth:)`` hands it out (in a ``GestureHandle``),
/// and ``GestureChange`` names the recogniser it is about by it. Ordered by when they were added.
public struct GestureID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The recogniser's position in the arena, in the order they were added.
    let index: Int

    public static func < (a: GestureID, b: GestureID) -> Bool { a.index < b.index }

    public var description: String { "gesture \(index)" }
}

/// A typed `GestureID`: reads the recogniser back out of the arena as its own type.
public struct GestureHandle<Recognizer: GestureRecognizer>: Hashable, Sendable {
    /// The untyped identity, as ``GestureChange`` reports it.
    public let id: GestureID
}

/// A recogniser about to be granted the touches, and the others that could still win them: what a veto decides on.
public struct GestureClaim: Sendable {
    /// The recogniser asking to begin (or to end, for a discrete one).
    public var gesture: GestureID
    /// The claiming recogniser as it is now.
    public var recognizer: any GestureRecognizer
    /// Deepest first, then in the order they were added.
    public var rivals: [GestureID]
}

/// A state the arena granted a recogniser, in the order the app should act on them.
public struct GestureChange: Hashable, Sendable, CustomStringConvertible {
    /// The recogniser the change is about.
    public var gesture: GestureID
    /// What the arena granted: began, changed, ended, cancelled or failed (never possible).
    public var state: GestureState
    /// The frame's or tick's time, in microseconds.
    public var time: Microseconds

    /// A change of `gesture` to `state` at `time` (the arena makes these; tests compare against them).
    public init(gesture: GestureID, state: GestureState, time: Microseconds) {
        self.gesture = gesture
        self.state = state
        self.time = time
    }

    public var description: String { "\(gesture) \(state) t=\(time)µs" }
}

/// Decides which of several recognisers gets the touches.
///
/// Each recogniser is attached with the region of its view and the view's depth. A touch goes to every
/// recogniser whose region it lands in; they all watch it, and the first to claim it by its own rule (a swipe at
/// its slop, a tap on lifting) wins. The others fail and stop receiving touches. Between recognisers claiming in
/// the same frame the deeper view wins, then the one added first. While a gesture is under way, new touches go
/// only to it, so there is never more than one winner at a time.
///
/// A recogniser can be made to wait for another to fail (`require(_:toFail:)`): a tap that would end is held back
/// until the double tap gives up, and is refused if the double tap succeeds.
///
/// A recogniser's claim can be vetoed: `handle(_:shouldBegin:)` asks before granting one (UIKit's
/// `gestureRecognizerShouldBegin`); a vetoed recogniser fails and the next claimant in the same frame may win.
/// FlickUI's touch dispatcher decides nested scrolling and edge swipes this way.
///
/// The arena reads no clock: `tick(to:)` at `deadline` lets time-based recognisers decide between frames. The
/// same frames and ticks always give the same changes.
public struct GestureArena: Sendable {
    private struct Entry: Sendable {
        var recognizer: any GestureRecognizer
        /// Nil for the whole plane.
        var region: Rect?
        var depth: Int
        var requiredToFail: [Int] = []
        /// The touches given to this recogniser that are still down.
        var touches: Set<TouchID> = []
        /// Has had touches since it last reset.
        var engaged = false
        /// What the arena has told the app.
        var granted = GestureState.possible
    }

    private var entries: [Entry] = []
    /// Indices of `entries`, deepest first, then in the order they were added.
    private var priority: [Int] = []
    private var down: [TouchID: Point] = [:]

    /// An arena with no recognisers.
    public init() {}

    /// Adds a recogniser, which takes part in every touch that lands in `region` from now on.
    ///
    /// - Parameters:
    ///   - recognizer: The recogniser, in its `possible` state.
    ///   - region: Where on the screen, in pixels, a touch must land for this recogniser to receive it; nil (the
    ///     default) for anywhere, as a root view's recognisers take every touch.
    ///   - depth: How deep its view is in the view tree: between claims in the same frame the deeper wins.
    /// - Returns: The handle to read the recogniser back with (`arena[handle]`) and to make it wait on others with.
    public mutating func add<R: GestureRecognizer>(
        _ recognizer: R,
        region: Rect? = nil,
        depth: Int = 0
    ) -> GestureHandle<R> {
        entries.append(Entry(recognizer: recognizer, region: region, depth: depth))
        priority = entries.indices.sorted { a, b in
            entries[a].depth != entries[b].depth ? entries[a].depth > entries[b].depth : a < b
        }
        return GestureHandle(id: GestureID(index: entries.count - 1))
    }

    /// `gesture` may only be recognised once `other` has failed (or never took part).
    public mutating func require<A, B>(_ gesture: GestureHandle<A>, toFail other: GestureHandle<B>) {
        require(gesture.id, toFail: other.id)
    }

    /// `gesture` may only be recognised once `other` has failed (or never took part); by id.
    public mutating func require(_ gesture: GestureID, toFail other: GestureID) {
        let a = gesture.index, b = other.index
        precondition(a != b && !depends(b, on: a), "require(_:toFail:) would make \(gesture) and \(other) wait for each other")
        entries[a].requiredToFail.append(b)
    }

    private func depends(_ a: Int, on b: Int) -> Bool {
        entries[a].requiredToFail.contains { $0 == b || depends($0, on: b) }
    }

    /// The recogniser as it is now: translation, scale, decision and the rest.
    public subscript<R>(handle: GestureHandle<R>) -> R {
        // The handle was made by `add` for this very type.
        entries[handle.id.index].recognizer as! R
    }

    /// The recogniser as it is now, untyped.
    public func recognizer(of gesture: GestureID) -> any GestureRecognizer { entries[gesture.index].recognizer }

    /// What the arena has granted: a recogniser's own `state` may run ahead while the arena holds it back.
    public func state(of gesture: GestureID) -> GestureState { entries[gesture.index].granted }

    /// What the arena has granted the recogniser behind `handle`.
    public func state<R>(of handle: GestureHandle<R>) -> GestureState { state(of: handle.id) }

    /// The gesture under way, if any.
    public var winner: GestureID? {
        entries.indices.first { entries[$0].granted.isActive }.map { GestureID(index: $0) }
    }

    /// No finger is down and every recogniser that took part has finished: nothing more can happen until a new
    /// touch lands (a tap waiting for a double tap keeps the arena busy after the finger lifted).
    public var isIdle: Bool {
        down.isEmpty && entries.allSatisfy { !$0.engaged || $0.granted.isTerminal }
    }

    /// Whether a recogniser has touches and is still undecided.
    public func isUndecided(_ gesture: GestureID) -> Bool {
        entries[gesture.index].engaged && entries[gesture.index].granted == .possible
    }

    /// When the run loop must call `tick(to:)` if no frame comes first.
    public var deadline: Microseconds? {
        entries.filter { $0.engaged && !$0.granted.isTerminal }.compactMap(\.recognizer.deadline).min()
    }

    /// Routes one touch frame to the recognisers it concerns and decides the claims it brings: call it for every
    /// frame, in time order. A recogniser whose fingers have all lifted after it finished starts afresh first.
    ///
    /// `shouldBegin` is asked before a recogniser's claim is granted; false makes it fail instead, leaving the
    /// touches to its rivals.
    ///
    /// - Returns: What the arena granted, in the order to act on: the gesture under way first, then claims.
    public mutating func handle(_ frame: TouchFrame, shouldBegin: (GestureClaim) -> Bool = { _ in true }) -> [GestureChange] {
        var changes: [GestureChange] = []
        resetFinished()
        advance(to: frame.time, shouldBegin: shouldBegin, into: &changes)

        let current = winner?.index
        var routed = [[TouchEvent]](repeating: [], count: entries.count)
        for event in frame.events {
            switch event.phase {
            case .down where down[event.id] == nil:
                down[event.id] = event.position
                for i in entries.indices where !entries[i].granted.isTerminal && entries[i].region?.contains(event.position) ?? true {
                    guard current == nil || current == i else { continue }
                    entries[i].touches.insert(event.id)
                    entries[i].engaged = true
                    routed[i].append(event)
                }
            case .down, .move:
                guard down[event.id] != nil else { continue }
                down[event.id] = event.position
                for i in entries.indices where entries[i].touches.contains(event.id) { routed[i].append(event) }
            case .up, .cancel:
                guard down.removeValue(forKey: event.id) != nil else { continue }
                for i in entries.indices where entries[i].touches.contains(event.id) {
                    routed[i].append(event)
                    entries[i].touches.remove(event.id)
                }
            }
        }

        var received = [Bool](repeating: false, count: entries.count)
        for i in entries.indices where !routed[i].isEmpty && !entries[i].granted.isTerminal {
            entries[i].recognizer.handle(TouchFrame(time: frame.time, events: routed[i]))
            received[i] = true
        }
        resolve(at: frame.time, received: received, shouldBegin: shouldBegin, into: &changes)
        return changes
    }

    /// Takes `gesture` out of the touch under way (its owner disabled it): begun, it is cancelled; undecided, it
    /// fails; its rivals go on deciding without it.
    public mutating func withdraw(_ gesture: GestureID, at time: Microseconds,
                                  shouldBegin: (GestureClaim) -> Bool = { _ in true }) -> [GestureChange] {
        let i = gesture.index
        guard entries[i].engaged, !entries[i].granted.isTerminal else { return [] }
        entries[i].recognizer.cancel()
        var changes: [GestureChange] = []
        resolve(at: time, received: [Bool](repeating: false, count: entries.count), shouldBegin: shouldBegin, into: &changes)
        return changes
    }

    /// Lets time-based recognisers decide without a frame (a tap held too long, a double tap giving up on its
    /// second tap): the run loop calls it at ``deadline`` when no frame came first. `shouldBegin` is as for `handle`.
    ///
    /// - Returns: What the arena granted at `time`.
    public mutating func tick(to time: Microseconds, shouldBegin: (GestureClaim) -> Bool = { _ in true }) -> [GestureChange] {
        var changes: [GestureChange] = []
        resetFinished()
        advance(to: time, shouldBegin: shouldBegin, into: &changes)
        return changes
    }

    private mutating func advance(to time: Microseconds, shouldBegin: (GestureClaim) -> Bool,
                                  into changes: inout [GestureChange]) {
        for i in entries.indices where entries[i].engaged && !entries[i].granted.isTerminal {
            if let due = entries[i].recognizer.deadline, due <= time { entries[i].recognizer.tick(to: time) }
        }
        resolve(at: time, received: [Bool](repeating: false, count: entries.count), shouldBegin: shouldBegin,
                into: &changes)
    }

    private mutating func resolve(at time: Microseconds, received: [Bool], shouldBegin: (GestureClaim) -> Bool,
                                  into changes: inout [GestureChange]) {
        func report(_ i: Int, _ state: GestureState) {
            changes.append(GestureChange(gesture: GestureID(index: i), state: state, time: time))
        }

        // The gesture under way reports its progress first: if it ended, others may claim in the same frame.
        for i in priority where entries[i].granted.isActive {
            switch entries[i].recognizer.state {
            case .ended:
                entries[i].granted = .ended
                report(i, .ended)
            case .cancelled, .failed:
                entries[i].granted = .cancelled
                report(i, .cancelled)
            case .began, .changed:
                if received[i] {
                    entries[i].granted = .changed
                    report(i, .changed)
                }
            case .possible:
                break
            }
        }

        // Failing can free a recogniser waiting on it, so go round until nothing moves.
        var settled = false
        while !settled {
            settled = true
            for i in priority where entries[i].granted == .possible {
                let claimed = entries[i].recognizer.state
                switch claimed {
                case .possible:
                    continue
                case .failed, .cancelled:
                    entries[i].granted = .failed
                    report(i, .failed)
                case .began, .changed, .ended:
                    let dependencies = entries[i].requiredToFail
                    if dependencies.contains(where: { entries[$0].engaged && !entries[$0].granted.isTerminal }) {
                        continue // held until they fail
                    }
                    if dependencies.contains(where: { entries[$0].granted.isActive || entries[$0].granted == .ended })
                        || winner != nil || !shouldBegin(claim(by: i)) {
                        refuse(i, report)
                    } else {
                        if claimed == .ended {
                            if !entries[i].recognizer.isDiscrete { report(i, .began) }
                            entries[i].granted = .ended
                            report(i, .ended)
                        } else {
                            entries[i].granted = .began
                            report(i, .began)
                        }
                        for j in priority where j != i && entries[j].engaged && entries[j].granted == .possible {
                            refuse(j, report)
                        }
                    }
                }
                settled = false
            }
        }
    }

    /// The recognisers that could still win this touch besides `i`: engaged, undecided and not failed by their own rule.
    private func claim(by i: Int) -> GestureClaim {
        let rivals = priority.filter { j in
            j != i && entries[j].engaged && entries[j].granted == .possible
                && entries[j].recognizer.state != .failed && entries[j].recognizer.state != .cancelled
        }
        return GestureClaim(gesture: GestureID(index: i), recognizer: entries[i].recognizer,
                            rivals: rivals.map { GestureID(index: $0) })
    }

    private mutating func refuse(_ i: Int, _ report: (Int, GestureState) -> Void) {
        entries[i].recognizer.cancel()
        entries[i].granted = .failed
        report(i, .failed)
    }

    /// A recogniser that has finished and whose fingers have all lifted starts afresh for the next gesture. This
    /// happens as the next frame or tick comes in, not as it finishes, so the app can still read how it ended.
    private mutating func resetFinished() {
        for i in entries.indices where entries[i].granted.isTerminal && entries[i].touches.isEmpty {
            entries[i].recognizer.reset()
            entries[i].granted = .possible
            entries[i].engaged = false
        }
    }
}
