import FlickJSON
import Glibc

/// How a message is delivered: at most once (fire and forget), at least once, exactly once.
package enum MQTTQoS: Int32, Sendable {
    case atMostOnce = 0, atLeastOnce = 1, exactlyOnce = 2
}

/// The message the broker publishes for Flick when the connection breaks without a clean goodbye (a fleet's
/// `offline` status).
package struct MQTTWill: Sendable, Equatable {
    package var topic: String
    package var payload: [UInt8]
    package var qos: MQTTQoS
    package var retain: Bool

    /// Retained and sent at least once unless told otherwise: a status topic keeps a kiosk's last word for whoever
    /// subscribes later.
    package init(topic: String, payload: [UInt8], qos: MQTTQoS = .atLeastOnce, retain: Bool = true) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

/// Everything a connection needs, checked as a whole when made: one `mqtt` setting serves every source, action
/// and the fleet.
package struct MQTTSettings: Sendable, Equatable {
    /// Where the broker listens.
    package let broker: BrokerAddress
    /// Sent with the password; needed when there is a password file.
    package let username: String?
    /// A file whose first line is the password, read at every connect, so a changed password is used at the next
    /// one.
    package let passwordFile: String?
    /// The certificate authority (PEM) the broker's certificate must chain to; nil: the system's, in
    /// /etc/ssl/certs. Only for `mqtts://`.
    package let caFile: String?
    /// The name the broker knows this kiosk by.
    package let clientID: String
    /// Seconds without traffic after which the connection is checked with a ping (and given up on after as many
    /// again without an answer). libmosquitto's least is 5.
    package let keepAlive: Int
    /// Published by the broker if the connection breaks without ``MQTTConnection/close()``.
    package let will: MQTTWill?
    /// Larger messages are dropped (with one log line per topic), never handed on.
    package let maximumPayload: Int
    /// The most messages one ``MQTTConnection/service(readable:writable:now:)`` hands on before the frame loop
    /// gets its turn; the rest wait in the socket and the broker until the next service, none is dropped.
    package let messagesPerService: Int

    /// 256 KiB: far above a sensor reading or a to-do list, far below what would hurt a board.
    package static let defaultMaximumPayload = 256 << 10
    /// A burst of two hundred readings is taken in one go, a few milliseconds of work (a message costs about 20 µs on a
    /// 2-core x86 in a release build): a flood of commands or values is taken between frames, which stay on time.
    package static let defaultMessagesPerService = 200

    package init(broker: BrokerAddress, username: String? = nil, passwordFile: String? = nil, caFile: String? = nil,
                 clientID: String = MQTTSettings.defaultClientID, keepAlive: Int = 30, will: MQTTWill? = nil,
                 maximumPayload: Int = MQTTSettings.defaultMaximumPayload,
                 messagesPerService: Int = MQTTSettings.defaultMessagesPerService) throws(MQTTError) {
        self.broker = broker
        self.username = username
        self.passwordFile = passwordFile
        self.caFile = caFile
        self.clientID = clientID
        self.keepAlive = keepAlive
        self.will = will
        self.maximumPayload = maximumPayload
        self.messagesPerService = messagesPerService
        try check()
    }

    /// `flick-<hostname>-<pid>`: unique on a network of kiosks, and a restarted kiosk is a new client, so the
    /// broker never confuses it with the one it replaces.
    package static var defaultClientID: String { uniqueClientID(role: "flick") }

    /// `<role>-<hostname>-<pid>`: no other process on the network has it (`flick-remote-laptop-4242` beside the
    /// kiosks' `flick-cafe-1-812`), so two clients never make the broker drop each other.
    package static func uniqueClientID(role: String) -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "kiosk"
        return "\(role)-\(host)-\(getpid())"
    }

    private func check() throws(MQTTError) {
        if passwordFile != nil && username == nil {
            throw MQTTError("a passwordFile needs a username too (MQTT sends a password only with a user name)")
        }
        if caFile != nil && !broker.isTLS {
            let tls = BrokerAddress(host: broker.host, port: 8883, isTLS: true)
            throw MQTTError("a caFile is for TLS: write the broker as \(tls) (or another mqtts:// port), or drop the caFile")
        }
        for (name, text) in [("username", username), ("clientID", clientID)] {
            guard let text else { continue }
            if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) || text.utf8.count > 65535 {
                throw MQTTError("the \(name) '\(escapingControlCharacters(text))' must be up to 65535 bytes without control characters")
            }
        }
        if clientID.isEmpty { throw MQTTError("the clientID is empty: leave it out for flick-<hostname>-<pid>") }
        guard (5...65535).contains(keepAlive) else {
            throw MQTTError("keepAlive \(keepAlive) is not from 5 to 65535 seconds (30 is usual)")
        }
        if let will { try MQTTTopic.checkName(will.topic) }
        guard maximumPayload > 0, messagesPerService > 0 else {
            throw MQTTError("maximumPayload and messagesPerService must be positive")
        }
    }
}
