/// The running animations of a scene, keyed by (target, key), advanced by the run loop with
/// `tick(to:)` and read back with `value(for:key:)`.
///
/// Completion handlers fire exactly once — `true` when an animation ran to its end, `false` when it was
/// replaced, stopped or removed — and may add animations. One added from a completion begins at the
/// moment the finished one ended, not at the frame that noticed, so chains stay seamless and do not depend
/// on the frame rate. Owned by the one thread that owns the frame.
public final class Animator<Target: Hashable> {
    /// Called exactly once per animation: `finished` is true when it ran to its end, false when it was replaced,
    /// stopped or removed.
    public typealias Completion = (_ finished: Bool) -> Void

    /// The time of the last tick: new animations begin here unless told otherwise.
    public private(set) var time: Double

    private struct Slot: Hashable {
        var target: Target
        var name: String
    }

    private struct Entry {
        var motion: any Motion
        var begin: Double
        var completion: Completion?
        /// Finished and held at its end value: shown, but no longer moving or waiting to complete.
        var isHeld = false
        /// Orders completions that fall in the same tick.
        var serial: Int
    }

    private var entries: [Slot: Entry] = [:]
    private var nextSerial = 0
    /// While a completion runs: when its animation ended, the begin time of anything it adds.
    private var chainTime: Double?

    /// An animator with nothing running, its clock at `time` seconds.
    public init(time: Double = 0) { self.time = time }

    // MARK: Adding and reading

    /// Runs `motion` on `key` of `target` from `beginTime` (default: now, or the end of the animation whose
    /// completion is running). An animation already under that key is replaced and completes with `false`.
    public func add<M: Motion>(_ motion: M, for target: Target, key: AnimationKey<M.Value>,
                               beginTime: Double? = nil, completion: Completion? = nil) {
        let slot = Slot(target: target, name: key.name)
        let replaced = entries[slot]
        entries[slot] = Entry(motion: motion, begin: beginTime ?? chainTime ?? time, completion: completion,
                              serial: nextSerial)
        nextSerial += 1
        // Runs after the new entry is in place, so the old handler already sees the newest state.
        replaced?.completion?(false)
    }

    /// The presented value, or nil when nothing animates the key (draw the model value then).
    public func value<Value>(for target: Target, key: AnimationKey<Value>) -> Value? {
        state(for: target, key: key)?.value
    }

    /// The presented value and its velocity, or nil when nothing animates the key.
    public func state<Value>(for target: Target, key: AnimationKey<Value>) -> MotionState<Value>? {
        guard let entry = entries[Slot(target: target, name: key.name)] else { return nil }
        if entry.isHeld, let held: Value = Self.finalValue(of: entry.motion) { return MotionState(value: held) }
        return Self.state(of: entry.motion, at: time - entry.begin)
    }

    /// True while `key` has a motion that has not yet completed (a held one does not count).
    public func isAnimating<Value>(_ target: Target, key: AnimationKey<Value>) -> Bool {
        entries[Slot(target: target, name: key.name)].map { !$0.isHeld } ?? false
    }

    /// True while anything still moves: the run loop keeps drawing frames until this is false.
    public var isAnimating: Bool { entries.values.contains { !$0.isHeld } }

    // MARK: Interrupting

    /// Stops the animation on `key` — a finger landed on it — and returns where it was and how fast it
    /// moved, for the gesture to carry on from. Its completion fires with `false`.
    @discardableResult
    public func stop<Value>(_ target: Target, key: AnimationKey<Value>) -> MotionState<Value>? {
        let slot = Slot(target: target, name: key.name)
        guard let entry = entries.removeValue(forKey: slot) else { return nil }
        let state: MotionState<Value>? = Self.state(of: entry.motion, at: time - entry.begin)
        entry.completion?(false)
        return state
    }

    /// Removes every animation of `target`; their completions fire with `false`.
    public func removeAll(for target: Target) {
        let removed = entries.filter { $0.key.target == target }.sorted { $0.value.serial < $1.value.serial }
        for (slot, _) in removed { entries[slot] = nil }
        for (_, entry) in removed { entry.completion?(false) }
    }

    /// Sends the animation on `key` to a new target without a jump in value or velocity (see each motion's
    /// `retargeted(to:at:)`). It keeps its completion handler. Returns false when nothing animates the key.
    @discardableResult
    public func retarget<Value>(_ target: Target, key: AnimationKey<Value>, to newValue: Value) -> Bool {
        let slot = Slot(target: target, name: key.name)
        guard var entry = entries[slot],
              let motion = Self.retargeted(entry.motion, to: newValue, at: time - entry.begin) else { return false }
        entry.motion = motion
        entry.begin = time
        entry.isHeld = false
        entries[slot] = entry
        return true
    }

    // MARK: Time

    /// Advances to `newTime` (ignored if earlier) and fires the completions of everything that ended,
    /// in the order they ended — including animations that completions add and that end before `newTime`.
    public func tick(to newTime: Double) {
        time = max(time, newTime)
        while true {
            // Take every finished entry out (or mark it held) before any handler runs, so handlers can add,
            // stop or replace freely and nothing completes twice.
            var finished: [(end: Double, serial: Int, completion: Completion?)] = []
            for (slot, entry) in entries where !entry.isHeld && entry.motion.isComplete(at: time - entry.begin) {
                let end = entry.motion.endTime.map { entry.begin + $0 } ?? time
                finished.append((min(end, time), entry.serial, entry.completion))
                if entry.motion.holdsAtEnd {
                    entries[slot]?.isHeld = true
                    entries[slot]?.completion = nil
                } else {
                    entries[slot] = nil
                }
            }
            if finished.isEmpty { return }
            finished.sort { ($0.end, $0.serial) < ($1.end, $1.serial) }
            for done in finished {
                let outer = chainTime
                chainTime = done.end
                done.completion?(true)
                chainTime = outer
            }
        }
    }

    /// Advances to the clock's `now` in seconds, as `tick(to:)` with a time does.
    public func tick(to clock: FrameClock) { tick(to: clock.now) }

    // MARK: Opening the stored motions

    private static func state<Value>(of motion: any Motion, at elapsed: Double) -> MotionState<Value>? {
        func open<M: Motion>(_ m: M) -> MotionState<Value>? {
            let s = m.state(at: max(0, elapsed))
            guard let value = s.value as? Value, let velocity = s.velocity as? Value else { return nil }
            return MotionState(value: value, velocity: velocity)
        }
        return open(motion)
    }

    private static func finalValue<Value>(of motion: any Motion) -> Value? {
        func open<M: Motion>(_ m: M) -> Value? { m.finalValue as? Value }
        return open(motion)
    }

    private static func retargeted<Value>(_ motion: any Motion, to target: Value, at elapsed: Double) -> (any Motion)? {
        func open<M: Motion>(_ m: M) -> (any Motion)? {
            guard let typed = target as? M.Value else { return nil }
            return m.retargeted(to: typed, at: max(0, elapsed))
        }
        return open(motion)
    }
}
