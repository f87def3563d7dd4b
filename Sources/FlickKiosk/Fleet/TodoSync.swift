import FlickCore
import FlickJSON
import FlickMQTT

/// The to-do lists a kiosk shares with its groups, carried by its broker (<doc:SharedToDoLists>): each shared list's
/// items are published retained on `<prefix>/<group>/todo/<list>/<id>` as they change here, and merged as they come
/// from the group's other kiosks. A second after each connect the lists are reconciled with what the broker was seen to
/// hold: edits made while it was away go out, and a broker that lost its retained messages gets them back, while a
/// kiosk in step publishes nothing.
///
/// What arrives is shown at once and saved once per turn of the loop, not once per message: a kiosk joining a group
/// takes every retained item in one burst.
final class TodoSync: LoopSource {
    /// How long after a connect the broker's retained items are taken to have arrived.
    static let reconcileDelay = 1.0

    private let lists: TodoLists
    private let log: (String) -> Void
    private weak var broker: KioskBroker?
    private var routes: [KioskBroker.Route] = []
    /// The lists subscribed to, each with its group: bound again only when they change.
    private var bound: [String: String] = [:]
    private var reconcileAt: Double?
    private var saveDue = false
    private var now = 0.0

    init(lists: TodoLists, log: @escaping (String) -> Void) {
        self.lists = lists
        self.log = log
    }

    /// Carries the shared lists through `broker` (a new one after a reload changed `mqtt` or `fleet`; nil: none now).
    func attach(_ broker: KioskBroker?) {
        guard broker !== self.broker else { return update() }
        unbind()
        self.broker = broker
        broker?.whenConnected { [weak self, unowned broker = broker!] in
            guard let self, broker === self.broker else { return }
            for replica in lists.replicas where replica.publish != nil { replica.brokerConnected() }
            reconcileAt = broker.time + Self.reconcileDelay
        }
        update()
    }

    /// Follows the lists the config shows now and the groups they are shared with.
    func update() {
        guard let broker, let fleet = broker.fleet else { return unbind() }
        let shared = lists.replicas.reduce(into: [String: String]()) { $0[$1.list] = $1.group }
        guard shared != bound else { return }
        unbind()
        bound = shared
        let topics = FleetTopics(fleet)
        for replica in lists.replicas {
            guard let group = replica.group else { continue }
            replica.publish = { [unowned broker] id, payload in
                // Offline, the change waits in the store; the reconcile after the connect sends it.
                guard broker.isConnected else { return }
                broker.publishOrLog(topic: topics.todoItem(group: group, list: replica.list, item: String(id)), payload: payload,
                                    qos: .atLeastOnce, retain: true)
            }
            do throws(MQTTError) {
                routes.append(try broker.subscribe(topics.todoList(group: group, list: replica.list), qos: .atLeastOnce) {
                    [weak self, weak replica] message in
                    guard let self, let replica else { return }
                    guard let id = message.topic.split(separator: "/").last.flatMap({ UInt64($0) }) else {
                        return log(escapingControlCharacters("\(message.topic): not a to-do item's topic (its last level is an item id); ignored"))
                    }
                    replica.receive(itemID: id, payload: message.payload)
                    saveDue = true
                })
            } catch {
                log("to-do list \"\(replica.list)\" shared with \(group): \(error)")
            }
            if broker.isConnected {
                replica.brokerConnected()
                reconcileAt = broker.time + Self.reconcileDelay
            }
        }
    }

    private func unbind() {
        for route in routes { broker?.remove(route) }
        routes = []
        bound = [:]
        for replica in lists.replicas { replica.publish = nil }
    }

    // MARK: LoopSource

    var fileDescriptor: Int32 { -1 }
    var wantsWrite: Bool { false }
    var nextDeadline: Double? { saveDue ? now : reconcileAt }

    func service(readable: Bool, writable: Bool, now: Double) {
        self.now = now
        if saveDue {
            saveDue = false
            lists.saveReceived()
        }
        if let due = reconcileAt, now >= due {
            reconcileAt = nil
            guard broker?.isConnected == true else { return }
            for replica in lists.replicas where replica.publish != nil { replica.reconcile() }
        }
    }
}
