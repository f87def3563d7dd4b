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

/// The screen's power for the run loop: dims the backlight and then blanks the panel after the idle times, and
/// wakes it on a touch or a key — which is swallowed whole (down to the last finger's lift, press to release), so
/// waking a dark screen never presses what was under the finger. Blanked, the loop draws nothing.
///
/// Make one and hand it to a ``FrameLoop`` (FlickBoard's `Board.run` does, from `BoardOptions.idle`): the loop
/// drives it on its thread, and ``state`` says where it is.
public final class ScreenPower {
    /// How the screen is.
    public enum State: String, Sendable {
        /// Lit at the policy's bright level.
        case on
        /// Lit at the policy's dim level.
        case dimmed
        /// Off: backlight at 0 and the panel blanked; the loop draws nothing.
        case blanked
    }

    /// The times and levels it follows.
    public let policy: IdlePolicy
    /// How the screen is now.
    public private(set) var state = State.on
    private let display: any Display
    private let backlight: Backlight?
    /// One line for the log on each change, and on each failure to change.
    private let log: (String) -> Void
    private var lastActivity: Double
    /// Fingers and keys of the waking input still down: their events go nowhere.
    private var swallowedTouches: Set<TouchID> = []
    private var swallowedKeys: Set<UInt32> = []

    /// Sets the backlight, if there is one, to the bright level now.
    ///
    /// - Parameters:
    ///   - policy: When to dim and blank, and the levels.
    ///   - display: Blanked and unblanked (a display that cannot blank stays on).
    ///   - backlight: The light to dim; nil: the screen only blanks.
    ///   - now: The time of the last activity, seconds on the loop's clock.
    ///   - log: Hears one line on each change and on each failure to change.
    public init(policy: IdlePolicy, display: any Display, backlight: Backlight?, now: Double, log: @escaping (String) -> Void) {
        self.policy = policy; self.display = display; self.backlight = backlight; self.log = log
        lastActivity = now
        if policy.dimAfter != nil && backlight == nil {
            let blanks = policy.blankAfter.map { "the screen still blanks after \(Int($0.rounded())) s" }
                ?? "nothing blanks either (no display.idle.blank)"
            log("display.idle.dim: no backlight to dim (none in /sys/class/backlight, or display.backlight names none): nothing dims; \(blanks)")
        }
        if let backlight { setLight(policy.brightLevel, backlight) }
    }

    /// When the screen changes next without input, seconds on the loop's clock, or nil.
    package var nextChange: Double? {
        switch state {
        case .on:
            // Dimming needs a backlight; a dim time not before the blank one is the blank.
            return [backlight == nil ? nil : policy.dimAfter, policy.blankAfter].compactMap { $0 }.min().map { lastActivity + $0 }
        case .dimmed: return policy.blankAfter.map { lastActivity + $0 }
        case .blanked: return nil
        }
    }

    /// Dims or blanks if that is due at `now` (seconds on the loop's clock).
    package func advance(to now: Double) {
        while let change = nextChange, change <= now + VirtualWaiter.tolerance {
            let idle = Int((change - lastActivity).rounded())
            if state == .on && change - lastActivity < (policy.blankAfter ?? .infinity), let backlight {
                state = .dimmed
                setLight(policy.dimLevel, backlight)
                log("screen dimmed after \(idle) s without input")
            } else {
                state = .blanked
                backlight.map { setLight(0, $0) }
                setBlanked(true)
                log("screen blanked after \(idle) s without input")
            }
        }
    }

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
                    brighten()
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
                    brighten()
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
        setBlanked(false)
        brighten()
        log("screen woken by \(what) (not passed on)")
    }

    private func brighten() {
        state = .on
        if let backlight { setLight(policy.brightLevel, backlight) }
    }

    private func setBlanked(_ blanked: Bool) {
        do { try display.setBlanked(blanked) } catch { log("cannot \(blanked ? "blank" : "unblank") the screen: \(error)") }
    }

    private func setLight(_ level: Double, _ backlight: Backlight) {
        do { try backlight.set(level) } catch { log("\(error)") }
    }
}
