import CMosquitto
import Glibc

/// What one of libmosquitto's callbacks reported. Callbacks run inside libmosquitto's calls, which the
/// connection makes itself; they only record, and the connection acts once the call has returned.
enum ClientEvent {
    /// A CONNACK: 0 accepted, else the broker's refusal.
    case connected(code: Int32)
    /// The socket closed: 0 after our own goodbye, else libmosquitto's error and the errno it left.
    case disconnected(code: Int32, errno: Int32)
    case message(topic: String, payload: [UInt8])
    /// A message over ``MQTTSettings/maximumPayload``, dropped without copying it.
    case oversized(topic: String, size: Int)
}

extension MQTTConnection {
    /// Points libmosquitto's callbacks at the connection its userdata names (unretained: the connection owns the
    /// client and clears the userdata before it goes). C function pointers capture nothing.
    static func installCallbacks(on client: OpaquePointer) {
        mosquitto_connect_callback_set(client) { _, userdata, code in
            connection(userdata)?.events.append(.connected(code: code))
        }
        mosquitto_disconnect_callback_set(client) { _, userdata, code in
            let error = errno
            connection(userdata)?.events.append(.disconnected(code: code, errno: error))
        }
        mosquitto_message_callback_set(client) { _, userdata, message in
            guard let connection = connection(userdata), let message = message?.pointee, let topicBytes = message.topic else { return }
            let topic = String(cString: topicBytes)
            let size = Int(message.payloadlen)
            if size > connection.settings.maximumPayload {
                connection.events.append(.oversized(topic: topic, size: size))
            } else {
                let payload = message.payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
                connection.events.append(.message(topic: topic, payload: payload))
            }
        }
        mosquitto_log_callback_set(client) { _, userdata, level, text in
            guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let text else { return }
            connection(userdata)?.libraryError = String(cString: text)
        }
    }
}

private func connection(_ userdata: UnsafeMutableRawPointer?) -> MQTTConnection? {
    userdata.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
}
