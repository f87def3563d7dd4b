/// One entry of the to-do list. Its place in the list is its order; the id stays with it through edits and moves.
public struct TodoItem: Hashable, Sendable {
    public var id: UInt64
    public var text: String
    public var completed: Bool

    public init(id: UInt64, text: String, completed: Bool = false) {
        self.id = id
        self.text = text
        self.completed = completed
    }
}
