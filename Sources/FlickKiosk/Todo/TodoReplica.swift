import FlickFiles
import FlickJSON

/// One kiosk's copy of one to-do list: its durable store and the replicated state (``TodoListState``), which the
/// pages showing the list change and read, and which the fleet keeps in step with the other kiosks of a group
/// through the broker's retained messages. It works the same shared or not: alone, ``publish`` is nil.
///
/// A local change (``add(id:text:at:)``, ``edit(_:text:)``, ``setCompleted(_:_:)``, ``delete(_:)``,
/// ``move(_:to:)``) is saved durably first — a change the store refuses leaves the list as it was, with one line to
/// the log — and then published. A message from the broker (``receive(itemID:payload:)``) is merged at once and
/// saved at the next ``saveReceived()`` (the pages scene calls it every frame: one write for a burst of messages;
/// a change lost in a power cut before then is on the broker still). Every change, local or remote, bumps
/// ``revision``: pages compare it with the one they show.
///
/// The glue to MQTT sets ``publish``, calls ``receive(itemID:payload:)`` for each message on the list's topics,
/// ``brokerConnected()`` on each (re)connection and ``reconcile()`` a moment later.
package final class TodoReplica {
    /// The list's name (its file, and its topic level on the broker).
    package let list: String
    /// The group the config shares it with; nil: this kiosk's alone.
    package internal(set) var group: String?
    /// Publishes an item's payload (``TodoItemPayload``) retained on `<prefix>/<group>/todo/<list>/<id>`; nil: the
    /// list is not shared.
    package var publish: ((_ itemID: UInt64, _ payload: [UInt8]) -> Void)?
    /// Random ids and order-key jitter: the system's generator (getrandom) unless a test seeds its own.
    package var random: () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    package private(set) var state: TodoListState
    package var clock: HybridClock
    /// Counts changes, local or remote.
    package private(set) var revision = 0
    /// nil keeps the list in memory only.
    let store: TodoStore?
    let log: (String) -> Void
    /// What the broker holds of each item as far as this kiosk saw since it last connected.
    private var brokerHolds: [UInt64: TodoItemState] = [:]
    /// Merged from the broker since the last save.
    private var hasUnsavedChanges = false

    /// The list `list` from `store` (loaded now; nil: in memory, empty), its versions made for `node`.
    package init(list: String, store: TodoStore?, node: String, log: @escaping (String) -> Void) {
        self.list = list
        self.store = store
        self.log = log
        let contents = store?.loadContents() ?? TodoFile.Contents(list: TodoListState(), clock: nil)
        state = contents.list
        clock = HybridClock(node: node)
        if let mark = contents.clock { clock.observe(mark) }
        for item in state.entries.values { item.versions.forEach { clock.observe($0) } }
    }

    /// The items alive, in order.
    package var items: [TodoItem] { state.items }

    /// A new item's id: random, below 2⁵³, and no item's (tombstones included) on this kiosk. Two kiosks picking
    /// the same id for different items is a chance of about one in 10¹⁰ per pair of lists of 10,000 items.
    package func newID() -> UInt64 {
        while true {
            let id = random() & TodoItemState.maximumID
            if state[id] == nil { return id }
        }
    }

    // MARK: Local changes

    /// Adds item `id` (``newID()``) with `text` at `index` of ``items``; false when refused (logged).
    @discardableResult
    package func add(id: UInt64, text: String, at index: Int) -> Bool {
        guard state[id] == nil else { return false }
        return change(state.adding(id: id, text: text, at: index, version: clock.now(), jitter: random))
    }

    /// Sets item `id`'s text; false when it is not alive or the change was refused.
    @discardableResult
    package func edit(_ id: UInt64, text: String) -> Bool {
        change(state.editing(id, text: text, version: clock.now()))
    }

    /// Marks item `id` done or not; false when it is not alive or the change was refused.
    @discardableResult
    package func setCompleted(_ id: UInt64, _ completed: Bool) -> Bool {
        change(state.completing(id, completed, version: clock.now()))
    }

    /// Deletes item `id` (for good: see ``TodoItemState``); false when it is not alive or the change was refused.
    @discardableResult
    package func delete(_ id: UInt64) -> Bool {
        change(state.deleting(id, version: clock.now()))
    }

    /// Moves item `id` to `index` of ``items`` as they are after the move; false when it is not alive or the change
    /// was refused.
    @discardableResult
    package func move(_ id: UInt64, to index: Int) -> Bool {
        change(state.moving(id, to: index, version: clock.now(), jitter: random))
    }

    private func change(_ item: TodoItemState?) -> Bool {
        guard let item else { return false }
        var next = state
        next.merge(item)
        let merged = next[item.id]!
        let payload = TodoItemPayload.encode(merged)
        do {
            if let limit = tooLarge(bound: TodoFile.sizeBound(next), payload: payload) { throw TodoStoreError(limit) }
            try store?.save(next, clock: clock.latest)
        } catch {
            log("to-do change not saved, the list stays as it was: \(error)")
            return false
        }
        state = next
        hasUnsavedChanges = false
        revision += 1
        send(merged, payload: payload)
        return true
    }

    /// Why a list whose file is at most `bound` bytes, with an item of `payload`, cannot be kept, if it cannot: the item
    /// or the whole file too large to read back.
    private func tooLarge(bound: Int, payload: [UInt8]) -> String? {
        if payload.count > TodoItemPayload.maximumBytes {
            return "list \"\(list)\": an item may take \(TodoItemPayload.maximumBytes / 1024) KiB, this one \(payload.count / 1024) KiB: shorten its text"
        }
        if bound > InputFile.Kind.store.limit {
            return "list \"\(list)\" would pass the \(InputFile.Kind.store.limit >> 20) MiB a store may take"
        }
        return nil
    }

    // MARK: The broker

    /// A retained message of item `itemID` arrived: merged and shown now, saved at the next ``saveReceived()``.
    /// When this kiosk knows more of the item than the message says (an edit made offline, a message older than what
    /// it saw), it publishes what it knows, so the retained message converges to the join of every kiosk's. A
    /// payload that is not an item is logged in one line and ignored; an empty one (the broker's message cleared)
    /// means the broker holds nothing for it, which ``reconcile()`` then fills.
    package func receive(itemID: UInt64, payload: [UInt8]) {
        guard !payload.isEmpty else {
            brokerHolds[itemID] = nil
            return
        }
        let item: TodoItemState
        do {
            item = try TodoItemPayload.decode(payload)
            guard item.id == itemID else { throw TodoItemPayload.Problem("its id is \(item.id)") }
        } catch {
            return log(escapingControlCharacters("to-do list \"\(list)\": item \(itemID) from the broker ignored: \(error)"))
        }
        brokerHolds[itemID] = item
        item.versions.forEach { clock.observe($0) }
        let old = state[itemID]
        let merged = old.map { $0.merged(with: item) } ?? item
        if merged != old {
            // The file's size once merged, reckoned first: the list is merged in place, not copied whole for every
            // message (a kiosk joining takes every retained item in one burst).
            let payload = TodoItemPayload.encode(merged)
            let replaced = old.map { TodoItemPayload.encode($0).count } ?? 0
            let bound = TodoFile.sizeBound(payloadBytes: state.payloadBytes + payload.count - replaced,
                                           entries: state.entries.count + (old == nil ? 1 : 0))
            if let problem = tooLarge(bound: bound, payload: payload) {
                return log("to-do list \"\(list)\": item \(itemID) from the broker not kept: \(problem)")
            }
            state.merge(item)
            hasUnsavedChanges = true
            revision += 1
        }
        if let known = state[itemID], known != item, known.includes(item) {
            send(known, payload: TodoItemPayload.encode(known))
        }
    }

    /// The connection to the broker is (back) up: nothing is known of what it holds until its retained messages arrive.
    package func brokerConnected() { brokerHolds = [:] }

    /// Publishes every item (tombstones too) the broker was not seen to hold all of since it connected: the changes
    /// made offline, and everything a broker that lost its retained messages lacks. Call it once the retained
    /// messages had time to arrive (a second after connecting): a kiosk that is in step then publishes nothing.
    package func reconcile() {
        guard publish != nil else { return }
        for id in state.entries.keys.sorted() {
            let known = state[id]!
            if brokerHolds[id]?.includes(known) != true { send(known, payload: TodoItemPayload.encode(known)) }
        }
    }

    private func send(_ item: TodoItemState, payload: [UInt8]) {
        guard let publish else { return }
        publish(item.id, payload)
        brokerHolds[item.id] = item
    }

    /// Writes what arrived from the broker since the last save; a refusal is logged once and retried with the next
    /// change.
    package func saveReceived() {
        guard hasUnsavedChanges else { return }
        hasUnsavedChanges = false
        do {
            try store?.save(state, clock: clock.latest)
        } catch {
            log("to-do list \"\(list)\": changes from the broker not saved (kept on screen, and on the broker): \(error)")
        }
    }

    /// Whether changes from the broker wait for ``saveReceived()``.
    package var needsSave: Bool { hasUnsavedChanges }
}
