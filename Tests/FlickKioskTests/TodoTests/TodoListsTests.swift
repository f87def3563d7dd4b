import FlickKiosk
import FlickRaster
import Foundation
import Testing

private func kiosk(_ json: String) throws -> KioskConfig {
    try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/")
}

/// A to-do page takes the theme and its own title, and names its own list.
@Suite struct TodoListsTests {
    /// Page "a" keeps the list every to-do page shared before (todo.json), page "b" its own.
    private static let twoLists = """
        {"start": "b", "pages": [
          {"id": "a", "right": "b", "content": {"type": "todo"}},
          {"id": "b", "left": "a", "right": "c", "content": {"type": "todo", "title": "Shopping", "list": "shopping"}},
          {"id": "c", "left": "b", "content": {"type": "text", "title": "Elsewhere", "body": ""}}
        ]}
        """

    @Test func twoPagesWithTheirOwnListsKeepTwoFiles() throws {
        let directory = temporaryStateDirectory()
        let shopping = try TodoHarness(items: tutorialItems, directory: directory, config: kiosk(Self.twoLists))
        #expect(shopping.texts.isEmpty)
        shopping.play(Touches.drag(180, rowCentre(1), by: 0, 13 + 60))
        shopping.type("Milk")
        shopping.key(0xff0d)
        // The final state reports the to-do page shown, not the first one.
        #expect(shopping.texts == ["Milk"])
        #expect(TodoStore(directory: directory, list: "shopping").load().map(\.text) == ["Milk"])
        #expect(TodoStore(directory: directory).load() == tutorialItems)

        var json = Self.twoLists.replacingOccurrences(of: #""start": "b""#, with: #""start": "a""#)
        let first = try TodoHarness(items: nil, directory: directory, config: kiosk(json))
        #expect(first.texts == tutorialItems.map(\.text))
        // On a page that is no to-do list, the state is the first to-do page's.
        json = Self.twoLists.replacingOccurrences(of: #""start": "b""#, with: #""start": "c""#)
        #expect(try TodoHarness(items: nil, directory: directory, config: kiosk(json)).texts == tutorialItems.map(\.text))
    }

    @Test func aThemedPageDrawsTheThemesBackgroundTextAndItsTitle() throws {
        let background = Color(hex: 0x204060), text = Color(hex: 0xFFE000), surface = Color(hex: 0x402020)
        let config = try kiosk("""
            {"theme": {"background": "#204060", "text": "#ffe000", "surface": "#402020"},
             "pages": [{"id": "todo", "content": {"type": "todo", "title": "Groceries"}}]}
            """)
        let todo = try TodoHarness(config: config)
        // Under the last row, the theme's background; the header on its surface.
        #expect(todo.color(350, todoHeight - 5).isClose(to: background, tolerance: 0.02))
        #expect(todo.color(200, 3).isClose(to: surface, tolerance: 0.02))
        // "Groceries" in the theme's text colour reaches past where "To-do" ends (x ≈ 77).
        #expect(hasInk(todo, text, x: 90..<120, y: 10..<50))
        // Row text in the theme's text colour, on the rows' own red to yellow.
        #expect(hasInk(todo, text, x: 15..<120, y: Int(rowCentre(0)) - 10..<Int(rowCentre(0)) + 10))
        #expect(todo.color(350, Int(rowCentre(0))).isClose(to: .row(0, of: 7)))
    }
}
