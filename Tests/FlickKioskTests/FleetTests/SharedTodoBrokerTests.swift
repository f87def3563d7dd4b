@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// A group's to-do list through a real mosquitto, kiosks in this process driven by touches: what one does shows on
/// the others (their lists, stores and frames), a kiosk that comes late catches up from the retained items, edits
/// made without a broker go out when it is back, and a kiosk in step, or one whose list is not shared, publishes
/// nothing.
@Suite struct SharedTodoBrokerTests {
    @Test func anItemAddedEditedCompletedAndDeletedOnOneKioskShowsOnTheOthers() throws {
        let group = try SharedTodoGroup(3)
        #expect(group.connect())
        let (a, b, c) = (group.kiosks[0], group.kiosks[1], group.kiosks[2])

        a.add("milk")
        #expect(group.converge(to: ["milk"]))
        expectSameList(group.kiosks, texts: ["milk"], completed: [false])
        b.append(" and eggs", toRow: 0)
        #expect(group.converge(to: ["milk and eggs"]))
        expectSameList(group.kiosks, texts: ["milk and eggs"], completed: [false])
        c.complete(row: 0)
        #expect(group.converge(to: ["milk and eggs"]))
        expectSameList(group.kiosks, texts: ["milk and eggs"], completed: [true])
        // Each change went out once, from the kiosk that made it: the others, in step, answered nothing.
        group.quiet(0.3)
        #expect(group.itemMessages.count == 3, "\(group.itemMessages.map(\.text))")

        a.delete(row: 0)
        #expect(group.converge(to: []))
        expectSameList(group.kiosks, texts: [])
        // The broker keeps the tombstone: the item's one retained message says it is deleted.
        let late = try SharedTodoProbe(broker: group.broker.address, filter: SharedTodoGroup.itemTopics + "+")
        #expect(group.loop.run([late.connection], until: { !late.messages.isEmpty }))
        #expect(late.messages.count == 1)
        let retained = try TodoItemPayload.decode(try #require(late.messages.first).payload)
        #expect(retained.isDeleted && retained == a.replica.state.entries.values.first)
    }

    @Test func aKioskThatComesLateCatchesUpFromTheRetainedItemsAndPublishesNothing() throws {
        let group = try SharedTodoGroup(2)
        #expect(group.connect())
        let (a, b) = (group.kiosks[0], group.kiosks[1])
        a.add("milk")
        #expect(group.converge(to: ["milk"]))
        b.add("bread")
        #expect(group.converge(to: ["bread", "milk"]))
        a.add("eggs")
        #expect(group.converge(to: ["eggs", "bread", "milk"]))
        b.complete(row: 2)
        a.delete(row: 1)
        #expect(group.converge(to: ["eggs", "milk"]))
        group.quiet()
        let published = group.itemMessages.count

        let c = try group.join()
        #expect(group.connect())
        #expect(group.converge(to: ["eggs", "milk"]))
        expectSameList(group.kiosks, texts: ["eggs", "milk"], completed: [false, true])
        // The tombstone came too: an old copy of "bread" arriving later would not bring it back.
        #expect(c.replica.state.entries.count == 3 && c.replica.state.entries.values.count(where: \.isDeleted) == 1)
        // Past its reconcile, the new kiosk has published nothing: the broker held all it knew.
        group.quiet()
        #expect(group.itemMessages.count == published)
        #expect(c.log.lines.allSatisfy { !$0.contains("to-do") }, "\(c.log.lines)")
    }

    @Test func aKioskInStepPublishesNothingWhenItReconnects() throws {
        let group = try SharedTodoGroup(2)
        #expect(group.connect())
        let (a, b) = (group.kiosks[0], group.kiosks[1])
        a.add("milk")
        #expect(group.converge(to: ["milk"]))
        b.add("bread")
        #expect(group.converge(to: ["bread", "milk"]))
        a.delete(row: 1)
        b.add("eggs")
        #expect(group.converge(to: ["eggs", "bread"]))
        group.quiet()
        let published = group.itemMessages.count

        // The line drops under both kiosks, as a broken cable would; each connects again.
        let connects = group.kiosks.map { $0.log.lines.count { $0.hasSuffix(": connected") } }
        for kiosk in group.kiosks { shutdown(try #require(kiosk.kiosk.broker).fileDescriptor, Int32(SHUT_RDWR)) }
        #expect(group.wait {
            zip(group.kiosks, connects).allSatisfy { kiosk, before in kiosk.log.lines.count { $0.hasSuffix(": connected") } == before + 1 }
        }, "\(a.log.lines)")
        group.quiet()
        #expect(group.itemMessages.count == published)
        #expect(group.converge(to: ["eggs", "bread"]))
    }

    @Test func editsMadeWhileTheBrokerIsDownGoOutWhenItIsBackAndRefillIt() throws {
        let group = try SharedTodoGroup(3)
        #expect(group.connect())
        let (a, b, c) = (group.kiosks[0], group.kiosks[1], group.kiosks[2])
        a.add("milk")
        #expect(group.converge(to: ["milk"]))
        b.add("bread")
        #expect(group.converge(to: ["bread", "milk"]))
        c.add("eggs")
        #expect(group.converge(to: ["eggs", "bread", "milk"]))

        // Killed: no goodbye, and without persistence its retained items are gone when it starts again.
        group.broker.stop(signal: SIGKILL)
        #expect(group.wait { group.kiosks.allSatisfy { $0.kiosk.broker?.isConnected == false } })
        a.delete(row: 2)
        a.append("s", toRow: 1)
        b.complete(row: 0)
        c.add("soap")
        #expect(a.replica.items.map(\.text) == ["eggs", "breads"])
        #expect(c.replica.items.map(\.text) == ["soap", "eggs", "bread", "milk"])

        try group.broker.restart()
        #expect(group.converge(to: ["soap", "eggs", "breads"], within: 20), "\(a.log.lines)")
        expectSameList(group.kiosks, texts: ["soap", "eggs", "breads"], completed: [false, true, false])
        // The kiosks filled the new broker: every item, the tombstone too, is retained as the kiosks hold it.
        let late = try SharedTodoProbe(broker: group.broker.address, filter: SharedTodoGroup.itemTopics + "+")
        #expect(group.loop.run([late.connection], until: { late.messages.count == 4 }))
        let retained = try late.messages.map { try TodoItemPayload.decode($0.payload) }
        #expect(Set(retained) == Set(a.replica.state.entries.values))
    }

    @Test func editsMadeWhileTheConfigHadNoBrokerGoOutWhenItIsBack() throws {
        let group = try SharedTodoGroup(2)
        #expect(group.connect())
        let (a, b) = (group.kiosks[0], group.kiosks[1])
        a.add("milk")
        #expect(group.converge(to: ["milk"]))

        try ExampleKiosk.save(sharedTodoConfig(broker: nil, node: a.node), to: a.file)
        #expect(group.wait { a.kiosk.broker == nil })
        a.add("bread")
        b.complete(row: 0)
        #expect(group.wait(for: 0.5) { a.replica.items.contains(where: \.completed) } == false)
        #expect(b.replica.items.map(\.text) == ["milk"])

        try ExampleKiosk.save(sharedTodoConfig(broker: group.broker.address, node: a.node, username: a.node), to: a.file)
        #expect(group.converge(to: ["bread", "milk"]), "\(a.log.lines)")
        expectSameList(group.kiosks, texts: ["bread", "milk"], completed: [false, true])
    }

    @Test func aListThatIsNotSharedPublishesNothingAndTakesNothing() throws {
        let group = try SharedTodoGroup(1)
        let mine = try group.join(extra: #", "share": false"#)
        #expect(group.connect())
        let shared = group.kiosks[0]
        mine.add("private")
        shared.add("shared")
        group.quiet()
        #expect(mine.replica.publish == nil)
        #expect(mine.replica.items.map(\.text) == ["private"])
        #expect(shared.replica.items.map(\.text) == ["shared"])
        #expect(group.itemMessages.count == 1)
        #expect(try group.itemMessages.map { try TodoItemPayload.decode($0.payload).fields?.text.value } == ["shared"])
    }
}
