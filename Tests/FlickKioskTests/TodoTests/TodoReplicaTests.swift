import FlickKiosk
import FlickTestFixtures
import Foundation
import Testing

/// A replica as the MQTT glue sees it: what it publishes, and what it does with what arrives.
final class ReplicaProbe {
    let replica: TodoReplica
    var published: [(id: UInt64, payload: [UInt8])] = []

    init(node: String = "cafe-1", directory: String? = temporaryStateDirectory(), seed: UInt64 = 1) {
        var random = SplitMix64(seed: seed)
        let log = Log()
        self.log = log
        replica = TodoReplica(list: "todo", store: directory.map { TodoStore(directory: $0, node: node) }, node: node,
                              log: { log.lines.append($0) })
        replica.random = { random.next() }
        replica.publish = { [unowned self] id, payload in published.append((id, payload)) }
    }

    private let log: Log
    final class Log { var lines: [String] = [] }
    var logLines: [String] { log.lines }

    var publishedItems: [TodoItemState] { published.map { try! TodoItemPayload.decode($0.payload) } }

    @discardableResult
    func add(_ text: String, at index: Int = 0) -> UInt64 {
        let id = replica.newID()
        #expect(replica.add(id: id, text: text, at: index))
        return id
    }
}

@Suite struct TodoReplicaTests {
    @Test func everyLocalChangeIsSavedThenPublishedAsTheItemsWholeState() throws {
        let directory = temporaryStateDirectory()
        let probe = ReplicaProbe(directory: directory)
        let milk = probe.add("Milk")
        let eggs = probe.add("Eggs", at: 1)
        #expect(probe.replica.setCompleted(milk, true))
        #expect(probe.replica.edit(eggs, text: "Six eggs"))
        #expect(probe.replica.move(milk, to: 1))
        #expect(probe.replica.delete(eggs))
        #expect(probe.published.map(\.id) == [milk, eggs, milk, eggs, milk, eggs])
        #expect(probe.publishedItems.last == TodoItemState(id: eggs, .deleted(at: probe.replica.clock.latest)))
        #expect(probe.publishedItems[4] == probe.replica.state[milk])
        #expect(TodoStore(directory: directory).loadContents().list == probe.replica.state)
        #expect(probe.replica.items == [TodoItem(id: milk, text: "Milk", completed: true)])
    }

    @Test func aChangeTheStoreRefusesIsNeitherShownNorPublished() throws {
        let directory = temporaryStateDirectory()
        let probe = ReplicaProbe(directory: directory)
        let milk = probe.add("Milk")
        try FileManager.default.removeItem(atPath: directory)
        #expect(FileManager.default.createFile(atPath: directory, contents: Data()))
        let revision = probe.replica.revision
        #expect(!probe.replica.setCompleted(milk, true))
        #expect(probe.replica.items == [TodoItem(id: milk, text: "Milk")])
        #expect(probe.published.count == 1 && probe.replica.revision == revision)
        #expect(probe.logLines.count == 1 && probe.logLines[0].hasPrefix("to-do change not saved, the list stays as it was: "))
    }

    @Test func anItemTooLargeForOthersToTakeIsRefused() {
        let probe = ReplicaProbe(directory: nil)
        #expect(!probe.replica.add(id: 5, text: String(repeating: "x", count: TodoItemPayload.maximumBytes), at: 0))
        #expect(probe.replica.items.isEmpty && probe.published.isEmpty)
        #expect(probe.logLines.count == 1 && probe.logLines[0].contains("64 KiB"))
    }

    @Test func aMessageIsMergedShownAndSavedAtTheNextSave() throws {
        let directory = temporaryStateDirectory()
        let here = ReplicaProbe(directory: directory), there = ReplicaProbe(node: "cafe-2", directory: nil, seed: 2)
        let milk = there.add("Milk")
        let revision = here.replica.revision
        here.replica.receive(itemID: milk, payload: there.published[0].payload)
        #expect(here.replica.items.map(\.text) == ["Milk"] && here.replica.revision == revision + 1)
        // Nothing newer here: nothing published back.
        #expect(here.published.isEmpty)
        #expect(TodoStore(directory: directory).load().isEmpty && here.replica.needsSave)
        here.replica.saveReceived()
        #expect(TodoStore(directory: directory).load().map(\.text) == ["Milk"])
        // The same message again changes nothing.
        here.replica.receive(itemID: milk, payload: there.published[0].payload)
        #expect(here.replica.revision == revision + 1 && !here.replica.needsSave)
    }

    /// The broker holds an old state of the item (this kiosk completed it offline): the merged state goes back out.
    @Test func aKioskThatKnowsMoreAnswersWithWhatItKnows() throws {
        let here = ReplicaProbe(directory: nil), there = ReplicaProbe(node: "cafe-2", directory: nil, seed: 2)
        let milk = there.add("Milk")
        here.replica.receive(itemID: milk, payload: there.published[0].payload)
        here.replica.publish = nil
        #expect(here.replica.setCompleted(milk, true))
        here.replica.publish = { id, payload in here.published.append((id, payload)) }
        here.replica.receive(itemID: milk, payload: there.published[0].payload)
        #expect(here.publishedItems == [here.replica.state[milk]!])
        there.replica.receive(itemID: milk, payload: here.published[0].payload)
        #expect(there.replica.items == [TodoItem(id: milk, text: "Milk", completed: true)])
        #expect(there.published.count == 1)
    }

    @Test func reconcilePublishesOnlyWhatTheBrokerWasNotSeenToHold() throws {
        let here = ReplicaProbe(directory: nil), there = ReplicaProbe(node: "cafe-2", directory: nil, seed: 2)
        let milk = there.add("Milk"), eggs = there.add("Eggs")
        for message in there.published { here.replica.receive(itemID: message.id, payload: message.payload) }
        // Offline: a new item, and a deletion.
        here.replica.publish = nil
        let bread = here.add("Bread")
        #expect(here.replica.delete(eggs))
        here.replica.publish = { id, payload in here.published.append((id, payload)) }

        // Back: the broker's retained messages arrive. It holds the eggs alive: the tombstone goes out at once.
        here.replica.brokerConnected()
        for message in there.published { here.replica.receive(itemID: message.id, payload: message.payload) }
        #expect(here.published.map(\.id) == [eggs])
        // It has no bread: reconcile publishes it, and nothing else.
        here.replica.reconcile()
        #expect(here.published.map(\.id) == [eggs, bread])
        // In step: a second reconcile publishes nothing.
        here.published.removeAll()
        here.replica.reconcile()
        #expect(here.published.isEmpty)
        // A broker that lost its retained messages (empty retained payloads, or none) is filled again.
        here.replica.brokerConnected()
        here.replica.receive(itemID: milk, payload: [])
        here.replica.reconcile()
        #expect(Set(here.published.map(\.id)) == [milk, eggs, bread])
    }

    @Test(arguments: [
        ("not json\u{1B}[2J", "line 1, column 1"), ("{\"id\": 5, \"deleted\": \"0000018f3a2b4c5d-0003-x\"}", "its id is 5"),
        ("{\"id\": 7}", "versions is not an object"), ("[]", "not a JSON object"),
        ("{\"id\": 7, \"text\": 1, \"completed\": false, \"position\": \"a0\", \"versions\": {}}", "text is not a string"),
    ])
    func aMessageThatIsNoItemIsOneEscapedLineAndIgnored(payload: String, problem: String) {
        let probe = ReplicaProbe(directory: nil)
        probe.replica.receive(itemID: 7, payload: Array(payload.utf8))
        #expect(probe.replica.items.isEmpty && probe.published.isEmpty)
        #expect(probe.logLines.count == 1)
        #expect(probe.logLines[0].hasPrefix("to-do list \"todo\": item 7 from the broker ignored: "))
        #expect(probe.logLines[0].contains(problem))
        #expect(!probe.logLines[0].unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func hostileMessagesNeitherCrashNorGrowWithoutBound() {
        let probe = ReplicaProbe(directory: nil)
        probe.replica.receive(itemID: 1, payload: [UInt8](repeating: 0x7B, count: 10 << 20))
        probe.replica.receive(itemID: 1, payload: Array(String(repeating: "[", count: 60_000).utf8))
        probe.replica.receive(itemID: 1, payload: [0xFF, 0xFE, 0x00])
        probe.replica.receive(itemID: 1, payload: Array(#"{"id": 1, "deleted": "ffffffffffffffff-ffff-x"}"#.utf8))
        #expect(probe.logLines.count == 4 && probe.replica.state.entries.isEmpty)
        #expect(probe.logLines[0].contains("larger than 64 KiB") && probe.logLines[1].contains("nested more than"))
    }
}
