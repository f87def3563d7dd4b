import FlickDisplay
import FlickGestures
import FlickInput

/// When an idle kiosk dims and blanks its screen (seconds without input), and how bright the light is.
public struct IdlePolicy: Sendable, Equatable {
    /// Seconds without input before the backlight dims to `dimLevel`; nil: it never dims.
    public var dimAfter: Double?
    /// Seconds without input before the panel blanks (backlight off, display blanked); nil: it never blanks.
    public var blankAfter: Double?
    /// Backlight levels, fractions of its maximum.
    public var brightLevel: Double
    /// The backlight's level while dimmed, a fraction of its maximum.
    public var dimLevel: Double

    /// A policy; without times the screen stays on.
    public init(dimAfter: Double? = nil, blankAfter: Double? = nil, brightLevel: Double = 1, dimLevel: Double = 0.2) {
        self.dimAfter = dimAfter; self.blankAfter = blankAfter; self.brightLevel = brightLevel; self.dimLevel = dimLevel
    }
}

/// The screen's power for the run loop, the one place that turns the panel and its light on and off: it dims the
/// backlight and then blanks the panel after the idle times, follows a ``ScreenSchedule`` (off at night, dimmer in
/// the evening) and does what the kiosk's actions ask (``blank()``, ``wake(at:)``,
/// ``setBrightness(percent:at:)``). A touch or a key wakes a blanked screen and is swallowed whole (down to the last
/// finger's lift, press to release), so waking a dark screen never presses what was under the finger. Blanked, the
/// loop draws nothing.
///
/// Make one and hand it to a ``FrameLoop`` (FlickBoard's `Board.run` does, from `BoardOptions.idle` and
/// `BoardOptions.schedule`): the loop drives it on its thread, waking exactly when the next change is due (an idle
/// time running out, a window of the schedule starting or ending) and never polling; ``state`` says where it is.
/// Call its methods on the loop's thread only (from a scene's input handling or actions).
public final class ScreenPower {
    /// How the screen is.
    public enum State: String, Sendable {
        /// Lit at its bright level.
        case on
        /// Lit at the dim level.
        case dimmed
        /// Off: backlight at 0 and the panel blanked; the loop draws nothing.
        case blanked
    }

    /// The idle times and levels it follows.
    public private(set) var policy: IdlePolicy
    /// The windows of the week it follows (none without a clock to read them by).
    public private(set) var schedule: ScreenSchedule
    /// How the screen is now.
    public private(set) var state = State.on
    /// The light's level now, a fraction of its maximum: the bright or dim level while lit, 0 blanked. Without a
    /// backlight it is the level there would be.
    public var brightness: Double {
        switch state {
        case .on: brightLevel
        case .dimmed: dimLevel
        case .blanked: 0
        }
    }

    private let display: any Display
    private let backlight: Backlight?
    /// What the schedule is read by; nil: no schedule is followed.
    let clock: WeekClock?
    /// One line for the log on each change, and on each failure to change.
    let log: (String) -> Void
    var lastActivity: Double
    /// The window of the schedule ruling now, and when the next may start or end.
    var window: Int?
    var boundary: Double?
    /// The level ``setBrightness(percent:at:)`` set, until the schedule's next boundary.
    var brightnessOverride: Double?
    /// Fingers and keys of the waking input still down: their events go nowhere.
    private var swallowedTouches: Set<TouchID> = []
    private var swallowedKeys: Set<UInt32> = []
    /// A level was asked of a missing backlight: said once, not for each step of a slider.
    private var saidNoBacklight = false

    /// Sets the backlight, if there is one, to the bright level now; blanks the screen at once when the schedule has
    /// it off now.
    ///
    /// - Parameters:
    ///   - policy: When to dim and blank, and the levels.
    ///   - schedule: The windows of the week when the screen is off, on or at another brightness; default none.
    ///   - weekClock: The day of the week and the time of day at each moment of the loop's clock, which the schedule is
    ///     read by; a schedule without one is ignored, with one line to `log`.
    ///   - display: Blanked and unblanked (a display that cannot blank stays on).
    ///   - backlight: The light to dim; nil: the screen only blanks.
    ///   - now: The time of the last activity, seconds on the loop's clock.
    ///   - log: Hears one line on each change and on each failure to change.
    public init(policy: IdlePolicy, schedule: ScreenSchedule = ScreenSchedule(), weekClock: WeekClock? = nil,
                display: any Display, backlight: Backlight?, now: Double, log: @escaping (String) -> Void) {
        self.policy = policy; self.display = display; self.backlight = backlight; self.log = log
        clock = weekClock
        self.schedule = schedule
        lastActivity = now
        if policy.dimAfter != nil && backlight == nil {
            let blanks = policy.blankAfter.map { "the screen still blanks after \(Int($0.rounded())) s" }
                ?? "nothing blanks either (no display.idle.blank)"
            log("display.idle.dim: no backlight to dim (none in /sys/class/backlight, or display.backlight names none): nothing dims; \(blanks)")
        }
        if clock == nil && !schedule.windows.isEmpty {
            log("display.schedule: no local time to read it by: the screen follows only its idle times")
            self.schedule = ScreenSchedule()
        }
        if backlight == nil, self.schedule.windows.contains(where: { $0.brightness != nil }) {
            log("display.schedule: no backlight to set a brightness on: only its off and on windows apply")
        }
        if let backlight { setLight(brightLevel, backlight) }
        follow(self.schedule, from: now)
    }

    /// Follows `policy` and `schedule` from `now` on (a config reloaded): the idle time goes on, and the screen takes
    /// the state the schedule gives it now.
    public func update(policy: IdlePolicy, schedule: ScreenSchedule, at now: Double) {
        let wasOff = rule?.mode == .off
        self.policy = policy
        self.schedule = clock == nil ? ScreenSchedule() : schedule
        window = nil
        follow(self.schedule, from: now)
        if wasOff && rule?.mode != .off && state == .blanked {
            lastActivity = now
            turnOn()
        }
        if state != .blanked { light() }
    }

    // MARK: Actions

    /// Blanks the screen now (the `blank` action), as the idle time would: it stays off until a touch or a key (which
    /// is swallowed) or ``wake(at:)``.
    public func blank() {
        guard state != .blanked else { return }
        turnOff()
        log("screen blanked by an action")
    }

    /// Wakes the screen now (the `wake` action): lit at its bright level, the idle time starting again at `now`. In
    /// an `off` window of the schedule it goes off again after the wake time.
    public func wake(at now: Double) {
        lastActivity = now
        guard state != .on else { return }
        let wasBlanked = state == .blanked
        turnOn()
        log(wasBlanked ? "screen woken by an action" : "screen brightened by an action")
    }

    /// Sets the light's bright level to `percent` of its maximum (clamped to 1 to 100; the `backlight` action) and
    /// lights the screen at it, the idle time starting again at `now`. It holds until the schedule's next window
    /// starts or ends, which sets its own level.
    public func setBrightness(percent: Double, at now: Double) {
        brightnessOverride = min(100, max(1, percent)) / 100
        if backlight == nil && !saidNoBacklight {
            saidNoBacklight = true
            log("backlight \(Int(percent.rounded())) %: no backlight to set (none in /sys/class/backlight, or display.backlight names none)")
        }
        wake(at: now)
        light()
    }

    // MARK: The loop

    /// Input at `now`: the idle time starts again, a dimmed screen brightens, and a blanked one wakes. Returns what
    /// the scene gets: everything, except the touch or key that woke the screen.
    package func filter(_ events: [InputEvent], at now: Double) -> [InputEvent] {
        var passed: [InputEvent] = []
        for event in events {
            switch event {
            case .touches(let frame):
                // Until every finger of the waking gesture has lifted (a finger added meanwhile is part of it).
                var swallowing = !swallowedTouches.isEmpty
                if state == .blanked {
                    // Only a finger coming down wakes the screen; the whole gesture it starts is swallowed.
                    guard frame.events.contains(where: { $0.phase == .down }) else { continue }
                    wake(by: "a touch")
                    swallowing = true
                } else if state == .dimmed {
                    turnOn()
                }
                lastActivity = now
                guard swallowing else {
                    passed.append(event)
                    continue
                }
                for e in frame.events {
                    if e.phase == .down { swallowedTouches.insert(e.id) }
                    if e.phase == .up || e.phase == .cancel { swallowedTouches.remove(e.id) }
                }
            case .key(let key):
                if state == .blanked {
                    guard key.isPressed else { continue }
                    wake(by: "a key")
                    swallowedKeys.insert(key.keysym)
                } else if state == .dimmed {
                    turnOn()
                }
                lastActivity = now
                if swallowedKeys.contains(key.keysym) {
                    if !key.isPressed { swallowedKeys.remove(key.keysym) }
                } else {
                    passed.append(event)
                }
            case .deviceAdded, .deviceRemoved:
                passed.append(event)
            }
        }
        return passed
    }

    private func wake(by what: String) {
        turnOn()
        log("screen woken by \(what) (not passed on)")
    }

    // MARK: Panel and light

    var hasBacklight: Bool { backlight != nil }

    /// Lit at the bright level, unblanked if it was blanked.
    func turnOn() {
        if state == .blanked { setBlanked(false) }
        state = .on
        light()
    }

    /// Lit at the dim level.
    func dim() {
        state = .dimmed
        light()
    }

    /// Backlight off and the panel blanked.
    func turnOff() {
        state = .blanked
        backlight.map { setLight(0, $0) }
        setBlanked(true)
    }

    /// The light at the level the state has now.
    func light() {
        if let backlight, state != .blanked { setLight(brightness, backlight) }
    }

    private func setBlanked(_ blanked: Bool) {
        do { try display.setBlanked(blanked) } catch { log("cannot \(blanked ? "blank" : "unblank") the screen: \(error)") }
    }

    private func setLight(_ level: Double, _ backlight: Backlight) {
        do { try backlight.set(level) } catch { log("\(error)") }
    }
}
