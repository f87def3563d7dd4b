import CMosquitto
import FlickCore
import FlickFiles
import FlickJSON
import Glibc

/// Flick's connection to its MQTT broker, through libmosquitto, serviced by the frame loop like any other
/// ``LoopSource``: no thread of its own. The loop polls ``fileDescriptor`` and calls
/// ``service(readable:writable:now:)``, which reads, writes, keeps the connection alive and reconnects (after
/// 0.5 s, doubling to 30 s) when the broker goes away; every subscription is made again on each connect.
///
/// Messages and state changes are handed on from `service` only, after libmosquitto's calls have returned, so a
/// handler may publish, subscribe or close the connection.
///
/// Connecting resolves the broker's host with getaddrinfo, which blocks (libmosquitto has no other way): a name
/// that the local resolver cannot answer at once can hold the frame loop for as long as the resolver's timeout.
/// A numeric address, or a name in /etc/hosts, never waits.
package final class MQTTConnection: LoopSource {
    /// Where the connection stands, for the log and for bindings that show data as stale.
    package enum State: Sendable, Equatable {
        /// The first attempt, not answered yet.
        case connecting
        /// The broker accepted the connection; subscriptions are in force and publishing works.
        case connected
        /// Lost, refused or failed, and why; attempts go on in this state (a different reason is a new state).
        case disconnected(String)
    }

    /// What the connection was made with.
    package let settings: MQTTSettings
    /// Where the connection stands now.
    package private(set) var state = State.connecting
    /// Each message on a subscribed topic, in the order the broker sent them.
    package var onMessage: ((_ topic: String, _ payload: [UInt8]) -> Void)?
    /// Each change of ``state``.
    package var onConnectionChange: ((State) -> Void)?
    /// Each message over ``MQTTSettings/maximumPayload``, dropped unread (after the one log line per topic): its topic
    /// and size, for a subscriber that answers for what it drops.
    package var onOversized: ((_ topic: String, _ size: Int) -> Void)?

    let client: OpaquePointer
    private let log: (String) -> Void
    private let notice: (String) -> Void
    /// Filters in the order they were first subscribed, each with its QoS, made again at every connect.
    private var subscriptions: [(filter: String, qos: MQTTQoS)] = []
    /// What libmosquitto's callbacks reported during its last call, handled once the call returned.
    var events: [ClientEvent] = []
    /// libmosquitto's last error line (OpenSSL's words for a failed handshake), for the reason of a failure.
    var libraryError: String?
    private var schedule = ReconnectSchedule()
    /// When to try again while there is no attempt under way; 0 (the past on every clock): at the first service.
    private var attemptAt: Double? = 0
    /// A socket is open: connecting or connected.
    private var attemptUnderWay = false
    /// The CONNACK refusal of the attempt under way, which libmosquitto follows with a disconnect.
    private var refusal: Int32?
    private var keepAliveAt = 0.0
    private var closed = false
    private var oversizedTopicsLogged: Set<String> = []

    /// A connection to `settings.broker`, made by the first ``service(readable:writable:now:)`` (the loop's
    /// first pass). `log` gets one line per problem (a failure, a refusal, a dropped message), `notice` one per change
    /// that is no problem (connecting, connected, closed; default: `log`), each naming the broker.
    package init(settings: MQTTSettings, log: @escaping (String) -> Void, notice: ((String) -> Void)? = nil) throws(MQTTError) {
        MosquittoLibrary.ready()
        guard let client = mosquitto_new(settings.clientID, true, nil) else {
            throw MQTTError("\(settings.broker): libmosquitto could not make a client: \(String(cString: strerror(errno)))")
        }
        self.client = client
        self.settings = settings
        self.log = log
        self.notice = notice ?? log
        if let will = settings.will {
            let rc = will.payload.withUnsafeBytes {
                mosquitto_will_set(client, will.topic, Int32($0.count), $0.baseAddress, will.qos.rawValue, will.retain)
            }
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                mosquitto_destroy(client)
                throw MQTTError("\(settings.broker): the will on '\(escapingControlCharacters(will.topic))' was refused: "
                    + String(cString: mosquitto_strerror(rc)))
            }
        }
        mosquitto_user_data_set(client, Unmanaged.passUnretained(self).toOpaque())
        Self.installCallbacks(on: client)
    }

    deinit {
        // Callbacks during the goodbye must not reach an object being deinitialised.
        mosquitto_user_data_set(client, nil)
        close()
        mosquitto_destroy(client)
    }

    // MARK: LoopSource

    package var fileDescriptor: Int32 { closed ? -1 : mosquitto_socket(client) }

    package var wantsWrite: Bool { !closed && mosquitto_want_write(client) }

    package var nextDeadline: Double? {
        if closed { return nil }
        if !events.isEmpty { return 0 }
        return attemptUnderWay ? keepAliveAt : attemptAt
    }

    package func service(readable: Bool, writable: Bool, now: Double) {
        // A handler may drop the last other reference to the connection while it is being serviced.
        withExtendedLifetime(self) {
            guard !closed else { return }
            handleEvents(now: now)
            if attemptUnderWay { serviceSocket(readable: readable, writable: writable, now: now) }
            if !closed && !attemptUnderWay, let at = attemptAt, now >= at { attempt(now: now) }
        }
    }

    private func serviceSocket(readable: Bool, writable: Bool, now: Double) {
        if readable && mosquitto_socket(client) >= 0 { readAvailable(now: now) }
        if writable && attemptUnderWay && mosquitto_socket(client) >= 0 {
            libraryCall { mosquitto_loop_write(client, 1) }
            handleEvents(now: now)
        }
        if attemptUnderWay && mosquitto_socket(client) >= 0 {
            // Pings when the line has been quiet for the keep-alive; gives up when a ping or the CONNACK is not
            // answered in time.
            libraryCall { mosquitto_loop_misc(client) }
            handleEvents(now: now)
            keepAliveAt = now + 1
        }
        if attemptUnderWay && mosquitto_socket(client) < 0 {
            // Closed without a callback or an error from the call that closed it.
            events.append(.disconnected(code: MOSQ_ERR_CONN_LOST.rawValue, errno: 0))
            handleEvents(now: now)
        }
    }

    // MARK: Subscribing and publishing

    /// Subscribes to `filter` now if connected, and at every connect from now on.
    package func subscribe(_ filter: String, qos: MQTTQoS = .atMostOnce) throws(MQTTError) {
        try MQTTTopic.checkFilter(filter)
        if let index = subscriptions.firstIndex(where: { $0.filter == filter }) {
            subscriptions[index].qos = qos
        } else {
            subscriptions.append((filter, qos))
        }
        if state == .connected { sendSubscribe(filter, qos: qos) }
    }

    /// Forgets `filter`, and unsubscribes from it now if connected.
    package func unsubscribe(_ filter: String) {
        guard let index = subscriptions.firstIndex(where: { $0.filter == filter }) else { return }
        subscriptions.remove(at: index)
        if state == .connected { _ = mosquitto_unsubscribe(client, nil, filter) }
    }

    /// Publishes `payload` on `topic`, or says why it cannot. Nothing is kept for later: while the broker is away
    /// the error names why, and a press of a button is not replayed minutes later when it comes back.
    package func publish(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) throws(MQTTError) {
        try MQTTTopic.checkName(topic)
        let quoted = "'\(escapingControlCharacters(topic))'"
        guard state == .connected, !closed else {
            let why = switch state {
            case .connecting: "still connecting"
            case .connected: "closed"
            case .disconnected(let reason): reason
            }
            throw MQTTError("\(settings.broker): not connected (\(why)): nothing published on \(quoted)")
        }
        // MQTT's largest packet is 256 MiB; libmosquitto takes the length as an int.
        guard payload.count <= 268_435_455 - 2 - topic.utf8.count - 2 else {
            throw MQTTError("\(settings.broker): \(payload.count) bytes are more than MQTT carries: nothing published on \(quoted)")
        }
        errno = 0
        let rc = payload.withUnsafeBytes {
            mosquitto_publish(client, nil, topic, Int32($0.count), $0.baseAddress, qos.rawValue, retain)
        }
        let error = errno
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("\(settings.broker): publishing on \(quoted) failed: \(failure(rc, errno: error))")
        }
    }

    /// Says goodbye to the broker (so it does not publish the will) and stops: no more attempts, messages or
    /// state changes. Waits at most a quarter of a second for the goodbye to leave.
    package func close() {
        guard !closed else { return }
        closed = true
        if mosquitto_socket(client) >= 0 {
            let clock = MonotonicClock()
            let deadline = clock.now + 0.25
            flushWrites(until: deadline, clock: clock)
            // Bytes left unread when the socket closes make the kernel reset the connection, and the broker then drops
            // what it had not read of ours yet: the goodbye, so the will goes out after all. What it sent is read and
            // dropped first.
            dropIncoming(until: deadline, clock: clock)
            _ = mosquitto_disconnect(client)
            flushWrites(until: deadline, clock: clock)
        }
        events = []
        attemptUnderWay = false
        if state == .connected { notice("\(settings.broker): disconnected") }
        state = .disconnected("closed")
    }

    // MARK: The connection's life

    private func attempt(now: Double) {
        attemptAt = nil
        libraryError = nil
        refusal = nil
        do throws(MQTTError) {
            try setCredentials()
        } catch {
            retryLater(reason: error.message, now: now)
            return
        }
        if state == .connecting { notice("\(settings.broker): connecting as \(settings.clientID)") }
        errno = 0
        let rc = mosquitto_connect_async(client, settings.broker.host, Int32(settings.broker.port), Int32(settings.keepAlive))
        let error = errno
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            retryLater(reason: failure(rc, errno: error), now: now)
            return
        }
        attemptUnderWay = true
        keepAliveAt = now + 1
        handleEvents(now: now)
    }

    /// Reads what the socket holds, handing each message on as it is read, until it is drained or
    /// ``MQTTSettings/messagesPerService`` are handed on.
    private func readAvailable(now: Double) {
        var budget = settings.messagesPerService
        while budget > 0 && attemptUnderWay && !closed {
            let before = events.count
            let rc = libraryCall { mosquitto_loop_read(client, 1) }
            let read = events.count - before
            budget -= max(1, read)
            handleEvents(now: now)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { break }
            // A packet read may leave more behind in TLS's buffer, where poll does not see it: read on while
            // packets come, or the socket has more.
            guard read > 0 || socketIsReadable() else { break }
        }
    }

    /// `call` into libmosquitto, and the disconnect it failed with when its callback did not say so itself (a
    /// failed TLS handshake only returns it).
    @discardableResult
    private func libraryCall(_ call: () -> Int32) -> Int32 {
        errno = 0
        let rc = call()
        let error = errno
        if rc != MOSQ_ERR_SUCCESS.rawValue && mosquitto_socket(client) < 0
            && !events.contains(where: { if case .disconnected = $0 { true } else { false } }) {
            events.append(.disconnected(code: rc, errno: error))
        }
        return rc
    }

    func handleEvents(now: Double) {
        while !events.isEmpty && !closed {
            let event = events.removeFirst()
            switch event {
            case .message(let topic, let payload):
                onMessage?(topic, payload)
            case .oversized(let topic, let size):
                if oversizedTopicsLogged.count < 256, oversizedTopicsLogged.insert(topic).inserted {
                    log("\(settings.broker): dropped a message of \(size) bytes on '\(escapingControlCharacters(topic))', "
                        + "more than the \(settings.maximumPayload) a message may have (further ones on it are dropped without a line)")
                }
                onOversized?(topic, size)
            case .connected(let code) where code == 0:
                schedule.reset()
                for (filter, qos) in subscriptions { sendSubscribe(filter, qos: qos) }
                change(to: .connected, now: now)
            case .connected(let code):
                refusal = code
            case .disconnected(let code, let error):
                guard attemptUnderWay else { continue }
                attemptUnderWay = false
                let reason = refusal.map { ConnectionFailure.refusal($0, clientID: settings.clientID) } ?? failure(code, errno: error)
                retryLater(reason: reason, now: now)
            }
        }
    }

    private func retryLater(reason: String, now: Double) {
        let step = schedule.step
        attemptAt = now + schedule.take()
        change(to: .disconnected(reason), now: now, retryWithin: step)
    }

    private func change(to new: State, now: Double, retryWithin step: Double? = nil) {
        guard new != state else { return }
        state = new
        switch new {
        case .connected: notice("\(settings.broker): connected")
        case .disconnected(let reason): log("\(settings.broker): \(reason), retrying within \(seconds(step ?? 0)) s")
        case .connecting: break
        }
        onConnectionChange?(new)
    }

    func failure(_ code: Int32, errno: Int32) -> String {
        ConnectionFailure.words(for: code, errno: errno, keepAlive: settings.keepAlive, libraryError: libraryError)
    }

    private func sendSubscribe(_ filter: String, qos: MQTTQoS) {
        let rc = mosquitto_subscribe(client, nil, filter, qos.rawValue)
        let error = errno
        if rc != MOSQ_ERR_SUCCESS.rawValue {
            log("\(settings.broker): subscribing to '\(escapingControlCharacters(filter))' failed: \(failure(rc, errno: error)) "
                + "(made again at the next connect)")
        }
    }

    private func socketIsReadable() -> Bool {
        var entry = pollfd(fd: mosquitto_socket(client), events: Int16(POLLIN), revents: 0)
        guard entry.fd >= 0 else { return false }
        return (try? SystemCall.retrying("poll") { poll(&entry, 1, 0) }) == 1
    }

    /// Writes what is queued (the DISCONNECT last), waiting for the socket up to `deadline`; libmosquitto closes the
    /// socket once the DISCONNECT is sent. Unsent, the broker sees the connection drop and publishes the will.
    private func flushWrites(until deadline: Double, clock: MonotonicClock) {
        while mosquitto_socket(client) >= 0 && mosquitto_want_write(client) {
            let left = deadline - clock.now
            guard left > 0 else { return }
            var entry = pollfd(fd: mosquitto_socket(client), events: Int16(POLLOUT), revents: 0)
            guard (try? SystemCall.retrying("poll") { poll(&entry, 1, Int32(left * 1000) + 1) }) == 1 else { return }
            guard mosquitto_loop_write(client, 1) == MOSQ_ERR_SUCCESS.rawValue else { return }
        }
    }

    /// Reads what the socket holds now, up to `deadline`, handing nothing on.
    private func dropIncoming(until deadline: Double, clock: MonotonicClock) {
        while mosquitto_socket(client) >= 0 && clock.now < deadline && socketIsReadable() {
            guard mosquitto_loop_read(client, 1) == MOSQ_ERR_SUCCESS.rawValue else { return }
            events = []
        }
    }
}

/// `0.5` or `2`: a delay as the log says it.
private func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
