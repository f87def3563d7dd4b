import FlickKiosk
import Testing

/// Stands in for the broker between kiosks in one process: what one replica publishes, the others receive, in
/// order. Cut, it loses what is published, as a kiosk cut off from the broker does.
final class Relay {
    private var queue: [(to: TodoReplica, id: UInt64, payload: [UInt8])] = []
    private var replicas: [TodoReplica] = []
    var isConnected = true

    func join(_ replica: TodoReplica) {
        replicas.append(replica)
        replica.publish = { [unowned self, unowned replica] id, payload in
            guard isConnected else { return }
            for other in replicas where other !== replica { queue.append((other, id, payload)) }
        }
    }

    /// Back after a cut: each kiosk learns what the broker holds (nothing, here) and publishes what it lacks.
    func reconnect() {
        isConnected = true
        for replica in replicas { replica.brokerConnected() }
        for replica in replicas { replica.reconcile() }
        deliver()
    }

    func deliver() {
        while isConnected, !queue.isEmpty {
            let message = queue.removeFirst()
            message.to.receive(itemID: message.id, payload: message.payload)
        }
    }
}

/// Two kiosks in one process, each a pages scene with its own store, sharing one list through a relay.
@Suite struct TodoTwoKiosksTests {
    @Test func concurrentEditsMadeApartConvergeOnBothScreens() throws {
        let a = try TodoHarness(), b = try TodoHarness(items: nil)
        let relay = Relay()
        // Two nodes, B's clock a second ahead: of two renames made apart, B's is the later.
        for (kiosk, node, wall) in [(a, "kiosk-a", 1_000), (b, "kiosk-b", 2_000)] as [(TodoHarness, String, UInt64)] {
            kiosk.replica.clock.node = node
            kiosk.replica.clock.wallMilliseconds = { wall }
            relay.join(kiosk.replica)
        }
        relay.reconnect()
        b.player.run(until: b.player.time + 1)
        #expect(b.texts == tutorialItems.map(\.text))

        relay.isConnected = false
        // Kiosk A completes "Feed the cat", renames "Buy eggs" and adds "Milk" at the top.
        a.play(Touches.drag(40, rowCentre(0), by: 213, 0))
        a.play(.tap(120, rowCentre(1), at: a.nowMs))
        a.type(" today")
        a.key(0xff0d)
        a.play(Touches.drag(180, rowCentre(1), by: 0, 13 + 60, at: a.nowMs))
        a.type("Milk")
        a.key(0xff0d)
        // Kiosk B deletes "Pack bags for WWDC", renames "Buy eggs" too, and pinches "Bread" in after "Rule the web".
        b.play(Touches.drag(320, rowCentre(2), by: -213, 0))
        b.play(.tap(120, rowCentre(1), at: b.nowMs))
        b.type(" and flour")
        b.key(0xff0d)
        b.play(.pinch(upperY: rowCentre(2), lowerY: rowCentre(3), apart: 40, at: b.nowMs))
        b.type("Bread")
        b.key(0xff0d)
        #expect(a.texts.count == 8 && b.texts.count == 7)

        relay.reconnect()
        for kiosk in [a, b] { kiosk.player.run(until: kiosk.player.time + 1) }
        #expect(a.texts == b.texts)
        #expect(a.state.completed == b.state.completed)
        let differing = (0..<todoHeight).reduce(0) { count, y in
            count + (0..<todoWidth).count { x in a.player.screen[x, y] != b.player.screen[x, y] }
        }
        #expect(differing == 0)
        #expect(a.replica.state == b.replica.state)
        #expect(a.store.loadContents().list == b.store.loadContents().list)
        // Nothing added lost, nothing deleted back; the later rename of "Buy eggs" wins on both.
        #expect(a.texts.first == "Milk" && a.texts.contains("Bread") && !a.texts.contains("Pack bags for WWDC"))
        #expect(a.texts.firstIndex(of: "Bread") == a.texts.firstIndex(of: "Rule the web")! + 1)
        #expect(a.texts[2] == "Buy eggs and flour")
        #expect(a.state.completed[1])
    }
}
