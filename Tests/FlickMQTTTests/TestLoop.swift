import FlickTestFixtures
import FlickCore
import Glibc
@testable import FlickMQTT

/// Drives sources as the frame loop does: one poll over their descriptors (for writing when they want to) until
/// the earliest deadline, then a service for each that is ready or due. Counts the services it makes.
final class TestLoop {
    private let clock = MonotonicClock()
    private(set) var services = 0

    /// Runs until `condition` holds (true) or `seconds` pass (false), checking it after each wake, and at least
    /// `every` seconds when given.
    @discardableResult
    func run(_ sources: [LoopSource], for seconds: Double = 5, every: Double? = nil, until condition: () -> Bool) -> Bool {
        let deadline = clock.now + seconds
        while !condition() {
            let now = clock.now
            guard now < deadline else { return false }
            var entries = sources.map {
                pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN) | ($0.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            }
            let wake = min(deadline, now + (every ?? seconds), sources.compactMap(\.nextDeadline).min() ?? deadline)
            let timeout = Int32(max(0, ((wake - now) * 1000).rounded(.up)))
            _ = poll(&entries, nfds_t(entries.count), timeout)
            let after = clock.now
            for (source, entry) in zip(sources, entries) {
                // An error or hang-up on the socket is read: the read finds out what happened.
                let readable = entry.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0
                let writable = entry.revents & Int16(POLLOUT) != 0
                if readable || writable || (source.nextDeadline.map { $0 <= after } ?? false) {
                    services += 1
                    source.service(readable: readable, writable: writable, now: after)
                }
            }
        }
        return true
    }
}

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
