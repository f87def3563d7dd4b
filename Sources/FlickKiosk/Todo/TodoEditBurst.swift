/// A fixed sequence of edits for the crash test: edit k turns the list after edit k − 1 into the next one —
/// adds, toggles, renames, moves and deletes in a repeating mix — so a test knows exactly what the file must hold
/// after any acknowledged edit.
package enum TodoEditBurst {
    package static func apply(edit k: Int, to items: inout [TodoItem]) {
        switch k % 5 {
        case 0, 1:
            items.insert(TodoItem(id: UInt64(k), text: "Item \(k) — ünïcödé \"quoted\""), at: items.count / 2)
        case 2:
            if !items.isEmpty { items[k % items.count].completed.toggle() }
        case 3:
            if !items.isEmpty { items[(k * 7) % items.count].text += " (edited \(k))" }
        default:
            if items.count > 3 { items.remove(at: (k * 3) % items.count) }
            if items.count > 1 { items.swapAt(0, items.count - 1) }
        }
    }

    /// The list after edits 1…k on an empty one.
    package static func state(after k: Int) -> [TodoItem] {
        var items: [TodoItem] = []
        for edit in stride(from: 1, through: k, by: 1) { apply(edit: edit, to: &items) }
        return items
    }
}
