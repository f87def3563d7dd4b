import CMosquitto
import FlickJSON

/// Checks topics as the broker will, with libmosquitto's own checks, so a config names a bad topic before it is
/// ever sent.
package enum MQTTTopic {
    /// A subscription filter: levels split by `/`, `+` for one whole level, `#` alone as the last level
    /// (`sensors/+/temperature`, `factory/#`).
    package static func checkFilter(_ filter: String) throws(MQTTError) {
        try checkText(filter)
        guard filter.withCString({ mosquitto_sub_topic_check2($0, filter.utf8.count) }) == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("'\(escapingControlCharacters(filter))': a wildcard fills a whole level: '+' for one level "
                + "(sensors/+/temperature), '#' as the last level for all below it (sensors/#)")
        }
    }

    /// A topic to publish to: no wildcards (`factory/line1/ack`).
    package static func checkName(_ topic: String) throws(MQTTError) {
        try checkText(topic)
        guard topic.withCString({ mosquitto_pub_topic_check2($0, topic.utf8.count) }) == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("'\(escapingControlCharacters(topic))': a topic to publish to has no wildcards '+' or '#' "
                + "(those are for subscriptions), like factory/line1/ack")
        }
    }

    // withCString hands over every byte, an inner NUL included, so the checks see what a C string would hide.

    /// What both kinds share: not empty, within MQTT's length, no code points MQTT forbids.
    private static func checkText(_ topic: String) throws(MQTTError) {
        guard !topic.isEmpty else { throw MQTTError("the topic is empty: name one like sensors/kitchen/temperature") }
        guard topic.utf8.count <= 65535 else {
            throw MQTTError("a topic of \(topic.utf8.count) bytes is longer than MQTT's 65535")
        }
        guard topic.withCString({ mosquitto_validate_utf8($0, Int32(topic.utf8.count)) }) == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("'\(escapingControlCharacters(topic))': MQTT forbids control characters in a topic")
        }
    }
}

extension MQTTTopic {
    /// Whether a message on `topic` is one the subscription `filter` receives (libmosquitto's own matching).
    package static func matches(_ filter: String, topic: String) -> Bool {
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == MOSQ_ERR_SUCCESS.rawValue && result
    }
}
