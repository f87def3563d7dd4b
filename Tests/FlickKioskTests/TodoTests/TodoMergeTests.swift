import FlickKiosk
import FlickTestFixtures
import Testing

/// Merging is a join: whatever order the states of an item meet in, how often, and in what grouping, the result is
/// the same. Property tests with a fixed seed, so a failure replays.
@Suite struct TodoMergeTests {
    private static func randomState(id: UInt64, _ random: inout SplitMix64) -> TodoItemState {
        func version() -> HLCTimestamp {
            HLCTimestamp(wall: random.next() % 4, counter: UInt16(random.next() % 2), node: ["a", "b", "c"][Int(random.next() % 3)])
        }
        if random.next() % 4 == 0 { return TodoItemState(id: id, .deleted(at: version())) }
        let keys = ["a0", "a1", "a0V"].compactMap { OrderKey(text: $0) }
        return TodoItemState(id: id, .alive(.init(text: Versioned(["x", "y", "e\u{301}", "é"][Int(random.next() % 4)], at: version()),
                                                  completed: Versioned(random.next() % 2 == 0, at: version()),
                                                  position: Versioned(keys[Int(random.next() % 3)], at: version()))))
    }

    @Test func mergingIsCommutativeAssociativeAndIdempotent() {
        var random = SplitMix64(seed: 34)
        for _ in 0..<5_000 {
            let a = Self.randomState(id: 1, &random), b = Self.randomState(id: 1, &random), c = Self.randomState(id: 1, &random)
            #expect(a.merged(with: b) == b.merged(with: a))
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
            #expect(a.merged(with: a) == a)
            #expect(a.merged(with: b).includes(a) && a.merged(with: b).includes(b))
        }
    }

    @Test func aDeletedItemStaysDeletedWhateverArrivesLater() {
        let key = OrderKey.first
        let alive = TodoItemState(id: 7, text: "Milk", position: key, at: HLCTimestamp(wall: 1, node: "a"))
        let deleted = TodoItemState(id: 7, .deleted(at: HLCTimestamp(wall: 2, node: "b")))
        let laterEdit = TodoItemState(id: 7, text: "Oat milk", position: key, at: HLCTimestamp(wall: 99, node: "c"))
        #expect(deleted.merged(with: laterEdit) == deleted)
        #expect(alive.merged(with: laterEdit).merged(with: deleted) == deleted)
    }

    @Test func fieldsChangedOnTwoKiosksAtOnceBothStay() {
        let start = TodoItemState(id: 7, text: "Milk", position: .first, at: HLCTimestamp(wall: 1, node: "a"))
        var list = TodoListState([start])
        let renamed = list.editing(7, text: "Oat milk", version: HLCTimestamp(wall: 5, node: "a"))!
        let done = list.completing(7, true, version: HLCTimestamp(wall: 4, node: "b"))!
        list.merge(done)
        list.merge(renamed)
        #expect(list.items == [TodoItem(id: 7, text: "Oat milk", completed: true)])
    }

    /// Three kiosks make random changes — adds at random places, edits, completions, moves, deletions — with clocks
    /// that drift and go back. Each change goes to the other two through a network that delivers in random order,
    /// delivers some twice and drops some (sent again later, as a reconnection's reconcile does). A kiosk that knows
    /// more than a message says answers with what it knows. Once everything is delivered, the three lists are equal:
    /// every item added is there, and every item deleted is deleted.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func threeReplicasConvergeWhateverTheNetworkDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let nodes = ["cafe-1", "cafe-2", "cafe-3"]
        var walls: [UInt64] = [1_000, 5_000, 0]
        var lists = [TodoListState(), TodoListState(), TodoListState()]
        var clocks = nodes.indices.map { r in HybridClock(node: nodes[r], wallMilliseconds: { 0 }) }
        var inFlight: [(to: Int, item: TodoItemState)] = [], dropped: [(to: Int, item: TodoItemState)] = []
        var added: Set<UInt64> = [], deleted: Set<UInt64> = []

        func broadcast(_ item: TodoItemState, from r: Int) {
            for other in lists.indices where other != r { inFlight.append((other, item)) }
        }
        func now(_ r: Int) -> HLCTimestamp {
            walls[r] = random.next() % 5 == 0 ? walls[r] - min(walls[r], 300) : walls[r] + random.next() % 50
            let wall = walls[r]
            clocks[r].wallMilliseconds = { wall }
            return clocks[r].now()
        }
        func receive(_ item: TodoItemState, at r: Int) {
            item.versions.forEach { clocks[r].observe($0) }
            lists[r].merge(item)
            let known = lists[r][item.id]!
            if known != item { broadcast(known, from: r) }
        }
        func jitter() -> UInt64 { random.next() }

        for _ in 0..<1_000 {
            switch random.next() % 10 {
            case 0..<5:
                let r = Int(random.next() % 3)
                let alive = lists[r].items
                let target = alive.isEmpty ? nil : alive[Int(random.next() % UInt64(alive.count))].id
                let index = Int(random.next() % UInt64(alive.count + 1))
                var change: TodoItemState?
                switch (random.next() % 5, target) {
                case (1, let id?): change = lists[r].editing(id, text: "edited \(random.next() % 100)", version: now(r))
                case (2, let id?): change = lists[r].completing(id, random.next() % 2 == 0, version: now(r))
                case (3, let id?): change = lists[r].moving(id, to: index, version: now(r), jitter: jitter)
                case (4, let id?):
                    change = lists[r].deleting(id, version: now(r))
                    deleted.insert(id)
                default:
                    let id = random.next() & TodoItemState.maximumID
                    change = lists[r].adding(id: id, text: "item \(id % 1000)", at: index, version: now(r), jitter: jitter)
                    added.insert(id)
                }
                if let change {
                    lists[r].merge(change)
                    broadcast(lists[r][change.id]!, from: r)
                }
            case 5..<8 where !inFlight.isEmpty:
                let message = inFlight.remove(at: Int(random.next() % UInt64(inFlight.count)))
                receive(message.item, at: message.to)
            case 8 where !inFlight.isEmpty:
                let message = inFlight[Int(random.next() % UInt64(inFlight.count))]
                receive(message.item, at: message.to)
            case 9 where !inFlight.isEmpty:
                dropped.append(inFlight.remove(at: Int(random.next() % UInt64(inFlight.count))))
            default:
                break
            }
        }
        inFlight += dropped
        while !inFlight.isEmpty {
            let message = inFlight.remove(at: Int(random.next() % UInt64(inFlight.count)))
            receive(message.item, at: message.to)
        }

        #expect(lists[0] == lists[1] && lists[1] == lists[2])
        #expect(lists[0].items == lists[1].items && lists[1].items == lists[2].items)
        #expect(added.count > 80 && deleted.count > 20)
        for list in lists {
            #expect(Set(list.entries.keys) == added)
            #expect(Set(list.entries.values.filter(\.isDeleted).map(\.id)) == deleted)
        }
    }
}
