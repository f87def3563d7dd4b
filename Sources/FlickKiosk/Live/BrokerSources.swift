import FlickCore
import FlickJSON
import FlickMQTT

/// The config's broker connection and what comes through it: every message on a source's topic decoded into the
/// source's value, and the `publish` actions. The connection is the loop source; this forwards to it, knowing the
/// time its messages arrive at.
final class BrokerSources: LoopSource {
    /// The broker as the config names it: a reload that keeps it keeps the connection.
    let mqtt: KioskConfig.MQTT
    private let connection: MQTTConnection
    private var topics = TopicSources([])
    private var live: LiveData
    private let log: (String) -> Void
    private var now = 0.0

    init(mqtt: KioskConfig.MQTT, log: @escaping (String) -> Void) throws(MQTTError) {
        self.mqtt = mqtt
        self.log = log
        live = LiveData()
        connection = try MQTTConnection(settings: mqtt.settings(), log: log)
        connection.onMessage = { [unowned self] topic, payload in topics.receive(payload, on: topic, into: live, at: now, log: log) }
    }

    /// Subscribes to the topics of the MQTT sources in `sources` (and drops the subscriptions no source uses now),
    /// their values going to `live`.
    func bind(_ sources: [KioskConfig.DataSource], to live: LiveData) {
        self.live = live
        let wanted = TopicSources(sources)
        let old = topics.filters, new = wanted.filters
        for filter in old.subtracting(new) { connection.unsubscribe(filter) }
        for filter in new.subtracting(old).sorted() {
            do throws(MQTTError) { try connection.subscribe(filter) } catch { log("\(mqtt.broker): \(error)") }
        }
        topics = wanted
    }

    /// Publishes `payload` on `topic`; when the broker cannot be reached, one line says so and nothing is queued
    /// (an acknowledgement pressed while the broker is down is not sent minutes later).
    func publish(topic: String, payload: String, retain: Bool) {
        do throws(MQTTError) {
            try connection.publish(topic: topic, payload: Array(payload.utf8), retain: retain)
        } catch {
            log("\(error)")
        }
    }

    var fileDescriptor: Int32 { connection.fileDescriptor }
    var wantsWrite: Bool { connection.wantsWrite }
    var nextDeadline: Double? { connection.nextDeadline }

    func service(readable: Bool, writable: Bool, now: Double) {
        self.now = now
        connection.service(readable: readable, writable: writable, now: now)
    }
}
