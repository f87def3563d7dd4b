import FlickJSON
import FlickMQTT

/// The MQTT sources of a config and what a message gives them: each source whose topic filter matches the message's
/// topic takes the value at its path in the payload (``LivePayload``), or fails with why, logged once while the same
/// problem repeats. The broker's connection hands every message here; a fuzzer does the same without a broker.
package struct TopicSources {
    private let subscriptions: [(name: String, filter: String, path: ValuePath?)]
    /// The latest problem logged for each source, so a sensor sending the same bad payload every second is one line.
    private var problems: [String: String] = [:]

    /// The `mqtt` sources among `sources`.
    package init(_ sources: [KioskConfig.DataSource]) {
        subscriptions = sources.compactMap { source in
            guard case .mqtt(let topic, let path) = source.origin else { return nil }
            return (source.name, topic, path)
        }
    }

    /// The topic filters the sources subscribe to.
    var filters: Set<String> { Set(subscriptions.map(\.filter)) }

    /// `payload` arrived on `topic` at `now` (seconds on the loop's clock): its value goes to `live` for each source
    /// subscribed to the topic.
    package mutating func receive(_ payload: [UInt8], on topic: String, into live: LiveData, at now: Double,
                                  log: (String) -> Void) {
        // Parsed once, for the first source that takes it, however many take it.
        var contents: LivePayload.Contents?
        for subscription in subscriptions where MQTTTopic.matches(subscription.filter, topic: topic) {
            let read = contents ?? LivePayload.contents(of: payload)
            contents = read
            switch LivePayload.value(of: read, at: subscription.path) {
            case .success(let value):
                problems[subscription.name] = nil
                live.receive(value, for: subscription.name, at: now)
            case .failure(let problem):
                let line = "source \(subscription.name): message on \(escapingControlCharacters(topic)): \(problem)"
                if problems[subscription.name] != line { log(line) }
                problems[subscription.name] = line
                live.fail(subscription.name, reason: "\(problem)")
            }
        }
    }
}
