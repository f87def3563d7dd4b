@testable import FlickKiosk
import FlickJSON
import FlickRaster
import FlickUI
import Testing

// The factory panel at 800x480 and 160 dpi (a unit is a pixel): widgets 0 oven, 1 pressure gauge, 2 parts,
// 3 conveyor toggle, 4 speed slider, 5 batch bar, 6 acknowledge button, 7 clock.

/// How many pixels of `frame` on screen are exactly `colour` (the full-coverage inside of text and shapes).
private func count(_ colour: Color, in frame: Rect, of screen: Surface) -> Int {
    var n = 0
    for y in Int(frame.minY)..<Int(frame.maxY) {
        for x in Int(frame.minX)..<Int(frame.maxX) where screen[x, y] == colour.pixel { n += 1 }
    }
    return n
}

/// Values arriving from their sources, drawn by the widgets bound to them and by nothing else.
@Suite struct PanelLiveTests {
    @Test func aNewValueRedrawsItsWidgetAndNothingElse() throws {
        let panel = try PanelHarness()
        panel.receive(["temperature": .number(21.5), "parts": .number(1234), "pressure": .number(2)])
        let oven: ValueTile = panel.tile(0)
        let parts: ValueTile = panel.tile(2)
        #expect(oven.shown.text == "21.5")
        #expect(parts.shown.text == "1,234")
        let drawn = panel.player.framesDrawn
        let before = panel.player.screen.copy()

        panel.receive(["temperature": .number(22)])
        #expect(panel.player.framesDrawn == drawn + 1)
        #expect(oven.shown.text == "22.0")
        let damage = panel.player.display.lastDamage
        let frame = PixelRect(enclosing: oven.view.frame)
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { frame.intersection($0) == $0 }, "damage \(damage) outside the oven's \(frame)")
        let screen = panel.player.screen
        var changedOutside = 0, changedInside = 0
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen[x, y] != before[x, y] {
                if frame.contains(x, y) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > 0)
        #expect(changedOutside == 0)
    }

    @Test func anUnchangedValueDrawsNothing() throws {
        let panel = try PanelHarness()
        panel.receive(["temperature": .number(21.5)])
        let drawn = panel.player.framesDrawn
        panel.receive(["temperature": .number(21.5)])
        #expect(panel.player.framesDrawn == drawn)
    }

    @Test func aValuePastItsLimitTurnsItsTileToTheAlarmColour() throws {
        let panel = try PanelHarness()
        let oven: ValueTile = panel.tile(0)
        // Inside the tile, clear of its rounded corners and its text.
        let edge = (x: Int(oven.view.frame.minX) + 3, y: Int(oven.view.frame.maxY) - 20)
        let look = PanelLook(panel.page.context)
        for (value, alarm) in [(21.5, false), (80.5, true), (4.9, true), (5, false)] {
            panel.receive(["temperature": .number(value)])
            #expect(oven.shown.isAlarm == alarm, "\(value)")
            #expect(panel.player.screen[edge.x, edge.y] == (alarm ? look.alarmFill : look.theme.surface).pixel, "\(value)")
        }
    }

    @Test func aSilentSourceShowsStaleUntilItsNextValue() throws {
        let panel = try PanelHarness()
        panel.receive(["temperature": .number(21.5)])
        let oven: ValueTile = panel.tile(0)
        let header = Rect(x: oven.view.frame.minX, y: oven.view.frame.minY, width: oven.view.frame.width, height: 48)
        #expect(count(PanelLook.staleMark, in: header, of: panel.player.screen) == 0)
        let white = panel.page.context.theme.text
        let bright = count(white, in: oven.view.frame, of: panel.player.screen)
        #expect(bright > 100)

        // The source's freshness is 30 s.
        panel.live.advance(to: panel.player.time + 30)
        panel.player.step()
        #expect(oven.shown.isStale)
        #expect(oven.shown.text == "21.5")
        #expect(count(PanelLook.staleMark, in: header, of: panel.player.screen) > 20)
        // The number is dimmed: none of its pixels is the text colour any more.
        #expect(count(white, in: oven.view.frame, of: panel.player.screen) == 0)

        panel.receive(["temperature": .number(21.5)])
        #expect(!oven.shown.isStale)
        #expect(count(PanelLook.staleMark, in: header, of: panel.player.screen) == 0)
    }

    @Test func waitingShowsADashAndAFailureItsReason() throws {
        let panel = try PanelHarness()
        let parts: ValueTile = panel.tile(2)
        #expect(parts.shown.text == "–")
        #expect(parts.shown.failure == nil)
        panel.live.fail("parts", reason: "no file at /run/parts")
        panel.player.step()
        #expect(parts.shown.failure == "no file at /run/parts")
        #expect(count(PanelLook.alarm, in: parts.view.frame, of: panel.player.screen) > 20)
        panel.receive(["parts": .string("idle")])
        #expect(parts.shown == ShownValue(.live(.string("idle")), readout: PanelReadout(), numbers: nil))
    }

    @Test func aGaugeAndABarFillToTheirValue() throws {
        let panel = try PanelHarness()
        let accent = panel.page.context.theme.accent
        let gauge: MeterTile = panel.tile(1), bar: MeterTile = panel.tile(5)
        panel.receive(["pressure": .number(2), "batch": .number(100)])
        let lowGauge = count(accent, in: gauge.view.frame, of: panel.player.screen)
        let lowBar = count(accent, in: bar.view.frame, of: panel.player.screen)
        panel.receive(["pressure": .number(7), "batch": .number(400)])
        #expect(count(accent, in: gauge.view.frame, of: panel.player.screen) > 2 * lowGauge)
        #expect(count(accent, in: bar.view.frame, of: panel.player.screen) > 3 * lowBar)
        // Past its high limit (8) the gauge's arc is the alarm's.
        panel.receive(["pressure": .number(9)])
        #expect(count(accent, in: gauge.view.frame, of: panel.player.screen) == 0)
        #expect(count(PanelLook.alarm, in: gauge.view.frame, of: panel.player.screen) > 2 * lowGauge)
    }
}
