/// A to-do list as one replica holds it: the state of every item it has seen (tombstones too), and the items alive
/// in their order — by ``OrderKey``, then by id.
///
/// Every change goes through ``merge(_:)``: a local change is a new state of one item (made by ``adding(id:text:at:version:jitter:)``
/// and its siblings, each field it changes at a new version) merged in exactly as one from another kiosk is, so
/// there is one way for the list to change. Merging is a join (see ``TodoItemState``): replicas that have merged
/// the same states, in any order, any number of times, hold equal lists.
package struct TodoListState: Equatable, Sendable {
    package private(set) var entries: [UInt64: TodoItemState] = [:]
    /// The ids of the items alive, in list order.
    package private(set) var order: [UInt64] = []
    /// The size of every item's payload together: about the store file's size.
    package private(set) var payloadBytes = 0

    package init() {}

    package init(_ items: some Sequence<TodoItemState>) {
        for item in items { merge(item) }
    }

    package static func == (a: TodoListState, b: TodoListState) -> Bool { a.entries == b.entries }

    /// The items alive, in order, as a page shows them.
    package var items: [TodoItem] { order.map { item(entries[$0]!) } }

    package var count: Int { order.count }

    package subscript(id: UInt64) -> TodoItemState? { entries[id] }

    package func index(of id: UInt64) -> Int? { order.firstIndex(of: id) }

    private func item(_ state: TodoItemState) -> TodoItem {
        let f = state.fields!
        return TodoItem(id: state.id, text: f.text.value, completed: f.completed.value)
    }

    // MARK: Merging

    /// Merges `item` into the list; true when that changed anything.
    @discardableResult
    package mutating func merge(_ item: TodoItemState) -> Bool {
        let old = entries[item.id]
        let merged = old.map { $0.merged(with: item) } ?? item
        guard merged != old else { return false }
        entries[item.id] = merged
        payloadBytes += TodoItemPayload.encode(merged).count - (old.map { TodoItemPayload.encode($0).count } ?? 0)
        if old?.fields?.position.value != merged.fields?.position.value || old?.isDeleted != merged.isDeleted {
            if old?.fields != nil, let at = order.firstIndex(of: item.id) { order.remove(at: at) }
            if let key = merged.fields?.position.value { order.insert(item.id, at: insertionIndex(key: key, id: item.id)) }
        }
        return true
    }

    private func key(_ id: UInt64) -> OrderKey { entries[id]!.fields!.position.value }

    /// Where an item with `key` and `id` goes in `order`: after every item that sorts before it.
    private func insertionIndex(key: OrderKey, id: UInt64) -> Int {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            let other = order[mid], otherKey = self.key(other)
            if otherKey < key || (otherKey == key && other < id) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: Local changes, as states to merge

    /// A new item with `text` at `index` (0 to `count`) of the items alive, every field at `version`.
    package func adding(id: UInt64, text: String, at index: Int, version: HLCTimestamp,
                        jitter: (() -> UInt64)? = nil) -> TodoItemState {
        TodoItemState(id: id, text: text, position: key(at: index, without: nil, jitter: jitter), at: version)
    }

    /// Item `id` with `text`; nil when it is not alive.
    package func editing(_ id: UInt64, text: String, version: HLCTimestamp) -> TodoItemState? {
        changing(id) { $0.text = Versioned(text, at: version) }
    }

    /// Item `id` done (or not); nil when it is not alive.
    package func completing(_ id: UInt64, _ completed: Bool, version: HLCTimestamp) -> TodoItemState? {
        changing(id) { $0.completed = Versioned(completed, at: version) }
    }

    /// Item `id` moved to `index` of the items alive as they will be after the move; nil when it is not alive.
    package func moving(_ id: UInt64, to index: Int, version: HLCTimestamp, jitter: (() -> UInt64)? = nil) -> TodoItemState? {
        changing(id) { $0.position = Versioned(key(at: index, without: id, jitter: jitter), at: version) }
    }

    /// Item `id`'s tombstone; nil when it is not alive.
    package func deleting(_ id: UInt64, version: HLCTimestamp) -> TodoItemState? {
        entries[id]?.isDeleted == false ? TodoItemState(id: id, .deleted(at: version)) : nil
    }

    private func changing(_ id: UInt64, _ change: (inout TodoItemState.Fields) -> Void) -> TodoItemState? {
        guard var fields = entries[id]?.fields else { return nil }
        change(&fields)
        return TodoItemState(id: id, .alive(fields))
    }

    /// A key for the place `index` in the list without item `moved`: between the keys of its neighbours there.
    /// Neighbours with one key (two kiosks added into one gap at once, by a 1 in 3,844 chance) leave no key between
    /// them: the item then goes after every item with that key.
    private func key(at index: Int, without moved: UInt64?, jitter: (() -> UInt64)?) -> OrderKey {
        let keys = order.filter { $0 != moved }.map(key)
        let index = min(max(index, 0), keys.count)
        let lower = index > 0 ? keys[index - 1] : nil
        var upper = index < keys.count ? keys[index] : nil
        if let lower, upper == lower { upper = keys[index...].first { $0 > lower } }
        return OrderKey.between(lower, upper, jitter: jitter)
    }
}
