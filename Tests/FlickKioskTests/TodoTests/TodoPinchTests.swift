import FlickKiosk
import FlickRaster
import Testing

// Rows 2 and 3 meet at y = 210. Two fingers moving d px apart each open a 2d px gap.

/// Pinching two neighbouring rows apart to insert an item between them [gesture-todo-list-pinch].
@Suite struct TodoPinchTests {
    /// Whether the column at x = 350 shows the background anywhere between the first row's top and the last row's bottom.
    private func rowsHaveAGap(_ todo: TodoHarness, rows: Int = 7) -> Bool {
        (Int(headerHeight)..<Int(headerHeight + Double(rows) * rowHeight)).contains { todo.color(350, $0).isClose(to: .listBackground) }
    }

    @Test func neighboursPinchedOverOneRowHeightInsertAnItemThere() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(2), lowerY: rowCentre(3), apart: 30).frames)
        todo.player.run(until: 0.17)
        // 60 px apart: the placeholder has its full height, centred on the parting.
        #expect(todo.color(350, 210).isClose(to: .row(3, of: 8)))
        #expect(todo.color(350, 210 - 27).isClose(to: .listBackground))
        #expect(todo.color(350, 210 + 27).isClose(to: .listBackground))
        todo.player.run()
        #expect(todo.texts == ["Feed the cat", "Buy eggs", "Pack bags for WWDC", "", "Rule the web", "Buy a new iPhone",
                               "Find missing socks", "Write a new tutorial"])
        #expect(todo.state.editing == 3)
        todo.type("Call mum")
        todo.key(0xff0d)
        #expect(todo.store.load().map(\.text)[3] == "Call mum")
        #expect(!rowsHaveAGap(todo, rows: 8))
    }

    /// Fingers far apart sideways change their straight distance less than their vertical one: what the rows show
    /// ("Release to Add Item" past a row's height) is what the lift does.
    @Test func fingersFarApartSidewaysThatPartTheRowsPastARowInsertAnItem() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(2), lowerY: rowCentre(3), apart: 30, spread: 200).frames)
        todo.player.run(until: 0.17)
        #expect(todo.color(350, 210).isClose(to: .row(3, of: 8)))
        todo.player.run()
        #expect(todo.state.editing == 3)
        #expect(todo.texts[3] == "")
    }

    @Test func neighboursPinchedUnderOneRowHeightCloseAgain() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(2), lowerY: rowCentre(3), apart: 20).frames)
        todo.player.run(until: 0.17)
        // 40 px apart: the placeholder fills the gap at 0.8 of a row's height and 0.8 opaque.
        #expect(todo.color(350, 210).isClose(to: Color(red: 0.8, green: 0.8 * 0.6 * 3 / 7, blue: 0), tolerance: 0.06))
        #expect(todo.color(350, 210 - 22).isClose(to: .completedRow))
        todo.player.run()
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.state.editing == nil)
        #expect(!rowsHaveAGap(todo))
        #expect(todo.color(350, Int(rowCentre(3))).isClose(to: .row(3, of: 7)))
    }

    /// How far row 2 (green, completed) has moved up from its place: the parting.
    private func parting(_ todo: TodoHarness) -> Int {
        let bottom = (Int(rowCentre(2))..<Int(rowCentre(3))).first { !todo.color(350, $0).isClose(to: .completedRow) } ?? 210
        return 210 - bottom
    }

    @Test func aSecondPinchCatchesRowsThatAreStillClosing() throws {
        let todo = try TodoHarness()
        // 20 px each way, let go at 200 ms: under a row's height, the rows close over 0.2 s.
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(2), lowerY: rowCentre(3), apart: 20).frames)
        todo.player.run(until: 0.3)
        let caught = parting(todo)
        #expect(caught > 3 && caught < 20, "still closing: \(caught)")
        // The fingers land on the same two rows where they are now and part them again.
        let start = todo.player.time * 1000 + 1
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(2) - Double(caught), lowerY: rowCentre(3) + Double(caught),
                                          apart: 20, at: start).frames)
        var previous = caught
        while todo.player.time < (start + 140) / 1000 {
            todo.player.step()
            let now = parting(todo)
            #expect(now >= previous - 1, "the rows jumped from \(previous) to \(now) px apart")
            previous = now
        }
        // Caught at the parting it had, plus 20: over half a row, so an item goes in between.
        todo.player.run()
        #expect(todo.state.editing == 3)
        #expect(todo.texts[3] == "")
    }

    @Test func fingersOnRowsThatAreNotNeighboursDoNotPinch() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.pinch(upperY: rowCentre(1), lowerY: rowCentre(3), apart: 30).frames)
        todo.player.run(until: 0.17)
        // The first finger's drag up moves the whole list (it fits on screen, so it resists); nothing parts.
        #expect(!rowsHaveAGap(todo, rows: 6))
        todo.player.run()
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.state.editing == nil)
        #expect(!rowsHaveAGap(todo))
    }

    @Test func aScrolledListInsertsBetweenTheRowsUnderTheFingers() throws {
        let todo = try TodoHarness(items: numberedItems(30))
        // Scrolled up 200 px: rows 6 and 7 are under y = 185 and 235.
        todo.play(Touches.drag(180, 500, by: 0, -213))
        todo.play(Touches.pinch(upperY: 185, lowerY: 235, apart: 30, at: todo.nowMs))
        #expect(todo.state.editing == 7)
        #expect(todo.texts[6] == "Item 6")
        #expect(todo.texts[7] == "")
        #expect(todo.texts[8] == "Item 7")
    }
}
