@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// The issue's tests of the shared list for real: kiosks as `flick run --headless --realtime` processes against a
/// real mosquitto, each playing a touch script (pull to add and typing on the on-screen keyboard, swipes, taps) that
/// overlaps the others'; the broker killed for a minute mid-edit; a kiosk cut off for two minutes, by its link or
/// stopped. In every case the stores, the lists the kiosks print at the end and their last frames converge to the
/// list the plan (``SharedTodoPlan``) says: nothing lost, nothing twice, nothing deleted back.
@Suite struct SharedTodoProcessTests {
    private static let nodes = ["k1", "k2", "k3"]
    private static let apart = [["k1", "k2"], ["k3"]]

    /// Items added, ticked, renamed and deleted on three screens at once, twice over.
    @Test func threeKiosksEditingAtOnceConvergeOnOneList() async throws {
        var plan = SharedTodoPlan(nodes: Self.nodes, seeds: SharedTodoRun.seeds)
        plan.phase(at: 1.5, ["k1": [.add("apples")], "k2": [.add("bread")], "k3": [.add("cheese")]])
        plan.phase(["k1": [.complete("Wipe tables"), .append(" now", to: "Stack chairs")],
                    "k2": [.complete("Empty bins"), .complete("Mop floor")],
                    "k3": [.delete("Count till"), .complete("Lock door")]])
        plan.phase(["k1": [.add("dates")], "k2": [.add("eggs")], "k3": [.add("figs")]])
        plan.phase(["k1": [.delete("Lock door")], "k2": [.complete("Wipe tables")], "k3": [.append(" twice", to: "Empty bins")]])
        plan.phase(["k1": [.complete("Empty bins")], "k2": [.delete("Mop floor")], "k3": [.complete("Wipe tables")]])

        let run = try await SharedTodoRun()
        let kiosks = try plan.nodes.map { try run.start($0, seeds: plan.seedItems, script: plan.touches[$0]) }
        let start = try await run.scriptStart(kiosks)
        guard await run.expectStores(kiosks, hold: plan, by: start + plan.end + 30, after: start + plan.lastEdit) else { return }
        try await run.expectSameEnd(kiosks)
    }

    /// The broker is killed while everyone is typing an item, and started again (empty: no persistence) a minute later;
    /// meanwhile each kiosk finishes its item and goes on editing alone, some of it on the same items as the others.
    /// The kiosks fill the new broker, converge, and a kiosk that starts then with nothing catches up the whole list.
    @Test func theBrokerKilledMidEditAndBackAMinuteLaterIsRefilledAndANewKioskCatchesUp() async throws {
        var plan = SharedTodoPlan(nodes: Self.nodes, seeds: SharedTodoRun.seeds)
        plan.phase(at: 1.5, ["k1": [.add("apples")], "k2": [.add("bread")], "k3": [.add("cheese")]])
        plan.phase(["k1": [.complete("Wipe tables")], "k2": [.append(" now", to: "Stack chairs")], "k3": [.delete("Count till")]])
        let alone = plan.nodes.map { [$0] }
        let typing = plan.phase(apart: alone, ["k1": [.add("apricot jam and honey")], "k2": [.add("brown bread rolls")],
                                               "k3": [.add("cheddar and brie")]])
        // Every keyboard is up and no Done tapped yet (the last kiosk starts typing 1.7 s in, the first taps Done at 3.3 s).
        let killing = typing.start + 2.3
        plan.phase(apart: alone, ["k1": [.delete("Stack chairs")],
                                  "k2": [.complete("Stack chairs"), .append(" too", to: "Empty bins")],
                                  "k3": [.complete("Empty bins"), .append(" daily", to: "Mop floor")]])
        plan.phase(apart: alone, ["k1": [.complete("Lock door")], "k2": [.delete("Mop floor")], "k3": [.add("dates")]])
        plan.together()
        let restart = killing + 60
        precondition(plan.end < restart - 5)

        let run = try await SharedTodoRun(brokerOptions: ["allow_anonymous true", "log_type all"])
        let kiosks = try plan.nodes.map { try run.start($0, seeds: plan.seedItems, script: plan.touches[$0]) }
        let broker = run.brokerPID
        let killed = run.cue(killing, of: kiosks) { kill(broker, SIGKILL) }
        let start = try await run.scriptStart(kiosks)
        try await Self.expectOnTime(killed, "the broker killed")
        run.broker.stop(signal: SIGKILL)
        await run.run(until: start + restart)
        try run.broker.restart()
        guard await run.expectStores(kiosks, hold: plan, by: start + restart + 60, after: start + restart,
                                lastEditName: "the broker started again") else { return }

        // A new kiosk, nothing in its store: the broker holds the whole list again, tombstones too, and it takes it;
        // past its reconcile, nobody has published an item since it came (the broker's log says who publishes what).
        let logged = run.broker.log.utf8.count
        let late = try run.start("k4")
        #expect(await run.converge([kiosks[0], late], within: 15) { _ in true }, "\(late.process.err.suffix(1500))")
        await run.wait(1.5) { false }
        #expect(run.itemsPublished(since: logged).isEmpty, "\(run.itemsPublished(since: logged))")
        try await run.expectSameEnd(kiosks + [late])
    }

    /// One kiosk's link goes dead for two minutes (a network namespace whose veth is taken down): the broker gives it
    /// up after one and a half keep-alives and says it is offline, and the kiosk gives the broker up. Both sides edit
    /// meanwhile — the cut-off one renames an item the others delete and deletes one they rename.
    @Test func aKioskCutOffForTwoMinutesCatchesUpAndItsEditsGoOut() async throws {
        let network = try SharedTodoNetwork()
        var plan = Self.beforeTheCut()
        let cut = plan.end + 1.5
        plan.phase(at: cut + 1, apart: Self.apart, ["k1": [.add("dates")], "k2": [.add("eggs")], "k3": [.add("figs")]])
        plan.phase(apart: Self.apart, ["k1": [.delete("Lock door")], "k2": [.complete("Stack chairs")],
                                       "k3": [.append(" again", to: "Lock door"), .delete("Mop floor")]])
        plan.phase(apart: Self.apart, ["k1": [.append(" soon", to: "Mop floor")], "k2": [.complete("Empty bins")],
                                       "k3": [.add("grapes"), .complete("Wipe tables")]])
        plan.together()
        let restore = cut + 120
        precondition(plan.end < restore - 5)

        let run = try await SharedTodoRun(brokerOptions: ["allow_anonymous true", "listener \(network.port) \(network.hostAddress)"])
        var kiosks = try ["k1", "k2"].map { try run.start($0, seeds: plan.seedItems, script: plan.touches[$0]) }
        kiosks.append(try run.start("k3", seeds: plan.seedItems, script: plan.touches["k3"],
                                    address: "mqtt://\(network.hostAddress):\(network.port)", prefix: network.prefix))
        let link = network.hostSide
        let cutOff = run.cue(cut, of: kiosks) { try SharedTodoNetwork.setLink(link, up: false) }
        let start = try await run.scriptStart(kiosks)
        try await Self.expectOnTime(cutOff, "the link cut")
        await run.run(until: start + restore)
        #expect(run.probe.statuses(on: kiosks[2].status) == ["online", "offline"], "the broker did not give k3 up")
        try SharedTodoNetwork.setLink(link, up: true)
        guard await run.expectStores(kiosks, hold: plan, by: start + restore + 120, after: start + restore,
                                lastEditName: "the link came back") else { return }
        #expect(run.probe.statuses(on: kiosks[2].status) == ["online", "offline", "online"])
        try await run.expectSameEnd(kiosks)
    }

    /// The same with the kiosk stopped (SIGSTOP) for two minutes, its keyboard up on an item it typed: it cannot edit
    /// while stopped, but it taps Done just after it goes on, on a connection the broker has long closed.
    @Test func aKioskStoppedForTwoMinutesCatchesUpAndWhatItFinishesAfterGoesOut() async throws {
        var plan = Self.beforeTheCut()
        let typing = plan.end + SharedTodoPlan.gap
        // k3 has typed "figs" 2.1 s into the phase: it is stopped with its keyboard up.
        let stop = typing + 2.8, resume = stop + 120
        plan.phase(at: typing, apart: Self.apart, ["k1": [.add("dates")], "k2": [.add("eggs")],
                                                   "k3": [.add("figs", doneAt: resume + 0.3)]])
        let next = plan.phase(at: typing + 5, apart: Self.apart, ["k1": [.delete("Lock door")], "k2": [.complete("Stack chairs")]])
        plan.phase(at: next.end + SharedTodoPlan.gap, apart: Self.apart,
                   ["k1": [.append(" soon", to: "Mop floor")], "k2": [.complete("Empty bins")]])
        plan.together()

        let run = try await SharedTodoRun(brokerOptions: ["allow_anonymous true", "log_type all"])
        let kiosks = try plan.nodes.map { try run.start($0, seeds: plan.seedItems, script: plan.touches[$0]) }
        let k3 = kiosks[2].process.pid
        let stopped = run.cue(stop, of: kiosks) { kill(k3, SIGSTOP) }
        let start = try await run.scriptStart(kiosks)
        try await Self.expectOnTime(stopped, "k3 stopped")
        await run.run(until: start + resume)
        #expect(run.probe.statuses(on: kiosks[2].status) == ["online", "offline"], "the broker did not give k3 up")
        let logged = run.broker.log.utf8.count
        kill(k3, SIGCONT)
        guard await run.expectStores(kiosks, hold: plan, by: start + plan.end + 60, after: start + resume,
                                lastEditName: "k3 went on") else { return }
        // Its online may come a moment after its store took the others' edits: the probe has its own turns.
        let online = await run.wait(10, until: { run.probe.statuses(on: kiosks[2].status) == ["online", "offline", "online"] })
        #expect(online,
                "\(run.probe.statuses(on: kiosks[2].status))")
        // Past k3's reconcile, one item went out since it went on, "figs", by k3: the rest it took from the broker.
        await run.wait(1.5) { false }
        let published = run.itemsPublished(since: logged)
        #expect(published.count == 1 && published.first?.contains("Received PUBLISH from flick-\(KioskConfig.Fleet.hostName ?? "")-\(k3) ") == true,
                "\(published)")
        try await run.expectSameEnd(kiosks)
    }

    /// The cue was taken when the plan says, give or take what its phases leave room for.
    private static func expectOnTime(_ cue: SharedTodoCue, _ what: String) async throws {
        let late = try await cue.taken()
        print("shared to-do: \(what) \(String(format: "%.0f", late * 1000)) ms after the plan's moment")
        #expect(late < 0.5, "\(what) \(late) s late")
    }

    /// What the three kiosks do together before one is cut off: an item each, a tick, a rename and a deletion.
    private static func beforeTheCut() -> SharedTodoPlan {
        var plan = SharedTodoPlan(nodes: nodes, seeds: SharedTodoRun.seeds)
        plan.phase(at: 1.5, ["k1": [.add("apples")], "k2": [.add("bread")], "k3": [.add("cheese")]])
        plan.phase(["k1": [.complete("Wipe tables")], "k2": [.append(" now", to: "Stack chairs")], "k3": [.delete("Count till")]])
        return plan
    }
}
