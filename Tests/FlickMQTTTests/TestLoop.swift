import FlickTestFixtures
import FlickCore
import Glibc
@testable import FlickMQTT

/// The lines a connection logs.
final class LogLines {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
    func count(containing text: String) -> Int { lines.filter { $0.contains(text) }.count }
}

/// The messages a connection handed on.
final class Received {
    private(set) var messages: [(topic: String, payload: [UInt8])] = []
    init(_ connection: MQTTConnection) {
        connection.onMessage = { [unowned self] in messages.append(($0, $1)) }
    }
    var texts: [String] { messages.map { String(decoding: $0.payload, as: UTF8.self) } }
    func texts(on topic: String) -> [String] { messages.filter { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) } }
    func contains(_ text: String) -> Bool { texts.contains(text) }
}

/// A connection to `broker` for a test, logging into `log`.
func connection(to broker: MosquittoBroker, _ log: LogLines = LogLines(), clientID: String = "flick-test-\(UInt32.random(in: 0...UInt32.max))",
                username: String? = nil, passwordFile: String? = nil, will: MQTTWill? = nil,
                messagesPerService: Int = MQTTSettings.defaultMessagesPerService) throws -> MQTTConnection {
    let settings = try MQTTSettings(broker: BrokerAddress(parsing: broker.address), username: username, passwordFile: passwordFile,
                                    clientID: clientID, will: will, messagesPerService: messagesPerService)
    return try MQTTConnection(settings: settings, log: log.append)
}

extension TestLoop {
    /// Connects `connection` and returns once its subscriptions are in force: a message it publishes on
    /// `readyTopic` (which one of them must cover) has come back, and a broker handles one client's packets in
    /// order.
    func connectAndSettle(_ connection: MQTTConnection, readyTopic: String, others: [LoopSource] = []) throws -> Bool {
        var ready = false
        let previous = connection.onMessage
        connection.onMessage = { topic, payload in
            if topic == readyTopic { ready = true } else { previous?(topic, payload) }
        }
        defer { connection.onMessage = previous }
        guard run([connection] + others, until: { connection.state == .connected }) else { return false }
        try connection.publish(topic: readyTopic, payload: Array("ready".utf8))
        return run([connection] + others, until: { ready })
    }
}
