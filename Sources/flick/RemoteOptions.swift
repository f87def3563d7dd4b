import ArgumentParser
import FlickMQTT
import Glibc

/// How every `flick remote` command reaches the fleet: the broker, its login and trust, the fleet's prefix, and how
/// long to wait for answers.
struct RemoteOptions: ParsableArguments {
    /// Where the broker is when neither --broker nor $FLICK_BROKER says.
    static let defaultBroker = "mqtt://localhost"
    /// The kiosks' `fleet.prefix` when their config gives none.
    static let defaultPrefix = "flick"
    /// A frame of a 4K panel as a PNG fits with room to spare; the kiosks' own limit (256 KiB) would drop it.
    static let maximumPayload = 32 << 20

    @Option(help: "The fleet's broker: mqtt://host[:port] (1883) or mqtts://host[:port] (TLS, 8883) (default: $FLICK_BROKER, else \(defaultBroker)).")
    var broker: String?

    @Option(help: "The user name to log in to the broker with.")
    var username: String?

    @Option(help: "A file whose first line is the broker's password for --username.")
    var passwordFile: String?

    @Option(help: "The certificate authority (PEM) an mqtts:// broker's certificate must chain to (default: the system's).")
    var caFile: String?

    @Option(help: "The fleet's topic prefix, the kiosks' fleet.prefix.")
    var prefix = defaultPrefix

    @Option(help: "Seconds to wait for the broker, and for the kiosks to answer.")
    var timeout = 5.0

    @Flag(help: "Log the broker connection's progress to stderr.")
    var verbose = false

    /// --broker, else $FLICK_BROKER, else mqtt://localhost, with the name of where it came from for messages.
    private var brokerText: (text: String, origin: String) {
        if let broker { return (broker, "--broker") }
        if let text = getenv("FLICK_BROKER").map({ String(cString: $0) }), !text.isEmpty { return (text, "FLICK_BROKER") }
        return (Self.defaultBroker, "the default broker")
    }

    func validate() throws {
        _ = try settings()
        for level in prefix.split(separator: "/", omittingEmptySubsequences: false) {
            if let problem = FleetName.problem(String(level), as: "--prefix level") { throw ValidationError(problem) }
        }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be seconds from 0 to 3600, not \(timeout)") }
    }

    var topics: RemoteTopics { RemoteTopics(prefix: prefix) }

    /// The connection's settings: a client id of its own, so a second laptop does not push the first off the broker.
    func settings() throws(ValidationError) -> MQTTSettings {
        let (text, origin) = brokerText
        let address: BrokerAddress
        do { address = try BrokerAddress(parsing: text) } catch { throw ValidationError("\(origin) \(error.message)") }
        if passwordFile != nil && username == nil {
            throw ValidationError("--password-file needs --username too (MQTT sends a password only with a user name)")
        }
        if caFile != nil && !address.isTLS {
            throw ValidationError("--ca-file is for TLS: give the broker as \(BrokerAddress(host: address.host, port: 8883, isTLS: true)), or leave --ca-file out")
        }
        do {
            return try MQTTSettings(broker: address, username: username, passwordFile: passwordFile, caFile: caFile,
                                    clientID: MQTTSettings.uniqueClientID(role: "flick-remote"), maximumPayload: Self.maximumPayload)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
