import FlickCore
import FlickJSON
import FlickMQTT

/// The config's MQTT sources on the kiosk's broker: every message on a source's topic decoded into the source's
/// value (``TopicSources``), for as long as this lives; a reload that changes the sources makes another.
final class BrokerSources {
    private let broker: KioskBroker
    private var route: KioskBroker.Route?
    private var topics: TopicSources

    /// Takes the messages of the MQTT sources among `sources` from `broker`, their values going to `live`.
    init(_ sources: [KioskConfig.DataSource], live: LiveData, broker: KioskBroker, log: @escaping (String) -> Void) {
        self.broker = broker
        topics = TopicSources(sources)
        guard !topics.filters.isEmpty else { return }
        do throws(MQTTError) {
            route = try broker.route(topics.filters.sorted()) { [unowned self] message in
                topics.receive(message.payload, on: message.topic, into: live, at: message.time, log: log)
            }
        } catch {
            // The config reader checked every topic: only a filter libmosquitto refuses after all gets here.
            log("\(broker.mqtt.broker): \(error)")
        }
    }

    deinit { route.map(broker.remove) }
}
