/// When the screen changes by itself: the idle times of the policy as the window of the schedule ruling now bends
/// them, and the schedule's boundaries.
extension ScreenPower {
    /// The window of the schedule ruling now, if any.
    var rule: ScreenSchedule.Window? { window.map { schedule.windows[$0] } }

    /// The level while lit: an action's, else the window's, else the policy's.
    var brightLevel: Double { brightnessOverride ?? rule?.brightness ?? policy.brightLevel }
    /// The level while dimmed, never above the bright one.
    var dimLevel: Double { min(policy.dimLevel, brightLevel) }
    /// Idle seconds before dimming: none in an `on` window, and none without a light to dim.
    private var dimAfter: Double? { rule?.mode == .on || !hasBacklight ? nil : policy.dimAfter }
    /// Idle seconds before blanking: none in an `on` window; in an `off` one the policy's, else the default wake time.
    private var blankAfter: Double? {
        switch rule?.mode {
        case .on?: nil
        case .off?: policy.blankAfter ?? ScreenSchedule.defaultWake
        case .idle?, nil: policy.blankAfter
        }
    }

    /// When the idle time next dims or blanks the screen, or nil.
    private var idleChange: Double? {
        switch state {
        // A dim time not before the blank one is the blank.
        case .on: [dimAfter, blankAfter].compactMap { $0 }.min().map { lastActivity + $0 }
        case .dimmed: blankAfter.map { lastActivity + $0 }
        case .blanked: nil
        }
    }

    /// When the screen changes next without input, seconds on the loop's clock, or nil: an idle time running out or
    /// a window of the schedule starting or ending, so the loop sleeps until exactly then.
    package var nextChange: Double? { [idleChange, boundary].compactMap { $0 }.min() }

    /// Dims, blanks, or follows the schedule where that is due at `now` (seconds on the loop's clock), in order.
    package func advance(to now: Double) {
        while let change = nextChange, change <= now + VirtualWaiter.tolerance {
            if let boundary, boundary <= change {
                cross(at: boundary)
                continue
            }
            let idle = change - lastActivity
            if state == .on && idle < (blankAfter ?? .infinity) {
                dim()
                log("screen dimmed after \(Int(idle.rounded())) s without input")
            } else {
                turnOff()
                log("screen blanked after \(Int(idle.rounded())) s without input")
            }
        }
    }

    /// Starts following `schedule` at `now`: the window ruling now takes the screen as its start would.
    func follow(_ schedule: ScreenSchedule, from now: Double) {
        boundary = schedule.windows.isEmpty ? nil : now
        advance(to: now)
    }

    /// A window may start or end at `time`: when the one ruling changes, the screen goes off (an `off` window), comes
    /// on (leaving an `off` window, entering an `on` one) or takes the new level; leaving an `off` or `on` window the
    /// idle time starts again, so the screen does not blank the moment it comes on.
    private func cross(at time: Double) {
        guard let clock else { boundary = nil; return }
        boundary = schedule.nextBoundary(after: time, clock: clock)
        let old = rule
        let new = schedule.window(at: clock.time(time))
        guard new != window else { return }
        window = new
        brightnessOverride = nil
        let what = rule.map { "schedule \($0.span)" } ?? "outside the schedule"
        if rule?.mode == .off {
            if state != .blanked { turnOff() }
            log("\(what): screen off")
            return
        }
        if old?.mode == .off || old?.mode == .on { lastActivity = max(lastActivity, time) }
        if (old?.mode == .off || rule?.mode == .on) && state != .on { turnOn() } else { light() }
        log("\(what): screen \(state == .blanked ? "off until a touch" : "\(state.rawValue) at \(Int((brightness * 100).rounded())) %")")
    }
}
