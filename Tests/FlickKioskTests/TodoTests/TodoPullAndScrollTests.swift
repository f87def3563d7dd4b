import FlickKiosk
import FlickRaster
import Testing

// The list follows a vertical drag from the slop on: a drag of 13 + p px down pulls the list p px.

/// Pulling the list down past its top to add an item, and scrolling [gesture-todo-list].
@Suite struct TodoPullAndScrollTests {
    @Test func pullUnderOneRowHeightSpringsBack() throws {
        let todo = try TodoHarness()
        todo.player.enqueue(Touches.drag(180, rowCentre(1), by: 0, 13 + 45, holdMs: 200).frames)
        todo.player.run(until: 0.3)
        // The placeholder shows above the first row, nearly opaque at 45 of 50 px.
        #expect(todo.color(350, Int(headerHeight) + 5).isClose(to: Color(red: 0.9, green: 0, blue: 0), tolerance: 0.1))
        #expect(todo.color(350, Int(rowCentre(0)) + 45).isClose(to: .row(0, of: 7)))
        todo.player.run()
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.state.editing == nil)
        #expect(todo.color(350, Int(rowCentre(0))).isClose(to: .row(0, of: 7)))
    }

    @Test func pullOverOneRowHeightAddsAnItemAtTheTopInEditMode() throws {
        let todo = try TodoHarness()
        todo.play(Touches.drag(180, rowCentre(1), by: 0, 13 + 60))
        #expect(todo.texts == [""] + tutorialItems.map(\.text))
        #expect(todo.state.editing == 0)
        #expect(todo.color(350, Int(rowCentre(0))).isClose(to: .row(0, of: 8)))
        #expect(todo.color(2, 434).isClose(to: .keyboard, tolerance: 0.02))
        // Not saved until it has text.
        #expect(todo.store.load() == tutorialItems)
        todo.type("Milk")
        todo.key(0xff0d)
        #expect(todo.state.editing == nil)
        #expect(todo.store.load().map(\.text) == ["Milk"] + tutorialItems.map(\.text))
    }

    @Test func anAddedItemLeftEmptyGoesAwayUnsaved() throws {
        let todo = try TodoHarness()
        todo.play(Touches.drag(180, rowCentre(1), by: 0, 13 + 60))
        todo.key(0xff0d)
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.state.editing == nil)
        #expect(todo.color(350, Int(rowCentre(0))).isClose(to: .row(0, of: 7)))
        #expect(todo.color(2, 634).isClose(to: .listBackground))
    }

    @Test func aPullOnAnEmptyListAddsTheFirstItem() throws {
        let todo = try TodoHarness(items: [])
        todo.play(Touches.drag(180, 300, by: 0, 13 + 70))
        #expect(todo.state.editing == 0)
        todo.type("First")
        todo.key(0xff0d)
        #expect(todo.store.load().map(\.text) == ["First"])
    }

    /// Where the one completed (green) row's top is in the right-hand column, if on screen.
    private func greenRowTop(_ todo: TodoHarness) -> Int? {
        (Int(headerHeight)..<todoHeight).first { todo.color(350, $0).green > todo.color(350, $0).red }
    }

    private func markedList() -> [TodoItem] {
        var items = numberedItems(40)
        items[10].completed = true
        return items
    }

    @Test func aFlickCoastsOnAfterTheFingerLifts() throws {
        // The same 53 px drag up, lifted while moving (~625 px/s) or after resting.
        let flicked = try TodoHarness(items: markedList())
        flicked.play(Touches.drag(180, 500, by: 0, -53, steps: 4, holdMs: 0))
        let rested = try TodoHarness(items: markedList())
        rested.play(Touches.drag(180, 500, by: 0, -53, steps: 4, holdMs: 80))
        // At rest the list stays where the finger left it: 40 px up.
        #expect(greenRowTop(rested) == Int(headerHeight) + 10 * 50 - 40)
        let coasted = try #require(greenRowTop(flicked))
        #expect(coasted < Int(headerHeight) + 10 * 50 - 40 - 150)
    }

    @Test func aHardFlickBouncesOffTheEndAndRestsThere() throws {
        let todo = try TodoHarness(items: numberedItems(30))
        todo.player.enqueue(Touches.drag(180, 560, by: 0, -300, steps: 4, holdMs: 0).frames)
        var showedTheBand = false
        todo.player.run { _ in
            if todo.color(350, todoHeight - 1).isClose(to: .listBackground) { showedTheBand = true }
        }
        #expect(showedTheBand)
        // At rest the last row touches the bottom.
        #expect(todo.color(350, todoHeight - 25).isClose(to: .row(29, of: 30)))
        #expect(todo.color(350, todoHeight - 1).isClose(to: .row(29, of: 30), tolerance: 0.15))
    }

    @Test func aFingerCatchesACoastingListAndATapThenOnlyStopsIt() throws {
        let todo = try TodoHarness(items: markedList())
        var touches = Touches.drag(180, 500, by: 0, -53, steps: 4, holdMs: 0)
        touches = touches + .tap(180, 300, at: 200)
        todo.player.enqueue(touches.frames)
        todo.player.run(until: 0.21)
        let caught = greenRowTop(todo)
        todo.player.run()
        #expect(greenRowTop(todo) == caught)
        #expect(todo.state.editing == nil)
    }
}
