@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Testing

extension TodoHarness {
    /// The kiosk's replica of the list its page shows.
    var replica: TodoReplica { scene.todoLists.replica("todo") }

    /// What the header counts: the items, and those done.
    var headerCounts: (items: Int, done: Int) { (scene.page("todo") as! TodoPage).header.counts }
}

/// Changes made on another kiosk show on the page as they arrive: headless, on the virtual clock.
@Suite struct TodoSharedPageTests {
    /// Another kiosk that holds what this one holds: it received everything this page's replica published.
    private static func elsewhere(_ todo: TodoHarness) -> ReplicaProbe {
        let other = ReplicaProbe(node: "there", directory: nil, seed: 9)
        let here = todo.replica
        here.clock.node = "here"
        here.publish = { id, payload in other.replica.receive(itemID: id, payload: payload) }
        here.reconcile()
        other.published.removeAll()
        return other
    }

    private static func deliver(_ other: ReplicaProbe, to todo: TodoHarness) {
        for message in other.published { todo.replica.receive(itemID: message.id, payload: message.payload) }
        other.published.removeAll()
        todo.player.run(until: todo.player.time + 1)
    }

    @Test func anIdleListShowsInsertsDeletionsEditsAndCompletionsFromElsewhere() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        let ids = tutorialItems.map(\.id)
        other.add("Milk", at: 1)
        Self.deliver(other, to: todo)
        #expect(todo.texts == ["Feed the cat", "Milk", "Buy eggs", "Pack bags for WWDC", "Rule the web", "Buy a new iPhone",
                               "Find missing socks", "Write a new tutorial"])
        #expect(todo.headerCounts == (8, 1))
        #expect(todo.color(350, Int(rowCentre(1))).isClose(to: .row(1, of: 8)))

        #expect(other.replica.delete(ids[0]))
        #expect(other.replica.edit(ids[1], text: "Buy six eggs"))
        #expect(other.replica.setCompleted(ids[3], true))
        Self.deliver(other, to: todo)
        #expect(todo.texts == ["Milk", "Buy six eggs", "Pack bags for WWDC", "Rule the web", "Buy a new iPhone",
                               "Find missing socks", "Write a new tutorial"])
        #expect(todo.state.completed == [false, false, true, true, false, false, false])
        #expect(todo.headerCounts == (7, 2))
        #expect(todo.color(350, Int(rowCentre(3))).isClose(to: .completedRow))
        // Saved here too, at the frame after they arrived.
        #expect(todo.store.load().map(\.text) == todo.texts)
    }

    @Test func whileAnotherItemIsEditedItsRowFollowsAndTypingGoesOnInIt() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        todo.play(.tap(120, rowCentre(2)))
        todo.type("!")
        other.add("Milk", at: 0)
        other.add("Bread", at: 0)
        #expect(other.replica.delete(tutorialItems[0].id))
        Self.deliver(other, to: todo)
        #expect(todo.state.editing == 3)
        #expect(todo.texts[3] == "Pack bags for WWDC!")
        todo.type("?")
        todo.key(0xff0d)
        #expect(todo.state.editing == nil)
        #expect(todo.texts == ["Bread", "Milk", "Buy eggs", "Pack bags for WWDC!?", "Rule the web", "Buy a new iPhone",
                               "Find missing socks", "Write a new tutorial"])
        #expect(todo.store.load().map(\.text) == todo.texts)
    }

    /// Two people change one item's text at once: the one who ends the edit later wins, everywhere.
    @Test func theItemBeingEditedKeepsItsTypedTextUntilTheEditEndsThenWins() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        let eggs = tutorialItems[1].id
        todo.play(.tap(120, rowCentre(1)))
        todo.type(" x")
        #expect(other.replica.edit(eggs, text: "Buy eggs from the farm"))
        #expect(other.replica.setCompleted(eggs, true))
        Self.deliver(other, to: todo)
        // The text typed stays; the completion shows.
        #expect(todo.texts[1] == "Buy eggs x" && todo.state.editing == 1)
        #expect(todo.state.completed[1])
        todo.key(0xff0d)
        #expect(todo.texts[1] == "Buy eggs x")
        #expect(other.replica.items[1] == TodoItem(id: eggs, text: "Buy eggs x", completed: true))
    }

    @Test func anEditThatChangesNothingLeavesAChangeFromElsewhereStanding() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        todo.play(.tap(120, rowCentre(1)))
        #expect(other.replica.edit(tutorialItems[1].id, text: "Buy eggs from the farm"))
        Self.deliver(other, to: todo)
        todo.key(0xff0d)
        #expect(todo.texts[1] == "Buy eggs from the farm")
    }

    @Test func theItemBeingEditedDeletedElsewhereEndsTheEditCleanly() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        todo.play(.tap(120, rowCentre(4)))
        todo.type("zz")
        #expect(other.replica.delete(tutorialItems[4].id))
        Self.deliver(other, to: todo)
        #expect(todo.state.editing == nil && !todo.scene.currentPageStays)
        #expect(todo.texts == ["Feed the cat", "Buy eggs", "Pack bags for WWDC", "Rule the web", "Find missing socks",
                               "Write a new tutorial"])
        // The keyboard is gone: keys type nothing, and the rows take swipes again.
        todo.type("q")
        #expect(!todo.texts.joined().contains("q"))
        #expect(todo.color(180, todoHeight - 20).isClose(to: .listBackground))
        todo.play(Touches.drag(40, rowCentre(0), by: 213, 0, at: todo.nowMs))
        #expect(todo.state.completed[0])
    }

    @Test func aNewItemBeingTypedStaysWhereItWasAddedAsItemsArrive() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        todo.play(Touches.drag(180, rowCentre(1), by: 0, 13 + 60))
        todo.type("New")
        other.add("Milk", at: 0)
        Self.deliver(other, to: todo)
        #expect(todo.texts.prefix(3) == ["New", "Milk", "Feed the cat"] && todo.state.editing == 0)
        todo.key(0xff0d)
        #expect(todo.texts.prefix(3) == ["New", "Milk", "Feed the cat"])
        #expect(other.replica.items.prefix(3).map(\.text) == ["New", "Milk", "Feed the cat"])
    }

    @Test func aRowHeldByAFingerKeepsItsPlaceUntilTheFingerLifts() throws {
        let todo = try TodoHarness()
        let other = Self.elsewhere(todo)
        // Row 2 swiped left to delete; while the finger is down an item arrives at the top.
        todo.player.enqueue(Touches.drag(320, rowCentre(2), by: -213, 0, holdMs: 300).frames)
        todo.player.run(until: 0.25)
        other.add("Milk", at: 0)
        for message in other.published { todo.replica.receive(itemID: message.id, payload: message.payload) }
        todo.player.run(until: 0.3)
        #expect(todo.texts.count == 7)
        todo.player.run()
        // The row swiped is the one deleted, and the new item shows.
        #expect(todo.texts == ["Milk", "Feed the cat", "Buy eggs", "Rule the web", "Buy a new iPhone", "Find missing socks",
                               "Write a new tutorial"])
    }
}
