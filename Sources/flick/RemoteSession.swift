import FlickCore
import FlickFiles
import FlickMQTT
import Glibc

/// The remote's connection to the fleet's broker, serviced by a poll loop of its own (a kiosk's is serviced by its
/// frame loop): one thread, CLOCK_MONOTONIC, every wait bounded by a deadline or ended by a signal.
final class RemoteSession {
    /// How a wait ended.
    enum End { case done, timedOut, interrupted }

    let topics: RemoteTopics
    /// `mqtt://host:port`, as messages name the broker.
    let broker: String
    /// How long to wait for the broker and for each answer.
    let timeout: Double
    /// The fleet as the broker's retained messages describe it, kept up to date.
    private(set) var fleet = FleetView()
    /// Each message from a kiosk, after ``fleet`` has taken it in; `changed`: it changed what ``fleet`` knows (a
    /// status, health or page that is new, not the same one sent again after a reconnect).
    var onMessage: ((_ message: FleetMessage, _ changed: Bool) -> Void)?
    /// Each change of the connection's state (once connected: a lost broker, and its return).
    var onConnectionChange: ((MQTTConnection.State) -> Void)?
    /// `follow` rides out a broker that goes away (the connection reconnects); a command fails instead.
    var survivesDisconnects = false

    private let connection: MQTTConnection
    private let clock = MonotonicClock()
    private let probe: String
    private var probeReturned = false
    private var wasConnected = false

    /// A session with `options` (checked by their `validate`), not connected yet.
    init(_ options: RemoteOptions) throws(RemoteFailure) {
        topics = options.topics
        timeout = options.timeout
        let settings: MQTTSettings
        do { settings = try options.settings() } catch { throw RemoteFailure(.local, error.message) }
        // Named as files here rather than as a broker that cannot be reached.
        for (option, file, kind) in [("--password-file", settings.passwordFile, InputFile.Kind.password), ("--ca-file", settings.caFile, .certificate)] {
            if let file { do { _ = try InputFile.check(file, as: kind) } catch { throw RemoteFailure(.local, "\(option) \(error)") } }
        }
        broker = settings.broker.description
        probe = topics.probe(clientID: settings.clientID)
        do {
            connection = try MQTTConnection(settings: settings, log: { line in
                if options.verbose { printToStandardError([line]) }
            })
        } catch {
            throw RemoteFailure(.local, error.message)
        }
        connection.onMessage = { [unowned self] topic, payload in received(topic: topic, payload: payload) }
        connection.onConnectionChange = { [unowned self] state in onConnectionChange?(state) }
    }

    /// Connects, subscribes to every kiosk's retained state and to `filters`, and returns once the broker has sent
    /// all it retains: a message on the remote's own probe topic, published after the subscriptions, has come back
    /// (a broker handles one client's packets in order).
    func open(subscribing filters: [String] = []) throws(RemoteFailure) {
        do {
            for filter in topics.retainedState + filters + [probe] { try connection.subscribe(filter, qos: .atLeastOnce) }
        } catch {
            throw RemoteFailure(.local, error.message)
        }
        let deadline = clock.now + timeout
        guard try wait(until: deadline, for: { connection.state == .connected }) == .done else {
            throw RemoteFailure(.broker, "no answer from \(broker) within \(seconds(timeout)) s (is the broker at that address, "
                + "and reachable from here? --broker or FLICK_BROKER names another)")
        }
        try publish(probe, [])
        guard try wait(until: deadline, for: { probeReturned }) == .done else {
            throw RemoteFailure(.broker, "\(broker) did not pass on the remote's message on \(probe) within \(seconds(timeout)) s "
                + "(does the broker's access list let this user publish and subscribe under \(topics.prefix)/?)")
        }
    }

    /// Publishes `payload` on `topic` (at least once), or fails naming the broker.
    func publish(_ topic: String, _ payload: [UInt8]) throws(RemoteFailure) {
        do { try connection.publish(topic: topic, payload: payload, qos: .atLeastOnce) } catch {
            throw RemoteFailure(.broker, error.message)
        }
    }

    /// Publishes `payload` on `topic` and returns once the broker has handed it on to the kiosks subscribed to it (the
    /// probe published after it has come back).
    func publishAndConfirm(_ topic: String, _ payload: [UInt8]) throws(RemoteFailure) {
        probeReturned = false
        try publish(topic, payload)
        try publish(probe, [])
        guard try wait(for: { probeReturned }) == .done else {
            throw RemoteFailure(.broker, "\(broker) did not confirm the message on \(topic) within \(seconds(timeout)) s")
        }
    }

    /// Services the connection until `done` holds, `deadline` (default: the timeout from now) passes, or
    /// `interruption` (a signal queue's descriptor) becomes readable.
    func wait(until deadline: Double? = nil, interruption: Int32? = nil, for done: () -> Bool) throws(RemoteFailure) -> End {
        let deadline = deadline ?? clock.now + timeout
        while !done() {
            let now = clock.now
            guard now < deadline else { return .timedOut }
            var entries: [pollfd] = []
            let socket = connection.fileDescriptor
            if socket >= 0 {
                entries.append(pollfd(fd: socket, events: Int16(POLLIN) | (connection.wantsWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            if let interruption { entries.append(pollfd(fd: interruption, events: Int16(POLLIN), revents: 0)) }
            let wake = min(deadline, connection.nextDeadline ?? deadline)
            // Whole milliseconds, rounded up: waking early would only poll again.
            let milliseconds = Int32((max(0, min(60, wake - now)) * 1000).rounded(.up))
            do { try SystemCall.retrying("poll") { poll(&entries, nfds_t(entries.count), milliseconds) } } catch {
                throw RemoteFailure(.local, "\(error)")
            }
            if interruption != nil, entries.last!.revents != 0 { return .interrupted }
            let revents = socket >= 0 ? entries[0].revents : 0
            let readable = revents & Int16(POLLIN | POLLERR | POLLHUP | POLLNVAL) != 0
            let writable = revents & Int16(POLLOUT) != 0
            let after = clock.now
            if readable || writable || (connection.nextDeadline.map { $0 <= after } ?? false) {
                connection.service(readable: readable, writable: writable, now: after)
            }
            try checkConnection()
        }
        return .done
    }

    func close() { connection.close() }

    private func checkConnection() throws(RemoteFailure) {
        switch connection.state {
        case .connecting:
            break
        case .connected:
            wasConnected = true
        case .disconnected(let reason) where !wasConnected:
            throw RemoteFailure(.broker, "cannot connect to \(broker): \(reason) (--broker or FLICK_BROKER names the broker; "
                + "--username, --password-file and --ca-file log in)")
        case .disconnected(let reason):
            guard !survivesDisconnects else { return }
            throw RemoteFailure(.broker, "lost \(broker): \(reason)")
        }
    }

    private func received(topic: String, payload: [UInt8]) {
        if topic == probe {
            probeReturned = true
            return
        }
        guard let message = topics.message(topic: topic, payload: payload) else { return }
        let changed = fleet.apply(message)
        onMessage?(message, changed)
    }
}

/// `5` or `0.5`: seconds as messages say them.
func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int64(value)) : String(value)
}
