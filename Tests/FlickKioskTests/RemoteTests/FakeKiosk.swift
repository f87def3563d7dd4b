import FlickCore
import FlickJSON
import FlickMQTT
import FlickTestFixtures
import Foundation

/// A kiosk as the fleet's MQTT interface describes it (docs/remote.md), played by the test so `flick remote` is
/// tested against the interface itself: it publishes its retained status, health and page, and answers the
/// commands to its node, its groups and `all` as the test tells it to.
final class FakeKiosk {
    let node: String
    let groups: [String]
    let connection: MQTTConnection
    var page = "home"
    var screen = "on"
    var lastError: String?
    /// The line it refuses a pushed config with; nil: it applies every config.
    var refusesConfigs: String?
    /// The PNG it answers command/screenshot with; nil: it never answers.
    var screenshot: [UInt8]?
    /// The pages its config has: any other is refused on state/error.
    var pages: Set<String> = ["home", "menu"]
    /// The configs pushed to it, and every command as `verb payload`.
    private(set) var configs: [[UInt8]] = []
    private(set) var commands: [String] = []

    private let prefix: String
    private var ready = false

    init(_ node: String, groups: [String] = [], broker: MosquittoBroker, prefix: String = "flick", settings: MQTTSettings? = nil) throws {
        self.node = node
        self.groups = groups
        self.prefix = prefix
        let will = MQTTWill(topic: "\(prefix)/\(node)/status", payload: Array("offline".utf8))
        let given = try settings ?? MQTTSettings(broker: BrokerAddress(parsing: broker.address), clientID: "fake-\(node)")
        connection = try MQTTConnection(settings: MQTTSettings(
            broker: given.broker, username: given.username, passwordFile: given.passwordFile, caFile: given.caFile,
            clientID: "fake-\(node)", will: will), log: { _ in })
        for target in [node, "all"] + groups { try connection.subscribe("\(prefix)/\(target)/command/+", qos: .atLeastOnce) }
        try connection.subscribe("test/\(node)/ready")
        connection.onMessage = { [unowned self] topic, payload in received(topic: topic, payload: payload) }
        // As a kiosk does at every connect: a broker that restarted may have lost what it retained.
        connection.onConnectionChange = { [unowned self] state in
            if state == .connected { try? publishState() }
        }
    }

    /// Connects, publishes its retained state, and returns once the broker has it and its subscriptions are in force.
    func start(_ loop: TestLoop) throws -> Bool {
        guard loop.run([connection], until: { connection.state == .connected }) else { return false }
        try connection.publish(topic: "test/\(node)/ready", payload: [])
        return loop.run([connection], until: { ready })
    }

    func publishState() throws {
        try publish("status", "online")
        try publishPage()
        try publishHealth()
    }

    var health: JSONValue {
        .object([("node", .string(node)), ("groups", .array(groups.map(JSONValue.string))), ("version", .string("test")),
                 ("uptime", .number(3725)), ("config", .string("c0ffee")), ("fps", .number(59.94)), ("frameTimeP99", .number(16.9)),
                 ("missedVblanks", .number(0)), ("rss", .number(48_000_000)), ("cpuTemperature", .null), ("screen", .string(screen)),
                 ("lastError", lastError.map(JSONValue.string) ?? .null), ("lastRestart", .null), ("at", .string(reportedAt.formatted(Date.ISO8601FormatStyle())))])
    }

    /// When the health says it was reported: now, unless a test makes the kiosk fall silent.
    var reportedAt = Date()

    func publishHealth() throws { try publish("state/health", health.text()) }

    func publishPage() throws {
        try publish("state/page", JSONValue.object([("page", .string(page)), ("language", .string("en"))]).text())
    }

    private func publish(_ level: String, _ text: String, retain: Bool = true) throws {
        try connection.publish(topic: "\(prefix)/\(node)/\(level)", payload: Array(text.utf8), qos: .atLeastOnce, retain: retain)
    }

    private func received(topic: String, payload: [UInt8]) {
        if topic == "test/\(node)/ready" {
            ready = true
            return
        }
        let verb = String(topic.split(separator: "/").last ?? "")
        let text = String(decoding: payload, as: UTF8.self)
        commands.append(payload.isEmpty ? verb : "\(verb) \(text)")
        do {
            switch verb {
            case "screenshot":
                if let screenshot {
                    try connection.publish(topic: "\(prefix)/\(node)/state/screenshot", payload: screenshot, qos: .atLeastOnce)
                }
            case "config":
                configs.append(payload)
                let answer: JSONValue = refusesConfigs.map { .object([("applied", .bool(false)), ("error", .string($0))]) }
                    ?? .object([("applied", .bool(true)), ("config", .string("5eed\(configs.count)"))])
                try publish("state/config", answer.text())
            case "page" where pages.contains(text):
                page = text
                try publishPage()
            case "page":
                try publish("state/error", "page: unknown page id \"\(text)\"", retain: false)
            case "blank", "wake":
                screen = verb == "blank" ? "blank" : "on"
                try publishHealth()
            case "backlight", "reload":
                break
            default:
                try publish("state/error", "unknown command \"\(verb)\"", retain: false)
            }
        } catch {
            commands.append("could not answer: \(error)")
        }
    }
}

/// A broker with kiosks on it, and `flick remote` run against it as a separate process while they answer.
final class FakeFleet {
    let broker: MosquittoBroker
    let loop = TestLoop()
    private(set) var kiosks: [FakeKiosk] = []
    /// A scratch directory for flick's output and files.
    let directory: String

    init(broker: MosquittoBroker? = nil) throws {
        if let broker {
            self.broker = broker
        } else {
            self.broker = MosquittoBroker()
            try self.broker.start()
        }
        directory = self.broker.directory
    }

    @discardableResult
    func add(_ node: String, groups: [String] = [], settings: MQTTSettings? = nil) throws -> FakeKiosk {
        let kiosk = try FakeKiosk(node, groups: groups, broker: broker, settings: settings)
        guard try kiosk.start(loop) else { throw FixtureError("the fake kiosk \(node) did not start: \(broker.log)") }
        kiosks.append(kiosk)
        return kiosk
    }

    /// A kiosk that was here and went away: its retained offline status, and the health it last sent.
    func addOffline(_ node: String, groups: [String], health: String) {
        broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-q", "1", "-r", "-t", "flick/\(node)/status", "-m", "offline"])
        broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-q", "1", "-r", "-t", "flick/\(node)/state/health", "-m", health])
    }

    /// `flick remote ARGUMENTS --broker <the broker>` run to its end (30 s at most) while the kiosks answer; its
    /// exit status (nil: still running, or killed) and what it printed.
    func remote(_ arguments: [String], broker address: String? = nil) throws -> (status: Int32?, out: String, err: String) {
        let flick = try FlickCommand.start(["remote"] + arguments + ["--broker", address ?? broker.address], in: directory)
        // Checked every 50 ms for flick's exit; the kiosks are serviced the moment anything reaches them.
        loop.run(kiosks.map(\.connection), for: 30, every: 0.05, until: { flick.hasExited })
        return (flick.exitCode(within: 0), flick.out, flick.err)
    }

    /// `flick remote ARGUMENTS --broker <the broker>` left running (follow), its output in the scratch directory.
    func startRemote(_ arguments: [String]) throws -> ChildProcess {
        try FlickCommand.start(["remote"] + arguments + ["--broker", broker.address], in: directory)
    }
}
