import FlickCore
import FlickFiles
import FlickJSON
import FlickMQTT

/// The kiosk's one connection to the config's `mqtt` broker, shared by everything that talks through it: the data
/// sources, the `publish` actions, the fleet (status, state, commands) and whatever else subscribes (a group's shared
/// to-do list). It is the frame loop's source for the connection; messages are handed to the routes whose filters
/// match their topic, each route once per message, on the loop's thread.
///
/// With a `fleet`, the broker publishes `<prefix>/<node>/status` `offline` (retained, QoS 1) as the connection's will
/// when it breaks, and ``finish()`` publishes the same before saying goodbye; messages may be as large as a config
/// file (``InputFile/Kind/config``'s limit), for `command/config`. Larger ones are dropped unread with one log line
/// per topic, and the routes that asked are told (``route(_:qos:oversized:handler:)``).
///
/// A reload that keeps the config's `mqtt` and `fleet` keeps the broker; one that changes either finishes it and makes
/// another (a changed will needs a new connection).
package final class KioskBroker: LoopSource {
    /// A message as a route takes it: its topic, its bytes and when it came, on the loop's clock.
    package struct Message {
        /// The topic it was published on.
        package let topic: String
        /// Its payload, at most ``KioskBroker/maximumPayload`` bytes.
        package let payload: [UInt8]
        /// When the connection handed it on, seconds on the loop's clock.
        package let time: Double
    }

    /// Where messages on some topic filters go: made by ``route(_:qos:oversized:handler:)``, ended by ``remove(_:)``.
    package final class Route {
        /// The filters the route takes messages on.
        package let filters: [String]
        fileprivate let qos: MQTTQoS
        fileprivate let handler: (Message) -> Void
        fileprivate let oversized: ((_ topic: String, _ size: Int) -> Void)?

        fileprivate init(filters: [String], qos: MQTTQoS, handler: @escaping (Message) -> Void,
                         oversized: ((String, Int) -> Void)?) {
            self.filters = filters; self.qos = qos; self.handler = handler; self.oversized = oversized
        }

        fileprivate func takes(_ topic: String) -> Bool { filters.contains { MQTTTopic.matches($0, topic: topic) } }
    }

    /// The broker as the config names it.
    package let mqtt: KioskConfig.MQTT
    /// The kiosk's place in the fleet, whose status the will and ``finish()`` publish; nil: not in one.
    package let fleet: KioskConfig.Fleet?
    /// The largest message handed on: a config file's limit with a fleet (a pushed config), else
    /// ``MQTTSettings/defaultMaximumPayload``.
    package var maximumPayload: Int { connection.settings.maximumPayload }
    /// The name the broker knows the kiosk by.
    package var clientID: String { connection.settings.clientID }
    /// The broker accepted the connection: subscriptions are in force and publishing works.
    package var isConnected: Bool { connection.state == .connected }

    private let connection: MQTTConnection
    private var routes: [Route] = []
    /// Each filter the connection subscribes to, at the highest QoS a route asks of it.
    private var subscribed: [String: MQTTQoS] = [:]
    private var connectedHooks: [() -> Void] = []
    /// The loop's time at the broker's latest service: when what it hands on came.
    package private(set) var time = 0.0
    private let log: (String) -> Void
    private var finished = false

    /// A connection to `mqtt`'s broker as a member of `fleet` (nil: none), made at the loop's first service. `log`
    /// gets one line per problem; `notice` one per change that is none (connecting, connected).
    package init(mqtt: KioskConfig.MQTT, fleet: KioskConfig.Fleet?, log: @escaping (String) -> Void,
                 notice: @escaping (String) -> Void) throws(MQTTError) {
        self.mqtt = mqtt
        self.fleet = fleet
        self.log = log
        let will = fleet.map { MQTTWill(topic: FleetTopics($0).status, payload: Array(FleetTopics.offline.utf8)) }
        let settings = try mqtt.settings(will: will,
                                         maximumPayload: fleet == nil ? MQTTSettings.defaultMaximumPayload : InputFile.Kind.config.limit)
        connection = try MQTTConnection(settings: settings, log: log, notice: notice)
        connection.onMessage = { [unowned self] topic, payload in deliver(Message(topic: topic, payload: payload, time: time)) }
        connection.onOversized = { [unowned self] topic, size in
            for route in routes where route.takes(topic) { route.oversized?(topic, size) }
        }
        connection.onConnectionChange = { [unowned self] state in
            guard state == .connected else { return }
            for hook in connectedHooks { hook() }
        }
    }

    deinit { finish() }

    // MARK: Routes

    /// Hands each message on `filters` (a message matching several of them once) to `handler`, and tells `oversized`
    /// of each one dropped for its size; subscribes to the filters no route had yet, at `qos` or the highest a route
    /// asks of them. Throws for a filter that is not one (the config reader checked the config's).
    @discardableResult
    package func route(_ filters: [String], qos: MQTTQoS = .atMostOnce, oversized: ((_ topic: String, _ size: Int) -> Void)? = nil,
                       handler: @escaping (Message) -> Void) throws(MQTTError) -> Route {
        for filter in filters { try MQTTTopic.checkFilter(filter) }
        let route = Route(filters: filters, qos: qos, handler: handler, oversized: oversized)
        routes.append(route)
        try subscribe(filters)
        return route
    }

    /// ``route(_:qos:oversized:handler:)`` of one filter.
    @discardableResult
    package func subscribe(_ filter: String, qos: MQTTQoS = .atMostOnce,
                           handler: @escaping (Message) -> Void) throws(MQTTError) -> Route {
        try route([filter], qos: qos, handler: handler)
    }

    /// Ends `route`: its handler gets nothing more, and the filters no other route takes are unsubscribed.
    package func remove(_ route: Route) {
        routes.removeAll { $0 === route }
        unsubscribeUnused(route.filters)
    }

    /// Runs `hook` at every connect from now on, once the subscriptions are made again (`online`, retained state, a
    /// shared list's edits made while the broker was away); at once too, when connected now.
    package func whenConnected(_ hook: @escaping () -> Void) {
        connectedHooks.append(hook)
        if isConnected { hook() }
    }

    /// Subscribes to those of `filters` not subscribed yet, or at a lower QoS than a route asks now: subscribing again
    /// would have the broker send its retained messages again.
    private func subscribe(_ filters: [String]) throws(MQTTError) {
        for filter in filters {
            let qos = routes.filter { $0.filters.contains(filter) }.map(\.qos.rawValue).max().flatMap { MQTTQoS(rawValue: $0) }
                ?? .atMostOnce
            guard subscribed[filter].map({ $0.rawValue < qos.rawValue }) ?? true else { continue }
            try connection.subscribe(filter, qos: qos)
            subscribed[filter] = qos
        }
    }

    private func unsubscribeUnused(_ filters: [String]) {
        for filter in filters where !routes.contains(where: { $0.filters.contains(filter) }) {
            connection.unsubscribe(filter)
            subscribed[filter] = nil
        }
    }

    private func deliver(_ message: Message) {
        // A handler may add or remove routes (a pushed config applied): those of the moment the message came get it.
        for route in routes where route.takes(message.topic) { route.handler(message) }
    }

    // MARK: Publishing

    /// Publishes `payload` on `topic`, or says why it cannot (not connected, a bad topic). Nothing is kept for later.
    package func publish(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) throws(MQTTError) {
        try connection.publish(topic: topic, payload: payload, qos: qos, retain: retain)
    }

    /// ``publish(topic:payload:qos:retain:)``, with one line to the log when it fails: for what nobody waits on.
    package func publishOrLog(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) {
        do throws(MQTTError) { try publish(topic: topic, payload: payload, qos: qos, retain: retain) } catch { log("\(error)") }
    }

    // MARK: The end

    /// Says goodbye: with a fleet, `offline` on the status topic first (retained, as the will would have been), then a
    /// clean disconnect, waiting at most a quarter of a second for both to leave (and the routes are ended without
    /// unsubscribing: the broker forgets them with the connection). Nothing more is received or sent.
    /// Called when the kiosk finishes (``KioskScene/finish()``), when a reload replaces the broker, and at the latest
    /// when the broker goes.
    package func finish() {
        guard !finished else { return }
        finished = true
        if let fleet, isConnected {
            // At most once: an acknowledgement coming back as the socket closes would reset the connection.
            try? publish(topic: FleetTopics(fleet).status, payload: Array(FleetTopics.offline.utf8), retain: true)
        }
        connection.close()
    }

    // MARK: LoopSource

    package var fileDescriptor: Int32 { connection.fileDescriptor }
    package var wantsWrite: Bool { connection.wantsWrite }
    package var nextDeadline: Double? { connection.nextDeadline }

    package func service(readable: Bool, writable: Bool, now: Double) {
        // A handler may drop the kiosk's last reference to this broker (a pushed config with another broker).
        withExtendedLifetime(self) {
            time = now
            connection.service(readable: readable, writable: writable, now: now)
        }
    }
}

extension KioskConfig.MQTT {
    /// The connection's settings: the broker's address, the login and the TLS authority, checked together, with the
    /// `will` and the largest message to take.
    func settings(will: MQTTWill? = nil, maximumPayload: Int = MQTTSettings.defaultMaximumPayload) throws(MQTTError) -> MQTTSettings {
        try MQTTSettings(broker: BrokerAddress(parsing: broker), username: username, passwordFile: passwordFile, caFile: caFile,
                         will: will, maximumPayload: maximumPayload)
    }
}
