@testable import FlickKiosk
import FlickCore
import FlickMQTT
import FlickRaster
import FlickTestFixtures
import FlickText
import FlickUI
import Foundation
import Testing

/// A to-do page's config as the shared-list tests run it: the list `closing` of group `cafe`, on one page at 360x640,
/// with `extra` in the page's content (`, "share": false`). Without `broker` the kiosk has no `mqtt` and no `fleet`;
/// with `username`, the kiosk logs in as that user.
func sharedTodoConfig(broker: String?, node: String, username: String? = nil, extra: String = "") -> String {
    let page = #"{"id": "todo", "content": {"type": "todo", "title": "Closing", "list": "\#(SharedTodoKiosk.list)"\#(extra)}}"#
    guard let broker else { return #"{"pages": [\#(page)]}"# }
    let user = username.map { #", "username": "\#($0)""# } ?? ""
    return #"{"mqtt": {"broker": "\#(broker)"\#(user)}, "fleet": {"node": "\#(node)", "groups": ["cafe"]}, "pages": [\#(page)]}"#
}

/// One kiosk of the group in this process: a ``KioskScene`` showing the shared list on a 360x640 screen at 160 dpi
/// (rows at y = 60 + 50i), its config file and store in a scratch directory, its frames on a virtual clock. Its
/// broker and fleet are serviced by the ``SharedTodoGroup``'s loop in real time.
final class SharedTodoKiosk {
    static let list = "closing"

    let node: String
    let directory: String
    let file: String
    let kiosk: KioskScene
    let player: VirtualClockPlayer
    let log = LogLines()

    /// Kiosk `node` of `config`, its store a copy of the file `store` (nil: none yet).
    init(config: String, node: String, store: String? = nil) throws {
        self.node = node
        directory = try ConfigFixtures.directory(["kiosk.json": config])
        file = directory + "/kiosk.json"
        if let store {
            try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: store, toPath: directory + "/state/\(Self.list).json")
        }
        let start = try KioskConfig.parse(Array(config.utf8), file: file, directory: directory)
        let log = log
        kiosk = KioskScene(config: start, file: file, width: todoWidth, height: todoHeight, fonts: try FontCollection(),
                           stateDirectory: directory + "/state", wallClock: WallClock(epoch: 1_772_524_800), log: { log.add($0) })
        player = VirtualClockPlayer(scene: FramesOf(kiosk), width: todoWidth, height: todoHeight)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// The kiosk's copy of the list.
    var replica: TodoReplica { kiosk.pages.todoLists.replica(Self.list) }

    /// The list as its store on disk holds it.
    var stored: TodoListState { TodoStore(directory: directory + "/state", list: Self.list, node: node).loadContents().list }

    /// The list as the final state line tells it.
    var shown: [TodoItem] {
        let json = try! JSONSerialization.jsonObject(with: Data(kiosk.pages.finalStateJSON().utf8)) as! [String: Any]
        return (json["todo"] as! [[String: Any]]).map { TodoItem(id: 0, text: $0["text"] as! String, completed: $0["completed"] as! Bool) }
    }

    // MARK: Touches

    func play(_ touches: Touches) {
        player.enqueue(touches.frames)
        player.run()
    }

    private var nowMs: Double { player.time * 1000 + 20 }

    /// Pulls the list down past the top, types `text` on the on-screen keyboard and taps Done.
    func add(_ text: String) {
        play(Touches.drag(180, rowCentre(0), by: 0, 73, at: nowMs))
        play(typing(letters(text) + [.done], at: nowMs))
    }

    /// Taps row `row`, types `suffix` after its text and taps Done.
    func append(_ suffix: String, toRow row: Int) {
        play(.tap(120, rowCentre(row), at: nowMs))
        play(typing(letters(suffix) + [.done], at: nowMs))
    }

    /// Swipes row `row` right: done (or not done again).
    func complete(row: Int) { play(Touches.drag(40, rowCentre(row), by: 213, 0, at: nowMs)) }

    /// Swipes row `row` left: deleted.
    func delete(row: Int) { play(Touches.drag(320, rowCentre(row), by: -213, 0, at: nowMs)) }

    /// Frames drawn until everything that arrived is on screen and still.
    func settle() { player.run(until: player.time + 1) }
}

/// Kiosks of the fleet group `cafe` in this process, against one real mosquitto, their sources serviced by one
/// ``TestLoop``, and a probe that sees every message of the group's to-do topics.
final class SharedTodoGroup {
    let broker = MosquittoBroker()
    private(set) var kiosks: [SharedTodoKiosk] = []
    private(set) var probe: SharedTodoProbe!
    let loop = TestLoop()
    /// `flick/cafe/todo/closing/`: where the list's items are.
    static let itemTopics = "flick/cafe/todo/\(SharedTodoKiosk.list)/"

    /// A broker and `count` kiosks, `k1`, `k2`, … (none connected yet).
    init(_ count: Int) throws {
        // Kiosks in one process would have one client id, flick-<host>-<pid>, and take the broker from one another:
        // each logs in as its node, and the broker knows it by that.
        try broker.start(["allow_anonymous true", "use_username_as_clientid true"])
        probe = try SharedTodoProbe(broker: broker.address, filter: "flick/cafe/todo/#")
        for _ in 0..<count { try join() }
    }

    /// Another kiosk, `k<n>`, with `extra` in its to-do page's content.
    @discardableResult
    func join(extra: String = "") throws -> SharedTodoKiosk {
        let node = "k\(kiosks.count + 1)"
        let kiosk = try SharedTodoKiosk(config: sharedTodoConfig(broker: broker.address, node: node, username: node, extra: extra), node: node)
        kiosks.append(kiosk)
        return kiosk
    }

    /// Services every kiosk and the probe until `condition` holds; false after `seconds`. The sources are asked
    /// again every tenth of a second: a reload may have made a kiosk another broker.
    @discardableResult
    func wait(for seconds: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = loop.now + seconds
        while !condition() {
            guard loop.now < deadline else { return false }
            let sources = kiosks.flatMap(\.kiosk.sources) + [probe.connection]
            loop.run(sources, for: min(0.1, deadline - loop.now), every: 0.02, until: condition)
        }
        return true
    }

    /// The probe is subscribed and every kiosk's fleet is connected.
    func connect() -> Bool {
        wait { probe.connection.state == .connected && kiosks.allSatisfy { $0.kiosk.broker?.isConnected == true } }
    }

    /// Every kiosk (of `kiosks`, default all) holds the same list as the first.
    func inStep(_ kiosks: [SharedTodoKiosk]? = nil) -> Bool {
        let kiosks = kiosks ?? self.kiosks
        return kiosks.allSatisfy { $0.replica.state == kiosks[0].replica.state }
    }

    /// Waits for the kiosks (default all) to hold the same list, its items alive `texts`, then draws their frames.
    @discardableResult
    func converge(_ kiosks: [SharedTodoKiosk]? = nil, to texts: [String], within seconds: Double = 10) -> Bool {
        let kiosks = kiosks ?? self.kiosks
        let done = wait(for: seconds) { inStep(kiosks) && kiosks[0].replica.items.map(\.text) == texts }
        kiosks.forEach { $0.settle() }
        return done
    }

    /// The messages on the list's item topics the probe saw.
    var itemMessages: [SharedTodoProbe.Message] { probe.messages.filter { $0.topic.hasPrefix(Self.itemTopics) } }

    /// Services everything for `seconds`, past the kiosks' reconciles (a second after each connect, once the
    /// retained items had time to come): what they publish meanwhile, the probe sees.
    func quiet(_ seconds: Double = 1.5) { wait(for: seconds) { false } }
}

/// A client of the broker that keeps every message on its filter, in order, and publishes. It logs in as a user of its
/// own: a broker that names clients by their users (``SharedTodoGroup``) takes it too.
final class SharedTodoProbe {
    struct Message {
        let topic: String
        let payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    let connection: MQTTConnection
    private(set) var messages: [Message] = []

    init(broker: String, filter: String) throws {
        let name = "probe-\(UUID().uuidString.prefix(8))"
        let settings = try MQTTSettings(broker: BrokerAddress(parsing: broker), username: name, clientID: name,
                                        maximumPayload: 16 << 20)
        connection = try MQTTConnection(settings: settings, log: { _ in })
        connection.onMessage = { [unowned self] topic, payload in messages.append(Message(topic: topic, payload: payload)) }
        try connection.subscribe(filter, qos: .atLeastOnce)
    }

    /// The payloads on `topic`, as text, in order.
    func texts(on topic: String) -> [String] { messages.filter { $0.topic == topic }.map(\.text) }

    /// A kiosk's status as it changed, each repeat dropped: a status is published at QoS 1, at least once, and a
    /// kiosk whose PUBACK came late on a busy machine sends it again (CI saw k3's "online" twice).
    func statuses(on topic: String) -> [String] {
        texts(on: topic).reduce(into: []) { changes, text in if changes.last != text { changes.append(text) } }
    }
}

/// Expectations every kiosk of a group meets once in step: the same items on screen, in the final state, in the
/// store and in the frames.
func expectSameList(_ kiosks: [SharedTodoKiosk], texts: [String], completed: [Bool]? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    for kiosk in kiosks {
        #expect(kiosk.replica.items.map(\.text) == texts, "\(kiosk.node): \(kiosk.log.lines)", sourceLocation: sourceLocation)
        #expect(kiosk.shown.map(\.text) == texts, "\(kiosk.node)", sourceLocation: sourceLocation)
        if let completed {
            #expect(kiosk.shown.map(\.completed) == completed, "\(kiosk.node)", sourceLocation: sourceLocation)
        }
        #expect(kiosk.stored == kiosks[0].replica.state, "\(kiosk.node)'s store", sourceLocation: sourceLocation)
        #expect(kiosk.player.screen.differingArea(from: kiosks[0].player.screen) == nil,
                "\(kiosk.node)'s screen differs from \(kiosks[0].node)'s", sourceLocation: sourceLocation)
    }
}
