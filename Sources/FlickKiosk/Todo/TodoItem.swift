/// One entry of the to-do list. Its place in the list is its order; the id stays with it through edits and moves.
package struct TodoItem: Hashable, Sendable {
    package var id: UInt64
    package var text: String
    package var completed: Bool

    package init(id: UInt64, text: String, completed: Bool = false) {
        self.id = id
        self.text = text
        self.completed = completed
    }
}
