import FlickBoard
import FlickKiosk
import FlickText
import FlickUI
import Testing

/// The config's `display.schedule` reaches the board's screen power: a headless run whose wall clock starts at 21:59
/// local is off at 22:00.
@Test func aHeadlessRunFollowsTheConfigsSchedule() throws {
    let json = #"{"display": {"schedule": [{"from": "22:00", "until": "06:30", "screen": "off"}]}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#
    let kiosk = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    let options = BoardOptions(config: kiosk)
    #expect(options.schedule == kiosk.display?.schedule && options.schedule.windows.count == 1)
    // 2026-01-14, far from any change of daylight saving time, 21:59:00 in the machine's time zone.
    let noon = 1_768_392_000.0
    let clock = WallClock(epoch: noon - LocalTime(epoch: noon).secondsIntoDay + 21 * 3600 + 59 * 60)
    var states: [ScreenPower.State?] = []
    let headless = HeadlessRun(width: 64, height: 48, evenWithADisplay: true, wallClock: clock) { player in
        try player.run(until: 59.5)
        states.append(player.screenPower?.state)
        try player.run(until: 60.5)
        states.append(player.screenPower?.state)
    }
    try Board.run(options, headless: headless) { width, height, metrics, _ in
        PagesScene(config: kiosk, width: width, height: height, fonts: try FontCollection(), metrics: metrics)
    }
    #expect(states == [.on, .blanked])
}
