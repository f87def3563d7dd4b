@testable import FlickKiosk
import FlickInput
import FlickRaster
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// Kiosks of the group `cafe` as the fleet runs them — `flick run --headless --realtime` processes at 360x640, each in
/// a scratch directory of its own (config, store, touch script, output) — against one mosquitto, and a probe of every
/// fleet topic. Whatever is left running when the run goes is killed: the kiosks, the broker.
///
/// Times are wall-clock seconds (``SharedTodoCue/now``): each kiosk writes a screenshot at 0 ms of its script, whose
/// modification time says when the script started, whenever the test's task gets to look.
final class SharedTodoRun {
    final class Kiosk {
        let node: String
        let directory: String
        let process: ChildProcess

        fileprivate init(node: String, directory: String, process: ChildProcess) {
            (self.node, self.directory, self.process) = (node, directory, process)
        }

        var store: String { directory + "/state/\(SharedTodoKiosk.list).json" }
        /// The screen at 0 ms of its script: written as the script starts.
        var startShot: String { directory + "/start.png" }
        /// The frame it shows last, written when it ends.
        var lastFrame: String { directory + "/last.png" }
        var status: String { "flick/\(node)/status" }
    }

    let broker = MosquittoBroker()
    let root: String
    private(set) var probe: ProbeThread!
    private(set) var kiosks: [Kiosk] = []

    /// A broker with `options` under its loopback listener, and the probe.
    init(brokerOptions: [String] = ["allow_anonymous true"]) async throws {
        root = try ConfigFixtures.directory([:])
        try broker.start(brokerOptions + ["pid_file \(broker.directory)/broker.pid"])
        probe = try ProbeThread(broker: broker.address, filter: "flick/#")
        #expect(await wait(10) { probe.isConnected })
    }

    deinit {
        probe?.stop()
        for kiosk in kiosks { kiosk.process.stop(signal: SIGKILL) }
        broker.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The lines of the broker's log (with `log_type all`) after its first `mark` bytes that say it received a to-do
    /// item: from which client, on which topic.
    func itemsPublished(since mark: Int) -> [Substring] {
        String(decoding: broker.log.utf8.dropFirst(mark), as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("Received PUBLISH from") && $0.contains("/todo/") }
    }

    /// The broker's process, for a cue to kill.
    var brokerPID: pid_t { pid_t(broker.read("broker.pid").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 }

    /// Starts kiosk `node` with `seeds` in its store, playing `script`, connecting to `address` (default: the broker
    /// on loopback), run through `prefix` (`ip netns exec NAME`).
    @discardableResult
    func start(_ node: String, seeds: [TodoItem] = [], script: Touches? = nil, address: String? = nil,
               prefix: [String] = []) throws -> Kiosk {
        let directory = root + "/" + node
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        try sharedTodoConfig(broker: address ?? broker.address, node: node)
            .write(toFile: directory + "/kiosk.json", atomically: true, encoding: .utf8)
        if !seeds.isEmpty { try TodoStore(directory: directory + "/state", list: SharedTodoKiosk.list, node: "seed").save(seeds) }
        var arguments = ["run", "--headless", "--realtime", "--size", "\(todoWidth)x\(todoHeight)", "--config", directory + "/kiosk.json",
                         "--state-dir", directory + "/state", "--shot", "0=\(directory)/start.png", "--out", directory + "/last.png"]
        if let script {
            try TouchScript(events: script.frames.flatMap(\.events)).json()
                .write(toFile: directory + "/script.json", atomically: true, encoding: .utf8)
            arguments += ["--script", directory + "/script.json"]
        }
        try #require(FileManager.default.isExecutableFile(atPath: FlickCommand.path), "build flick first (swift build --build-tests does)")
        let process = try ChildProcess(prefix + [FlickCommand.path] + arguments, output: directory + "/flick.out", errors: directory + "/flick.err")
        let kiosk = Kiosk(node: node, directory: directory, process: process)
        kiosks.append(kiosk)
        return kiosk
    }

    /// Looks at `condition` every few hundredths of a second until it holds; false after `seconds`. The kiosks are
    /// other processes and the probe has its own thread: between looks the thread is the other tests'.
    @discardableResult
    func wait(_ seconds: Double, until condition: () -> Bool) async -> Bool {
        let deadline = SharedTodoCue.now + seconds
        while true {
            if condition() { return true }
            if SharedTodoCue.now >= deadline { return false }
            try? await Task.sleep(nanoseconds: 30_000_000)
        }
    }

    /// Waits until `time` (wall-clock seconds).
    func run(until time: Double) async { await wait(max(0, time - SharedTodoCue.now)) { false } }

    /// When the kiosks' scripts started, about (their mean); they must have started well within a plan's gap.
    func scriptStart(_ kiosks: [Kiosk]) async throws -> Double {
        let shots = kiosks.map(\.startShot)
        var times: [Double]?
        #expect(await wait(30) { times = SharedTodoCue.modified(shots); return times != nil },
                "the kiosks did not start: \(kiosks.map { $0.process.err.suffix(500) })")
        let started = try #require(times)
        let spread = started.max()! - started.min()!
        print("shared to-do: \(kiosks.count) kiosks' scripts started within \(String(format: "%.0f", spread * 1000)) ms")
        // The plan's phases are seconds apart: kiosks that started further apart than that cannot follow it.
        #expect(spread < SharedTodoPlan.gap / 2, "the kiosks started \(spread) s apart")
        return started.reduce(0, +) / Double(started.count)
    }

    /// `action` at `time` of the plan's timeline of `kiosks`, on time (see ``SharedTodoCue``).
    func cue(_ time: Double, of kiosks: [Kiosk], _ action: @escaping @Sendable () throws -> Void) -> SharedTodoCue {
        SharedTodoCue(at: time, startShots: kiosks.map(\.startShot), action)
    }

    // MARK: What the kiosks hold

    /// The list in `kiosk`'s store now; nil while it has none, or one that does not read.
    func stored(_ kiosk: Kiosk) -> TodoListState? {
        guard let bytes = FileManager.default.contents(atPath: kiosk.store) else { return nil }
        return try? TodoFile.decode(Array(bytes), node: kiosk.node).list
    }

    /// Waits for every store of `kiosks` to hold the same list, and `condition` of it.
    func converge(_ kiosks: [Kiosk], within seconds: Double, until condition: (TodoListState) -> Bool) async -> Bool {
        await wait(seconds) {
            let lists = kiosks.map(stored)
            guard let first = lists[0] else { return false }
            return lists.allSatisfy { $0 == first } && condition(first)
        }
    }

    /// Asks the group for the frame on every screen of `kiosks` until they all answer the same picture: it, or why
    /// not after `seconds` (once the probe is connected: after a broker restart it connects again on its own schedule,
    /// up to half a minute later).
    func sameScreen(_ kiosks: [Kiosk], within seconds: Double = 45) async -> Result<[UInt8], FixtureError> {
        guard await wait(35, until: { probe.isConnected }) else {
            return .failure(FixtureError("the probe did not connect again: \(probe.state)"))
        }
        let deadline = SharedTodoCue.now + seconds
        var answers: [String: [UInt8]] = [:]
        // The latest round every kiosk answered, for the failure's words: an ask that times out answers nothing.
        var lastFull: [String: [UInt8]] = [:]
        while SharedTodoCue.now < deadline {
            let asked = probe.messages.count
            try? probe.publish(topic: "flick/cafe/command/screenshot", payload: [])
            let answered = {
                answers = kiosks.reduce(into: [:]) { answers, kiosk in
                    answers[kiosk.node] = self.probe.messages.dropFirst(asked).last { $0.topic == "flick/\(kiosk.node)/state/screenshot" }?.payload
                }
                return answers.count == kiosks.count
            }
            guard await wait(min(5, deadline - SharedTodoCue.now), until: answered) else { continue }
            lastFull = answers
            if Set(answers.values).count == 1 { return .success(answers.values.first!) }
            // Something is still moving on a screen: ask again in a moment.
            await wait(0.2) { false }
        }
        let silent = kiosks.filter { answers[$0.node] == nil }.map(\.node)
        let pictures = lastFull.compactMapValues { try? Surface.decodePNG($0, path: "screenshot") }
        let differing = kiosks.compactMap { kiosk -> String? in
            guard let picture = pictures[kiosk.node], let first = pictures[kiosks[0].node],
                  let area = picture.differingArea(from: first) else { return nil }
            return "\(kiosk.node): \(area)"
        }
        let rounds = lastFull.isEmpty ? "no round had every kiosk's answer"
            : "in the last round every kiosk answered, differing from \(kiosks[0].node): \(differing)"
        return .failure(FixtureError("no answer to the last ask from \(silent); \(rounds)"))
    }

    /// Ends `kiosk` (SIGTERM) and reads the final state line it printed: the list it showed last.
    func finish(_ kiosk: Kiosk) -> [TodoItem]? {
        kill(kiosk.process.pid, SIGTERM)
        #expect(kiosk.process.exitCode(within: 15) == 0, "\(kiosk.node): \(kiosk.process.err.suffix(2000))")
        guard let line = kiosk.process.out.split(separator: "\n").last,
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let todo = json["todo"] as? [[String: Any]] else { return nil }
        return todo.map { TodoItem(id: 0, text: $0["text"] as? String ?? "", completed: $0["completed"] as? Bool ?? false) }
    }
}

/// An action at a moment of a plan's timeline — the broker killed, a link cut, a kiosk stopped — taken on a thread of
/// its own as soon as the kiosks' scripts started: on time, whatever the test's task waits for (the suite's other
/// tests may hold every thread of the pool for seconds, and a kill late by that falls on other edits than planned).
final class SharedTodoCue: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Double, FixtureError>?

    /// Wall-clock seconds, as files' modification times are.
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The modification times of `files`, once all exist.
    static func modified(_ files: [String]) -> [Double]? {
        let times = files.map { file -> Double? in
            var info = stat()
            guard stat(file, &info) == 0 else { return nil }
            return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        }
        return times.contains(nil) ? nil : times.compactMap { $0 }
    }

    /// `action` at `time` seconds after the scripts that write `startShots` at their start started (their mean).
    init(at time: Double, startShots: [String], _ action: @escaping @Sendable () throws -> Void) {
        Thread { [self] in
            let deadline = Self.now + 60
            var started = Self.modified(startShots)
            while started == nil && Self.now < deadline {
                usleep(10_000)
                started = Self.modified(startShots)
            }
            let outcome: Result<Double, FixtureError>
            if let started {
                let due = started.reduce(0, +) / Double(started.count) + time
                // The moment the plan puts it at, not a wait for something to happen.
                if due > Self.now { usleep(UInt32((due - Self.now) * 1_000_000)) }
                do { try action(); outcome = .success(Self.now - due) } catch { outcome = .failure(FixtureError("\(error)")) }
            } else {
                outcome = .failure(FixtureError("the kiosks' scripts did not start within a minute"))
            }
            lock.withLock { self.outcome = outcome }
        }.start()
    }

    /// Waits for the action to be taken: how late it was, in seconds.
    @discardableResult
    func taken() async throws -> Double {
        while true {
            if let outcome = lock.withLock({ outcome }) { return try outcome.get() }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
