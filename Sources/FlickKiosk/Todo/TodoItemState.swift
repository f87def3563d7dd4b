/// A value and the moment it was set: of two, the later wins (last writer wins).
package struct Versioned<Value: TieBreaking>: Hashable, Sendable {
    package var value: Value
    package var version: HLCTimestamp

    package init(_ value: Value, at version: HLCTimestamp) {
        self.value = value
        self.version = version
    }

    /// The later of the two; of two with one version (a node that lost its clock and reused a moment), the one
    /// ``TieBreaking`` prefers, so every replica still picks the same.
    package func merged(with other: Versioned) -> Versioned {
        if version != other.version { return version > other.version ? self : other }
        return other.value.winsTie(over: value) ? other : self
    }
}

/// A value two versions of one moment are decided between by the bytes, the same way on every kiosk.
package protocol TieBreaking: Hashable, Sendable {
    func winsTie(over other: Self) -> Bool
}

extension String: TieBreaking {
    package func winsTie(over other: String) -> Bool { other.utf8.lexicographicallyPrecedes(utf8) }
}

extension Bool: TieBreaking {
    package func winsTie(over other: Bool) -> Bool { self && !other }
}

extension OrderKey: TieBreaking {
    package func winsTie(over other: OrderKey) -> Bool { other < self }
}

/// Everything one replica knows about one to-do item: each field with the version it was last set at, or — once
/// anyone deleted it — only a tombstone. The states of an item form a join semilattice under ``merged(with:)``
/// (commutative, associative, idempotent), so replicas that have seen the same changes, in any order and any number
/// of times, hold the same state:
///
/// - a field: the later version wins (`text`, `completed` and `position` each on its own, so a completion made on one
///   kiosk and a rename made on another at once both stay);
/// - deleted beats alive, whatever the versions: once an item is deleted no edit, however late, brings it back. The
///   tombstone keeps only the id and the latest deletion's version, and is kept for good (a replica that never saw
///   the item must not take it for new when an old copy arrives).
package struct TodoItemState: Hashable, Sendable {
    /// Unique in the whole fleet: random, below 2⁵³ so JSON numbers hold it exactly.
    package let id: UInt64
    package var life: Life

    package enum Life: Hashable, Sendable {
        case alive(Fields)
        case deleted(at: HLCTimestamp)
    }

    package struct Fields: Hashable, Sendable {
        package var text: Versioned<String>
        package var completed: Versioned<Bool>
        package var position: Versioned<OrderKey>

        package init(text: Versioned<String>, completed: Versioned<Bool>, position: Versioned<OrderKey>) {
            self.text = text
            self.completed = completed
            self.position = position
        }
    }

    package init(id: UInt64, _ life: Life) {
        self.id = id
        self.life = life
    }

    /// A new item: every field set at `version`.
    package init(id: UInt64, text: String, completed: Bool = false, position: OrderKey, at version: HLCTimestamp) {
        self.init(id: id, .alive(Fields(text: Versioned(text, at: version), completed: Versioned(completed, at: version),
                                        position: Versioned(position, at: version))))
    }

    /// The largest id an item may have: JSON numbers (doubles) hold every whole number up to 2⁵³ exactly.
    package static let maximumID: UInt64 = (1 << 53) - 1

    package var fields: Fields? {
        if case .alive(let fields) = life { fields } else { nil }
    }

    package var isDeleted: Bool { fields == nil }

    /// Every version in it, for the clock to observe.
    package var versions: [HLCTimestamp] {
        switch life {
        case .alive(let f): [f.text.version, f.completed.version, f.position.version]
        case .deleted(let version): [version]
        }
    }

    /// The join of two states of one item (same id).
    package func merged(with other: TodoItemState) -> TodoItemState {
        switch (life, other.life) {
        case (.deleted(let a), .deleted(let b)): TodoItemState(id: id, .deleted(at: max(a, b)))
        case (.deleted, .alive): self
        case (.alive, .deleted): other
        case (.alive(let a), .alive(let b)):
            TodoItemState(id: id, .alive(Fields(text: a.text.merged(with: b.text), completed: a.completed.merged(with: b.completed),
                                                 position: a.position.merged(with: b.position))))
        }
    }

    /// Whether this state holds everything `other` holds (merging `other` in changes nothing).
    package func includes(_ other: TodoItemState) -> Bool { merged(with: other) == self }
}
