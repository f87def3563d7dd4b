import FlickJSON

/// Where the broker listens: `mqtt://host[:port]` (1883 by default) or `mqtts://host[:port]` (TLS, 8883), an IPv6
/// address in brackets (`mqtt://[fd00::1]:1883`).
package struct BrokerAddress: Sendable, Equatable, CustomStringConvertible {
    /// A host name or a numeric address, without brackets.
    package let host: String
    package let port: Int
    /// `mqtts://`: the connection is TLS, and the broker's certificate is checked.
    package let isTLS: Bool

    /// What a right address looks like, for the messages.
    static let examples = "like mqtt://192.168.1.10:1883 or mqtts://broker.example.com"

    package init(host: String, port: Int, isTLS: Bool) {
        self.host = host
        self.port = port
        self.isTLS = isTLS
    }

    /// The address in `text`, or what is wrong with it.
    package init(parsing text: String) throws(MQTTError) {
        func problem(_ what: String) -> MQTTError {
            MQTTError("'\(escapingControlCharacters(text))': \(what), \(Self.examples)")
        }
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("mqtt://") {
            isTLS = false
            rest = text.dropFirst(7)
        } else if lowered.hasPrefix("mqtts://") {
            isTLS = true
            rest = text.dropFirst(8)
        } else if let scheme = text.firstRange(of: "://") {
            throw problem("the scheme '\(escapingControlCharacters(String(text[..<scheme.lowerBound])))' is not mqtt:// or mqtts://")
        } else {
            throw problem(text.isEmpty ? "no broker address" : "the address needs its scheme, mqtt:// or mqtts://")
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("@") {
            throw problem("a user name or password does not go in the address: use username and passwordFile")
        }
        if authority.contains(where: { "/?#".contains($0) }) {
            throw problem("an MQTT address has no path or query")
        }
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw problem("the '[' of an IPv6 address is not closed") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw problem("only ':port' may follow the ']'") }
            portPart = after.isEmpty ? nil : after.dropFirst()
            guard hostPart.contains(":"), hostPart.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else {
                throw problem("'\(escapingControlCharacters(String(hostPart)))' in brackets is not an IPv6 address")
            }
        } else {
            let colons = authority.filter { $0 == ":" }.count
            if colons > 1 { throw problem("an IPv6 address goes in brackets, like mqtt://[fd00::1]:1883") }
            if let colon = authority.firstIndex(of: ":") {
                hostPart = authority[..<colon]
                portPart = authority[authority.index(after: colon)...]
            } else {
                hostPart = authority
                portPart = nil
            }
            guard !hostPart.isEmpty else { throw problem("no host") }
            guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
                throw problem("'\(escapingControlCharacters(String(hostPart)))' is not a host name or address")
            }
        }
        host = String(hostPart)
        if let portPart {
            guard portPart.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portPart), (1...65535).contains(port) else {
                throw problem("the port '\(escapingControlCharacters(String(portPart)))' is not a number from 1 to 65535")
            }
            self.port = port
        } else {
            port = isTLS ? 8883 : 1883
        }
    }

    /// `mqtt://host:port`, as the log names the broker.
    package var description: String {
        "\(isTLS ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
