import FlickCore
import FlickJSON
import FlickMQTT

/// The kiosk as one of a fleet (<doc:Fleet>), through its broker: `online` on its status topic at every connect, the
/// page it shows and its health published when they change (the health at least once a minute), and the commands
/// sent to its node, its groups and `all` carried out. A refused command is answered on `state/error` and in the log
/// at most once per burst (``ErrorBurst``).
///
/// A loop source without a descriptor: its deadline is now when the page or the health changed (the loop asks every
/// turn, so a change is published on the turn after it), a minute after the last health report otherwise, and the
/// end of an open burst of refusals.
final class FleetMember: LoopSource {
    /// The longest the health goes unreported.
    static let healthPeriod = 60.0
    /// The shortest time between two health reports: a health that keeps changing (a sensor's errors one after
    /// another) is one report a second.
    static let healthGap = 1.0

    private let fleet: KioskConfig.Fleet
    private let topics: FleetTopics
    private let broker: KioskBroker
    private unowned let kiosk: KioskScene
    private var route: KioskBroker.Route?
    private var statusRoute: KioskBroker.Route?
    /// This connection's `online` came back from the broker: an `offline` after it is a will published late.
    private var saidOnline = false
    private var errors = ErrorBurst()
    /// What `state/page` says now; nil: due (at each connect).
    private var publishedPage: JSONValue?
    /// What the latest health report said of what changes it at once; nil: due (at each connect).
    private var publishedHealth: FleetHealth.Signature?
    /// The latest health report: the start of the next one's period.
    private var lastHealth: FleetHealth.FrameCount?
    /// The kiosk as Home Assistant's MQTT discovery sees it; nil: not announced.
    private let homeAssistant: HomeAssistantDiscovery?
    /// The pages the announced page select offers; nil: due (at each connect).
    private var announcedPages: [String]?

    /// Publishes `kiosk`'s status, page and health as the node of `fleet` through `broker`, and takes the commands.
    init(fleet: KioskConfig.Fleet, broker: KioskBroker, kiosk: KioskScene) {
        self.fleet = fleet
        topics = FleetTopics(fleet)
        self.broker = broker
        self.kiosk = kiosk
        homeAssistant = HomeAssistantDiscovery(fleet)
        broker.whenConnected { [weak self] in self?.connected() }
        do throws(MQTTError) {
            route = try broker.route(topics.commandFilters, qos: .atLeastOnce,
                                     oversized: { [unowned self] topic, size in dropped(topic, size: size) },
                                     handler: { [unowned self] message in take(message) })
            // A will published late — the connection a reload replaced said no goodbye in time, and the broker noticed
            // only after this one said online — would leave the kiosk offline for all to see: it says online again.
            // What comes before its own `online` is the retained word of the time before (the subscription is made
            // before the connect's `online` is sent, on the same connection, so the broker answers in that order).
            statusRoute = try broker.subscribe(topics.status, qos: .atLeastOnce) { [unowned self] message in
                let said = String(decoding: message.payload, as: UTF8.self)
                if said == FleetTopics.online { return saidOnline = true }
                guard said == FleetTopics.offline, saidOnline, broker.isConnected else { return }
                saidOnline = false
                broker.publishOrLog(topic: topics.status, payload: Array(FleetTopics.online.utf8), qos: .atLeastOnce, retain: true)
            }
        } catch {
            // The fleet's names are checked to make whole topic levels: only libmosquitto refusing after all gets here.
            kiosk.log("fleet: \(error)")
        }
    }

    deinit {
        route.map(broker.remove)
        statusRoute.map(broker.remove)
    }

    private func connected() {
        saidOnline = false
        publishedPage = nil
        publishedHealth = nil
        broker.publishOrLog(topic: topics.status, payload: Array(FleetTopics.online.utf8), qos: .atLeastOnce, retain: true)
        if let homeAssistant {
            announcedPages = pageIDs
            for (topic, payload) in homeAssistant.announcements(pages: pageIDs) { publishRetained(payload, on: topic) }
        }
    }

    private var pageIDs: [String] { kiosk.config.pages.map(\.id) }

    private func publishRetained(_ payload: JSONValue, on topic: String) {
        broker.publishOrLog(topic: topic, payload: Array(payload.text().utf8), qos: .atLeastOnce, retain: true)
    }

    // MARK: LoopSource

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }

    var nextDeadline: Double? {
        guard broker.isConnected else { return errors.deadline }
        var due = [errors.deadline, nextHealth]
        if kiosk.pageState != publishedPage || (homeAssistant != nil && pageIDs != announcedPages) { due.append(0) }
        return due.compactMap { $0 }.min()
    }

    func service(readable: Bool, writable: Bool, now: Double) {
        if let line = errors.take(at: now) {
            kiosk.log(line)
            if broker.isConnected { broker.publishOrLog(topic: topics.error, payload: Array(line.utf8)) }
        }
        guard broker.isConnected else { return }
        let page = kiosk.pageState
        if page != publishedPage {
            publishedPage = page
            publishRetained(page, on: topics.page)
        }
        if let homeAssistant, pageIDs != announcedPages {
            announcedPages = pageIDs
            let select = homeAssistant.pageSelect(pageIDs)
            publishRetained(select.payload, on: select.topic)
        }
        if let due = nextHealth, now >= due { reportHealth(at: now) }
    }

    /// When the health is due: as soon as the gap allows when it changed, else a period after the last report.
    private var nextHealth: Double? {
        guard let last = lastHealth else { return 0 }
        return last.time + (signature == publishedHealth ? Self.healthPeriod : Self.healthGap)
    }

    private var signature: FleetHealth.Signature {
        FleetHealth.Signature(screen: FleetHealth.screen(kiosk.screen?.state), lastError: kiosk.lastError,
                              config: kiosk.configHash, lastRestart: kiosk.lastRestart)
    }

    private func reportHealth(at now: Double) {
        let signature = signature
        let statistics = kiosk.status?.statistics
        let health = FleetHealth(signature: signature, statistics: statistics, since: lastHealth, now: now)
        publishedHealth = signature
        lastHealth = FleetHealth.FrameCount(frames: statistics?.frames ?? 0, time: now)
        let json = health.json(fleet: fleet, epoch: kiosk.wallClock.epoch(at: now))
        broker.publishOrLog(topic: topics.health, payload: Array(json.text().utf8), qos: .atLeastOnce, retain: true)
    }

    // MARK: Commands

    private func take(_ message: KioskBroker.Message) {
        // A pushed config with another broker lets go of this member while it answers.
        withExtendedLifetime(self) {
            guard let verb = topics.verb(of: message.topic) else { return }
            switch FleetCommand.read(verb: verb, payload: message.payload) {
            case .failure(let problem):
                refuse("\(problem)", on: message.topic, at: message.time)
            case .success(.screenshot):
                switch kiosk.screenshot() {
                case .success(let png): broker.publishOrLog(topic: topics.screenshot, payload: png)
                case .failure(let problem): refuse("\(problem)", on: message.topic, at: message.time)
                }
            case .success(.config(let bytes)):
                switch kiosk.receive(config: bytes) {
                case .success(let pushed):
                    answerConfig(.object([("applied", .bool(true)), ("config", .string(pushed.hash))]))
                    kiosk.apply(pushed)
                case .failure(let problem):
                    answerConfig(.object([("applied", .bool(false)), ("error", .string("\(problem)"))]))
                    refuse("\(problem)", on: message.topic, at: message.time)
                }
            case .success(let command):
                if let problem = kiosk.carryOut(command) { refuse(problem, on: message.topic, at: message.time) }
            }
        }
    }

    /// A command too large to take: refused unread, and a config's answered as refused.
    private func dropped(_ topic: String, size: Int) {
        let problem = FleetCommandProblem.tooLarge(size: size, limit: broker.maximumPayload).description
        if topics.verb(of: topic) == "config" { answerConfig(.object([("applied", .bool(false)), ("error", .string(problem))])) }
        // The loop's time is the broker's; a dropped message carries none.
        refuse(problem, on: topic, at: broker.time)
    }

    private func answerConfig(_ answer: JSONValue) {
        broker.publishOrLog(topic: topics.config, payload: Array(answer.text().utf8), qos: .atLeastOnce, retain: true)
    }

    private func refuse(_ problem: String, on topic: String, at time: Double) {
        errors.add(escapingControlCharacters("\(topic): \(problem)"), at: time)
    }
}
