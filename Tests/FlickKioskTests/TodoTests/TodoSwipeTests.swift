import FlickKiosk
import FlickRaster
import Testing

// A row follows the finger from the slop on: a drag of 13 + s px slides it s px. Half the row is 180 px.

/// Swiping rows right to complete and left to delete [gesture-todo-list].
@Suite struct TodoSwipeTests {
    @Test func rightJustUnderHalfSnapsBack() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.drag(40, rowCentre(1), by: 13 + 175, 0, holdMs: 200).frames)
        todo.player.run(until: 0.3)
        // Held at 175 px: the row has moved off its left part, the ✓ beside it is still white.
        #expect(todo.color(100, Int(rowCentre(1))).isClose(to: .listBackground))
        #expect(todo.color(350, Int(rowCentre(1))).isClose(to: .row(1, of: 7)))
        #expect(hasInk(todo, .white, x: 100..<175, y: Int(rowCentre(1)) - 10..<Int(rowCentre(1)) + 10))
        todo.player.run()
        #expect(todo.state.completed == [false, false, true, false, false, false, false])
        #expect(todo.color(5, Int(rowCentre(1))).isClose(to: .row(1, of: 7)))
    }

    @Test func rightJustOverHalfCompletes() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.drag(40, rowCentre(1), by: 13 + 185, 0, holdMs: 200).frames)
        todo.player.run(until: 0.3)
        // Past half the ✓ turns green.
        #expect(hasInk(todo, Color(red: 0, green: 0.8, blue: 0), x: 100..<185, y: Int(rowCentre(1)) - 10..<Int(rowCentre(1)) + 10))
        todo.player.run()
        #expect(todo.state.completed == [false, true, true, false, false, false, false])
        #expect(todo.color(5, Int(rowCentre(1))).isClose(to: .completedRow))
        #expect(todo.store.load()[1].completed)
    }

    @Test func completingAgainReopensTheItem() throws {
        let todo = try TodoHarness()
        todo.play(Touches.drag(40, rowCentre(2), by: 13 + 200, 0))
        #expect(todo.state.completed[2] == false)
        #expect(todo.color(5, Int(rowCentre(2))).isClose(to: .row(2, of: 7)))
        todo.play(Touches.drag(40, rowCentre(2), by: 13 + 200, 0, at: todo.nowMs))
        #expect(todo.state.completed[2] == true)
        #expect(todo.color(5, Int(rowCentre(2))).isClose(to: .completedRow))
        #expect(todo.store.load() == tutorialItems)
    }

    @Test func leftJustUnderHalfSnapsBack() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.drag(320, rowCentre(3), by: -13 - 175, 0, holdMs: 200).frames)
        todo.player.run(until: 0.3)
        #expect(todo.color(300, Int(rowCentre(3))).isClose(to: .listBackground))
        #expect(hasInk(todo, .white, x: 190..<260, y: Int(rowCentre(3)) - 10..<Int(rowCentre(3)) + 10))
        todo.player.run()
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.color(355, Int(rowCentre(3))).isClose(to: .row(3, of: 7)))
    }

    @Test func leftJustOverHalfDeletesAndTheRowsBelowShuffleUpOneAfterAnother() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.drag(320, rowCentre(1), by: -13 - 185, 0, holdMs: 100).frames)
        todo.player.run(until: 0.2)
        // Past half the ✗ turns red.
        #expect(hasInk(todo, Color(red: 0.9, green: 0, blue: 0), x: 180..<260, y: Int(rowCentre(1)) - 10..<Int(rowCentre(1)) + 10))
        // Released at 0.26 s; 0.15 s later the rows below are on their way up, each a little behind the one above:
        // black shows between them down the right edge.
        todo.player.run(until: 0.41)
        var gaps = 0, wasRow = true
        for y in Int(rowCentre(0))..<Int(headerHeight + 7 * rowHeight) {
            let isRow = !todo.color(350, y).isClose(to: .listBackground)
            if wasRow && !isRow { gaps += 1 }
            wasRow = isRow
        }
        #expect(gaps >= 4)
        todo.player.run()
        #expect(todo.texts == ["Feed the cat", "Pack bags for WWDC", "Rule the web", "Buy a new iPhone", "Find missing socks",
                               "Write a new tutorial"])
        #expect(todo.store.load().map(\.text) == todo.texts)
        // At rest the rows close up again, each in its new colour; below the last the list is empty.
        #expect(todo.color(350, Int(rowCentre(1))).isClose(to: .completedRow))
        #expect(todo.color(350, Int(rowCentre(2))).isClose(to: .row(2, of: 6)))
        #expect(todo.color(350, Int(rowCentre(5))).isClose(to: .row(5, of: 6)))
        #expect(todo.color(350, Int(rowCentre(6))).isClose(to: .listBackground))
    }
}

/// Whether some pixel in the area is close to `color` (a cue's stroke).
func hasInk(_ todo: TodoHarness, _ color: Color, x: Range<Int>, y: Range<Int>) -> Bool {
    for py in y { for px in x where todo.color(px, py).isClose(to: color, tolerance: 0.1) { return true } }
    return false
}
