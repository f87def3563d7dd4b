@testable import FlickKiosk
import FlickInput
import FlickJSON
import FlickMQTT
import FlickRaster
import FlickTestFixtures
import FlickText
import FlickUI
import Foundation
import Testing

/// A kiosk of the fleet in this process, against a real mosquitto: its config file in a scratch directory, its frames
/// on a virtual clock (``VirtualClockPlayer``, which hands it the screen's power and the loop's status), its broker
/// and fleet serviced in real time by a ``TestLoop``, and a ``FleetProbe`` that sees every fleet topic and sends
/// commands.
final class FleetKiosk {
    static let pages = #"""
        [{"id": "home", "right": "menu", "content": {"type": "text", "title": "Café Aurora", "body": "Open until six"}},
         {"id": "menu", "content": {"type": "text", "title": "Menu", "body": "Soup of the day"}}]
        """#

    let broker: MosquittoBroker
    let directory: String
    let file: String
    let kiosk: KioskScene
    let player: VirtualClockPlayer
    let probe: FleetProbe
    let loop = TestLoop()
    let log = LogLines()
    let topics: FleetTopics

    /// `config` is written to `kiosk.json` and run; `shown` (default: it) is the config the kiosk starts on.
    init(broker: MosquittoBroker, config: String? = nil, shown: String? = nil, fileless: Bool = false) throws {
        self.broker = broker
        let text = config ?? Self.config(broker: broker)
        directory = try ConfigFixtures.directory(["kiosk.json": text])
        file = directory + "/kiosk.json"
        let start = try KioskConfig.parse(Array((shown ?? text).utf8), file: file, directory: directory)
        topics = FleetTopics(try #require(start.fleet))
        probe = try FleetProbe(broker: broker)
        let log = log
        kiosk = KioskScene(config: start, file: fileless ? nil : file, width: 320, height: 240, fonts: try FontCollection(),
                           stateDirectory: directory + "/state", wallClock: WallClock(epoch: 1_772_524_800), log: { log.add($0) })
        player = VirtualClockPlayer(scene: FramesOf(kiosk), width: 320, height: 240)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A café kiosk `cafe-1` in the group `cafe`, on `broker`.
    static func config(broker: MosquittoBroker, node: String = "cafe-1", groups: String = #"["cafe"]"#,
                       pages: String = FleetKiosk.pages) -> String {
        #"{"mqtt": {"broker": "\#(broker.address)"}, "fleet": {"node": "\#(node)", "groups": \#(groups)}, "pages": \#(pages)}"#
    }

    /// Services the kiosk's sources and the probe until `condition` holds; false after `seconds`.
    @discardableResult
    func wait(for seconds: Double = 5, until condition: () -> Bool) -> Bool {
        loop.run(kiosk.sources + [probe.connection], for: seconds, every: 0.05, until: condition)
    }

    /// The probe is subscribed and the kiosk has said it is online.
    func connect() -> Bool {
        wait { probe.connection.state == .connected && probe.texts(on: topics.status).last == "online" }
    }

    /// Sends `payload` as the command `verb` to `to` (the node, a group or all) through the probe.
    func send(_ verb: String, _ payload: [UInt8], to: String? = nil) throws {
        let topic = "\(topics.fleet.prefix)/\(to ?? topics.fleet.node)/command/\(verb)"
        try probe.connection.publish(topic: topic, payload: payload, qos: .atLeastOnce)
    }

    func send(_ verb: String, _ payload: String = "", to: String? = nil) throws { try send(verb, Array(payload.utf8), to: to) }

    /// The frames drawn until nothing moves.
    func settle() { player.run(until: player.time + 1) }
}

/// A client of the broker that sees every fleet topic, in order, and publishes commands.
final class FleetProbe {
    let connection: MQTTConnection
    private(set) var messages: [(topic: String, payload: [UInt8])] = []

    init(broker: MosquittoBroker, filter: String = "flick/#") throws {
        let settings = try MQTTSettings(broker: BrokerAddress(parsing: broker.address), clientID: "probe-\(UUID().uuidString.prefix(8))",
                                        maximumPayload: 16 << 20)
        connection = try MQTTConnection(settings: settings, log: { _ in })
        connection.onMessage = { [unowned self] topic, payload in messages.append((topic, payload)) }
        try connection.subscribe(filter, qos: .atLeastOnce)
    }

    /// The payloads on `topic`, as text, in order.
    func texts(on topic: String) -> [String] {
        messages.filter { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    /// The payloads on `topic`, in order.
    func payloads(on topic: String) -> [[UInt8]] { messages.filter { $0.topic == topic }.map(\.payload) }

    /// The latest payload on `topic` as a JSON object.
    func json(on topic: String) -> [String: Any]? {
        texts(on: topic).last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}

/// Lines a kiosk logged.
final class LogLines {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
