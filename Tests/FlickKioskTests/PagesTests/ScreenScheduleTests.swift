@testable import FlickKiosk
import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import FlickUI
import Foundation
import Testing

// The café's screen on the virtual clock: off from 22:00 to 06:30, dimmer in the evening. The loop's clock starts
// on a Monday at 21:59:00, so 22:00 is at 60 s exactly.

private let day = 86_400.0
private let start = 21 * 3600 + 59 * 60.0

/// A clock that starts on Monday at `start` seconds into the day and never changes its time zone.
private func monday(at start: Double) -> WeekClock {
    WeekClock { t in
        let s = start + t
        return WeekTime(weekday: 1 + Int((s / day).rounded(.down)) % 7, secondsIntoDay: s.truncatingRemainder(dividingBy: day))
    }
}

/// Equal to the millisecond the schedule keeps (times are sums of floating-point seconds).
private func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }

private let night = ScreenSchedule.Window(from: 22 * 3600, until: 6 * 3600 + 1800, mode: .off)

/// A scene that fills the screen grey: black pixels mean the screen is off.
private final class Grey: Scene {
    var touches = 0
    func handle(_ event: InputEvent) { if case .touches = event { touches += 1 } }
    func advance(to time: Double) {}
    var needsFrame: Bool { false }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 8), color: Color(hex: 0x808080))
        return [PixelRect(x: 0, y: 0, width: 8, height: 8)]
    }
    var nextDeadline: Double? { nil }
}

/// A fake sysfs backlight in a temporary directory, full scale 100.
private func fakeBacklight() throws -> Backlight {
    let device = "\(temporaryStateDirectory())/panel"
    try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
    try "100\n".write(toFile: "\(device)/max_brightness", atomically: true, encoding: .utf8)
    try "100\n".write(toFile: "\(device)/brightness", atomically: true, encoding: .utf8)
    return try Backlight(path: device)
}

@Suite struct ScreenScheduleTests {
    /// Off at 22:00 exactly; a touch wakes it (and presses nothing) for the idle time; off again after it; on at
    /// 06:30, drawn whole, with the idle time starting then.
    @Test func offAtTenATouchWakesItForTheIdleTimeOnAtHalfPastSix() throws {
        let scene = Grey()
        var said: [String] = []
        let player = VirtualClockPlayer(scene: scene, width: 8, height: 8, idle: IdlePolicy(blankAfter: 50),
                                        schedule: ScreenSchedule([night]), weekClock: monday(at: start)) { said.append($0) }
        let power = try #require(player.screenPower)
        #expect(near(power.nextChange, 50), "the idle time comes first")
        player.enqueue(tapScript(at: (4, 4), downMs: 20_000, upMs: 20_050))
        var states: [ScreenPower.State] = []
        player.run(until: 59.9, stops: [59.9]) { _ in states.append(power.state) }
        #expect(states == [.on] && near(power.nextChange, 60), "22:00 is next, before the idle time runs out at 70.05 s")
        player.run(until: 60)
        #expect(power.state == .blanked && player.screen[4, 4] == 0xFF00_0000)
        let framesWhileOff = player.framesDrawn, touches = scene.touches

        player.enqueue(tapScript(at: (4, 4), downMs: 1000_000, upMs: 1000_050))
        player.run(until: 1001)
        #expect(power.state == .on && scene.touches == touches, "the waking tap is swallowed")
        #expect(player.screen[4, 4] == 0xFF80_8080 && player.framesDrawn == framesWhileOff + 1)
        #expect(near(power.nextChange, 1050.05), "back off after the idle time from the lift")
        player.run(until: 1050.05)
        #expect(power.state == .blanked)

        let halfPastSix = 60 + 8.5 * 3600
        #expect(near(power.nextChange, halfPastSix))
        player.run(until: halfPastSix)
        #expect(power.state == .on && player.screen[4, 4] == 0xFF80_8080)
        #expect(near(power.nextChange, halfPastSix + 50), "the idle time starts at 06:30")
        #expect(said == ["schedule 22:00–06:30: screen off", "screen woken by a touch (not passed on)",
                         "screen blanked after 50 s without input", "outside the schedule: screen on at 100 %"])
    }

    /// Started inside an `off` window the screen is off from the first moment; between 06:30 and 22:00 the loop has
    /// nothing to wake for but the boundaries.
    @Test func aKioskStartedAtNightStartsOffAndWakesOnlyAtTheBoundaries() {
        let player = VirtualClockPlayer(scene: Grey(), width: 8, height: 8, schedule: ScreenSchedule([night]),
                                        weekClock: monday(at: 23 * 3600))
        let power = player.screenPower!
        #expect(power.state == .blanked && near(power.nextChange, 7.5 * 3600))
        player.run(until: 7.5 * 3600)
        #expect(power.state == .on && near(power.nextChange, 23 * 3600))
    }

    /// A brightness window sets the light while it rules; an action's level holds until the next boundary; dimming
    /// never goes above the window's level.
    @Test func aBrightnessWindowAndTheBacklightActionSetTheLight() throws {
        let backlight = try fakeBacklight()
        let evening = ScreenSchedule.Window(from: 22 * 3600, until: 23 * 3600, mode: .idle, brightness: 0.3)
        let power = ScreenPower(policy: IdlePolicy(dimAfter: 600, brightLevel: 0.8, dimLevel: 0.5), schedule: ScreenSchedule([evening]),
                                weekClock: monday(at: start), display: HeadlessDisplay(width: 4, height: 4), backlight: backlight,
                                now: 0) { _ in }
        #expect(backlight.level == 0.8 && near(power.nextChange, 60))
        power.advance(to: 60)
        #expect(backlight.level == 0.3 && power.state == .on && near(power.nextChange, 600))
        power.advance(to: 600)
        #expect(power.state == .dimmed && backlight.level == 0.3, "dim is never brighter than bright")
        power.setBrightness(percent: 55, at: 700)
        #expect(power.state == .on && backlight.level == 0.55)
        power.advance(to: 1299)
        #expect(power.state == .on && backlight.level == 0.55)
        power.advance(to: 60 + 3600)
        #expect(power.state == .dimmed && backlight.level == 0.5, "dimmed at 1300 s, at the policy's dim level after 23:00")
        let touch = TouchFrame(time: 3_700_000_000, events: [TouchEvent(.down, id: .finger(0), at: Point(x: 1, y: 1), time: 3_700_000_000)])
        _ = power.filter([InputEvent.touches(touch)], at: 3700)
        #expect(power.state == .on && backlight.level == 0.8, "the window's end ended the action's level")
    }

    /// In an `on` window the idle times neither dim nor blank; on a day the window is not for, they do.
    @Test func anOnWindowKeepsTheScreenOnOnlyOnItsDays() {
        let opening = ScreenSchedule.Window(days: [6, 7], from: 9 * 3600, until: 17 * 3600, mode: .on)
        for (weekday, expected) in [(6, ScreenPower.State.on), (1, .blanked)] {
            let clock = WeekClock { WeekTime(weekday: weekday, secondsIntoDay: 10 * 3600 + $0) }
            let power = ScreenPower(policy: IdlePolicy(blankAfter: 60), schedule: ScreenSchedule([opening]), weekClock: clock,
                                    display: HeadlessDisplay(width: 4, height: 4), backlight: nil, now: 0) { _ in }
            power.advance(to: 3600)
            #expect(power.state == expected)
        }
    }

    /// The blank and wake actions: blanked until a touch or a wake; a wake in an `off` window lasts the wake time.
    @Test func theBlankAndWakeActions() {
        let display = HeadlessDisplay(width: 4, height: 4)
        var said: [String] = []
        let power = ScreenPower(policy: IdlePolicy(), schedule: ScreenSchedule([night]), weekClock: monday(at: start),
                                display: display, backlight: nil, now: 0) { said.append($0) }
        power.blank()
        #expect(power.state == .blanked && display.isBlanked && near(power.nextChange, 60))
        power.wake(at: 20)
        #expect(power.state == .on && !display.isBlanked)
        power.advance(to: 60)
        #expect(power.state == .blanked)
        power.wake(at: 100)
        #expect(power.state == .on && near(power.nextChange, 100 + ScreenSchedule.defaultWake))
        #expect(said.prefix(2) == ["screen blanked by an action", "screen woken by an action"])
    }

    /// An hour lost to daylight saving time between now and the boundary: the loop still wakes at 06:30 local.
    @Test func theBoundaryIsExactAcrossAChangeOfDaylightSavingTime() {
        // Loop time 0 is 01:00; at 3600 s (02:00) the clocks go forward to 03:00.
        let clock = WeekClock { t in WeekTime(weekday: 7, secondsIntoDay: 3600 + t + (t >= 3600 ? 3600 : 0)) }
        let power = ScreenPower(policy: IdlePolicy(), schedule: ScreenSchedule([night]), weekClock: clock,
                                display: HeadlessDisplay(width: 4, height: 4), backlight: nil, now: 0) { _ in }
        #expect(power.state == .blanked && near(power.nextChange, 4.5 * 3600))
    }

    /// Through the config and the kiosk's wall clock: 22:00 local, whatever the machine's time zone.
    @Test func theConfigsScheduleOnTheWallClock() throws {
        let json = """
        {"display": {"schedule": [{"from": "22:00", "until": "06:30", "screen": "off"},
                                  {"days": ["Sat", "sun"], "brightness": 40}]},
         "pages": [{"id": "a", "content": {"type": "text", "title": "A", "body": ""}}]}
        """
        let config = try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/")
        let schedule = try #require(config.display?.schedule)
        #expect(schedule.windows == [night, ScreenSchedule.Window(days: [6, 7], from: 0, until: 0, mode: .idle, brightness: 0.4)])
        // 2026-01-14 (a Wednesday, far from any change of daylight saving time), 21:59:00 local.
        let noon = 1_768_392_000.0
        let local = LocalTime(epoch: noon)
        let clock = WallClock(epoch: noon - local.secondsIntoDay + start)
        #expect(clock.weekTime(at: 60) == WeekTime(weekday: 3, secondsIntoDay: 22 * 3600))
        let power = ScreenPower(policy: IdlePolicy(), schedule: schedule, weekClock: clock.weekClock,
                                display: HeadlessDisplay(width: 4, height: 4), backlight: nil, now: 0) { _ in }
        #expect(near(power.nextChange, 60))
    }

    @Test func scheduleErrorsNameTheirField() {
        let json = """
        {"display": {"schedule": [{"from": "22:00"}, {"from": "25:00", "until": "06:30", "screen": "off"},
                                  {"days": ["mon", "funday"], "screen": "dim"}, {"from": "07:00", "until": "07:00", "screen": "on"},
                                  {"brightness": 0, "colour": 3}]},
         "pages": [{"id": "a", "content": {"type": "text", "title": "A", "body": ""}}]}
        """
        #expect(throws: KioskConfigError.self) { try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/") }
        do { _ = try KioskConfig.parse(Array(json.utf8), file: "k.json", directory: "/") } catch {
            #expect(error.lines == [
                #"k.json: display.schedule[4].colour: unknown field (expected one of: days, from, until, screen, brightness)"#,
                #"k.json: display.schedule[0].until: missing; expected the time the window ends, like "06:30" (or leave out "from" too, for the whole day)"#,
                #"k.json: display.schedule[0]: a window that changes nothing: give "screen": "off" or "on", or a "brightness" from 1 to 100"#,
                #"k.json: display.schedule[1].from: expected a time of day like "06:30" (00:00 to 23:59), got "25:00""#,
                #"k.json: display.schedule[2].days[1]: expected one of mon, tue, wed, thu, fri, sat, sun, got "funday""#,
                #"k.json: display.schedule[2].screen: expected one of "off", "on", got "dim""#,
                #"k.json: display.schedule[3].until: the window ends when it starts: leave out "from" and "until" for the whole day"#,
                #"k.json: display.schedule[4].brightness: expected a number from 1 to 100, got 0"#,
            ])
        }
    }

    /// A reloaded config's schedule rules at once: a screen off by the old one's window comes on when the new one has
    /// none, and goes off again when a new window holds the moment.
    @Test func aNewScheduleRulesFromTheMomentItIsGiven() {
        let display = HeadlessDisplay(width: 4, height: 4)
        let power = ScreenPower(policy: IdlePolicy(), schedule: ScreenSchedule([night]), weekClock: monday(at: 23 * 3600),
                                display: display, backlight: nil, now: 0) { _ in }
        #expect(power.state == .blanked)
        power.update(policy: IdlePolicy(), schedule: ScreenSchedule(), at: 10)
        #expect(power.state == .on && !display.isBlanked && power.nextChange == nil)
        power.update(policy: IdlePolicy(), schedule: ScreenSchedule([night]), at: 20)
        #expect(power.state == .blanked && near(power.nextChange, 7.5 * 3600))
    }
}
