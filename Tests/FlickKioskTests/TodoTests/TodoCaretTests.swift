import FlickKiosk
import FlickRaster
import FlickText
import Testing

// Rows' text is DejaVu Sans Bold at 16 px, 15 px in from either side: 330 px of room. The caret is a 2 px bar a
// line high (19 px), a pixel outside the text at either end and centred on a boundary inside it.

private let inset = 15.0, room = 330.0
private let left: UInt32 = 0xff51, right: UInt32 = 0xff53, home: UInt32 = 0xff50, end: UInt32 = 0xff57
private let backspace: UInt32 = 0xff08, delete: UInt32 = 0xffff, returnKey: UInt32 = 0xff0d

/// The row's text laid out as the row lays it out while editing.
private func editedLine(_ text: String) throws -> TextLayout.Line {
    try #require(TextLayout(text, face: try FontCollection().face(.bold), pixelSize: 16, options: .init(maxLines: 1)).lines.first)
}

/// The columns of the top row where a white bar as tall as a line of text stands: the caret (letters are shorter).
private func caretColumns(_ todo: TodoHarness) -> [Int] {
    let y = Int(rowCentre(0))
    return (0..<todoWidth).filter { x in
        (y - 25..<y + 25).filter { todo.color(x, $0).isClose(to: .white, tolerance: 0.15) }.count >= 18
    }
}

/// The caret moves through the edited text: keys type and delete where it is.
@Suite struct TodoCaretTests {
    @Test func typingGoesInAtTheCaretAndTheStoreKeepsTheText() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "")])
        todo.play(.tap(120, rowCentre(0)))
        todo.type("abc")
        todo.key(left)
        todo.key(left)
        todo.type("X")
        #expect(todo.texts == ["aXbc"])
        todo.key(returnKey)
        #expect(todo.state.editing == nil)
        #expect(todo.store.load() == [TodoItem(id: 1, text: "aXbc")])
    }

    /// A line drops the spaces it ends with; while editing, the space just typed still moves the caret.
    @Test func aSpaceTypedAtTheEndMovesTheCaret() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "")])
        todo.play(.tap(120, rowCentre(0)))
        #expect(caretColumns(todo) == [Int(inset) + 1, Int(inset) + 2], "empty: where the first letter goes")
        todo.type("ab")
        let afterB = try #require(caretColumns(todo).first)
        todo.type(" ")
        let afterSpace = try #require(caretColumns(todo).first)
        let space = try editedLine("ab\u{00A0}").width - editedLine("ab").width
        #expect(space > 0 && afterSpace - afterB == Int(space))
        todo.key(left)
        #expect(caretColumns(todo).first == afterB - 2, "Left: between b and the space, the bar centred on them, no longer a pixel after b")
        todo.type("c")
        #expect(todo.texts == ["abc "])
    }

    /// Hebrew reads from the right: Home puts the caret at its right end and Left reads on.
    @Test func inHebrewLeftMovesOnThroughTheText() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "שלום")])
        todo.play(.tap(300, rowCentre(0)))
        todo.key(home)
        let start = try #require(caretColumns(todo).first)
        todo.key(left)
        todo.key(left)
        let moved = try #require(caretColumns(todo).first)
        #expect(moved < start, "Left moved the caret left: \(start) → \(moved)")
        todo.type("-")
        #expect(todo.texts == ["של-ום"])
        todo.key(right)
        todo.key(delete)
        #expect(todo.texts == ["שלום"], "Right went back over the dash")
        todo.key(end)
        todo.key(backspace)
        #expect(todo.texts == ["שלו"])
        todo.key(returnKey)
        #expect(todo.store.load()[0].text == "שלו")
    }

    @Test func backspaceAndDeleteTakeTheLetterEitherSideOfTheCaret() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "Buy eggs")])
        todo.play(.tap(120, rowCentre(0)))
        for _ in 0..<4 { todo.key(left) }
        todo.key(backspace)
        #expect(todo.texts == ["Buyeggs"])
        todo.key(delete)
        #expect(todo.texts == ["Buyggs"])
        todo.key(home)
        todo.key(backspace)
        todo.key(end)
        todo.key(delete)
        #expect(todo.texts == ["Buyggs"], "nothing before the start or after the end")
    }

    /// A family emoji is five scalars and a thumbs-up with a skin tone two, each one grapheme: one key takes each.
    @Test func anEmojiSequenceIsDeletedWhole() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "a👩‍👩‍👧b")])
        todo.play(.tap(120, rowCentre(0)))
        todo.key(left)
        todo.key(backspace)
        #expect(todo.texts == ["ab"])
        todo.type("👍🏽")
        #expect(todo.texts == ["a👍🏽b"])
        todo.key(left)
        todo.key(delete)
        #expect(todo.texts == ["ab"])
    }

    /// The caret is drawn at its place in the word: between "c" and "a" of "cat" after two Lefts.
    @Test func theCaretIsDrawnBetweenTheLettersItIsBetween() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "Feed the cat")])
        todo.play(.tap(120, rowCentre(0)))
        let line = try editedLine("Feed the cat")
        // At the end: a pixel right of the text.
        let atEnd = Int(inset + line.caretX(at: 12)) + 1
        #expect(caretColumns(todo) == [atEnd, atEnd + 1])
        todo.key(left)
        todo.key(left)
        let between = Int(inset + line.caretX(at: 10)) - 1
        #expect(caretColumns(todo) == [between, between + 1])
        todo.key(home)
        #expect(caretColumns(todo) == [Int(inset) - 3, Int(inset) - 2], "left of the F, in the row's inset")
    }

    /// A tap on the edited row puts the caret at the nearest boundary, and the keyboard's keys type there.
    @Test func aTapOnTheEditedRowPutsTheCaretThere() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "Feed the cat")])
        todo.play(.tap(120, rowCentre(0)))
        let line = try editedLine("Feed the cat")
        // Just right of the boundary between "Feed" and the space.
        todo.play(.tap(inset + line.caretX(at: 4) + 2, rowCentre(0), at: todo.nowMs))
        #expect(todo.state.editing == 0)
        todo.play(typing(letters("s"), at: todo.nowMs))
        #expect(todo.texts == ["Feeds the cat"])
        // Past the text's end: the end.
        todo.play(.tap(340, rowCentre(0), at: todo.nowMs))
        todo.type("!")
        #expect(todo.texts == ["Feeds the cat!"])
        todo.key(returnKey)
        #expect(todo.store.load()[0].text == "Feeds the cat!")
    }

    @Test func aTapOnHebrewPutsTheCaretWhereItWasTapped() throws {
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: "שלום עולם")])
        todo.play(.tap(300, rowCentre(0)))
        let line = try editedLine("שלום עולם")
        // Right-aligned in the room; the caret before ע (offset 5) is at ע's right edge.
        let textLeft = inset + room - line.width
        todo.play(.tap(textLeft + line.caretX(at: 5) - 2, rowCentre(0), at: todo.nowMs))
        todo.type("X")
        #expect(todo.texts == ["שלום Xעולם"])
    }

    /// Text wider than the row scrolls as little as keeps the caret in view, a bar's width in from the room's ends.
    @Test func aLongTextScrollsToKeepTheCaretInView() throws {
        let text = "Write a new tutorial on carets in right to left text"
        let line = try editedLine(text)
        #expect(line.width > room)
        let todo = try TodoHarness(items: [TodoItem(id: 1, text: text)])
        todo.play(.tap(120, rowCentre(0)))
        // At the end, as before: the bar ends at the room's right end.
        #expect(caretColumns(todo) == [Int(inset + room) - 2, Int(inset + room) - 1])
        todo.key(home)
        #expect(caretColumns(todo) == [Int(inset), Int(inset) + 1])
        // Moving inside what shows scrolls nothing: the text starts 3 px in.
        for _ in 0..<3 { todo.key(right) }
        let third = Int(inset + 3 + line.caretX(at: 3)) - 1
        #expect(caretColumns(todo) == [third, third + 1])
        todo.key(end)
        #expect(caretColumns(todo) == [Int(inset + room) - 2, Int(inset + room) - 1])
    }
}
