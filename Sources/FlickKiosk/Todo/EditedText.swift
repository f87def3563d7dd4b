import FlickText

/// The text of the item being edited and the caret in it. The caret is an offset in Unicode scalars, as
/// `TextLayout`'s carets count, and always sits between graphemes: Backspace and Delete take a whole grapheme (a
/// letter with its marks, an emoji sequence) however many scalars it holds.
struct EditedText: Equatable {
    private(set) var text: String
    private(set) var caret: Int

    /// The caret at `caret`, or at the text's end.
    init(_ text: String, caret: Int? = nil) {
        self.text = text
        self.caret = 0
        moveCaret(to: caret ?? text.unicodeScalars.count)
    }

    /// Types `typed` at the caret and moves the caret past it.
    mutating func insert(_ typed: String) {
        let end = caret + typed.unicodeScalars.count
        text.unicodeScalars.insert(contentsOf: typed.unicodeScalars, at: index(caret))
        // What was typed can join the grapheme after it (a joiner before an emoji): the caret goes past that too.
        caret = boundaries.first { $0 >= end } ?? end
    }

    mutating func deleteBackward() {
        guard let previous = boundaries.last(where: { $0 < caret }) else { return }
        text.unicodeScalars.removeSubrange(index(previous)..<index(caret))
        moveCaret(to: previous)
    }

    mutating func deleteForward() {
        guard let next = boundaries.first(where: { $0 > caret }) else { return }
        text.unicodeScalars.removeSubrange(index(caret)..<index(next))
        moveCaret(to: caret)
    }

    /// Moves the caret to `offset`, back to the grapheme boundary at or before it and into the text.
    mutating func moveCaret(to offset: Int) {
        caret = boundaries.last { $0 <= offset } ?? 0
    }

    private var boundaries: [Int] { TextLayout.graphemeBoundaries(text) }

    private func index(_ offset: Int) -> String.Index {
        text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: offset)
    }
}
