import CMosquitto
import Glibc

/// Why a connection failed or ended, in the words the log and ``MQTTConnection/State`` use.
enum ConnectionFailure {
    /// The broker's CONNACK refusal `code` (MQTT 3.1.1).
    static func refusal(_ code: Int32, clientID: String) -> String {
        switch code {
        case 1: "the broker refused MQTT 3.1.1"
        case 2: "the broker refused the client ID '\(clientID)'"
        case 3: "the broker is unavailable"
        case 4: "bad username or password"
        case 5: "not authorised (check username and passwordFile)"
        default: String(cString: mosquitto_connack_string(code))
        }
    }

    /// libmosquitto's result `code`, with the `errno` it left and its last error line (OpenSSL's reason for a
    /// TLS failure).
    static func words(for code: Int32, errno: Int32, keepAlive: Int, libraryError: String?) -> String {
        switch mosq_err_t(rawValue: code) {
        case MOSQ_ERR_ERRNO where errno == EPROTO && libraryError != nil:
            // Newer libmosquitto (Debian 13's 2.0.21; 2.0.11 said MOSQ_ERR_TLS) ends a failed handshake with EPROTO, having
            // logged OpenSSL's reason.
            return "TLS failed: \(libraryError!)"
        case MOSQ_ERR_ERRNO:
            return errno == 0 ? "connection failed" : lowercasedFirst(String(cString: strerror(errno)))
        case MOSQ_ERR_EAI:
            // libmosquitto leaves getaddrinfo's result in errno.
            return "cannot resolve the host: \(lowercasedFirst(String(cString: gai_strerror(errno))))"
        case MOSQ_ERR_CONN_LOST:
            return "connection lost"
        case MOSQ_ERR_KEEPALIVE:
            return "no answer from the broker within the keep-alive (\(keepAlive) s)"
        case MOSQ_ERR_TLS, MOSQ_ERR_TLS_HANDSHAKE:
            return "TLS failed" + (libraryError.map { ": \($0)" } ?? "")
        default:
            return lowercasedFirst(String(cString: mosquitto_strerror(code))).trimmingSuffix(".")
        }
    }

    private static func lowercasedFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
