import FlickKiosk
import Testing

/// The lines `flick check` would print for `json`, named kiosk.json; empty when it is valid.
private func problems(_ json: String) -> [String] { ConfigFixtures.problems(json) }

private func pages(_ contents: String...) -> String {
    #"{"pages": ["# + contents.enumerated().map { #"{"id": "p\#($0.offset)", "content": \#($0.element)}"# }
        .joined(separator: ", ") + "]}"
}

extension ConfigTests {
    /// A to-do page's `title` and `list`: each page its own list, kept in a file of that name.
    @Suite struct TodoConfigTests {
        @Test func aTodoPageTakesItsTitleAndListAndDefaultsToToday() throws {
            let config = try KioskConfig.parse(Array(pages(#"{"type": "todo"}"#, #"{"type": "todo", "title": "Shopping", "list": "shop_2-b"}"#).utf8),
                                               file: "kiosk.json", directory: "/")
            #expect(config.pages.map { $0.content.kind as? KioskConfig.Todo } == [KioskConfig.Todo(title: nil, list: "todo"),
                                                                                 KioskConfig.Todo(title: "Shopping", list: "shop_2-b")])
        }

        @Test(arguments: ["../todo", "a/b", ".hidden", "..", "", "shop list", "einkäufe", String(repeating: "x", count: 65)])
        func aListNameMustBeASafeFileName(name: String) {
            #expect(problems(pages(#"{"type": "todo", "list": "\#(name)"}"#)) == [
                #"kiosk.json: pages[0].content.list: expected a list name of 1 to 64 letters, digits, - or _ (it names the file <name>.json in the state directory), got "\#(name)""#,
            ])
        }

        @Test func twoPagesOnOneListAreRefusedInOneLineNamingBoth() {
            let shared = #"kiosk.json: pages[2].content: shows the to-do list "todo" that pages[0].content shows too: give one of them a "list" of its own, like "list": "todo-2""#
            #expect(problems(pages(#"{"type": "todo"}"#, #"{"type": "todo", "list": "b"}"#, #"{"type": "todo", "list": "todo"}"#)) == [shared])
            #expect(problems(pages(#"{"type": "todo"}"#, #"{"type": "todo"}"#)) == [
                #"kiosk.json: pages[1].content: shows the to-do list "todo" that pages[0].content shows too: give one of them a "list" of its own, like "list": "todo-2""#,
            ])
            #expect(problems(pages(#"{"type": "todo", "list": "a"}"#, #"{"type": "todo", "list": "b"}"#)).isEmpty)
        }
    }
}
