import FlickKiosk
import Testing

/// The lines `flick check` would print for `json`, named kiosk.json; empty when it is valid.
private func problems(_ json: String) -> [String] { ConfigFixtures.problems(json) }

private func pages(_ contents: String...) -> String { pages(contents) }

private func pages(_ contents: [String], fleet: String? = nil) -> String {
    let fleet = fleet.map { #""mqtt": {"broker": "mqtt://localhost"}, "fleet": \#($0), "# } ?? ""
    return #"{\#(fleet)"pages": ["# + contents.enumerated().map { #"{"id": "p\#($0.offset)", "content": \#($0.element)}"# }
        .joined(separator: ", ") + "]}"
}

private let cafeFleet = #"{"node": "till", "groups": ["cafe", "cafe.north_2"]}"#

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

        /// One replica per list: two pages of one list show the same items, so they must share them alike.
        @Test func twoPagesOnOneListShowOneListUnlessTheyShareItDifferently() {
            #expect(problems(pages(#"{"type": "todo"}"#, #"{"type": "todo", "list": "b"}"#, #"{"type": "todo", "list": "todo"}"#)).isEmpty)
            #expect(problems(pages([#"{"type": "todo", "share": false}"#, #"{"type": "todo", "share": "cafe"}"#], fleet: cafeFleet)) == [
                #"kiosk.json: pages[1].content.share: the to-do list "todo" is shared otherwise by pages[0].content: give both pages the same "share", or one of them a "list" of its own"#,
            ])
            #expect(problems(pages([#"{"type": "todo", "share": "cafe"}"#, #"{"type": "todo", "share": "cafe"}"#], fleet: cafeFleet)).isEmpty)
        }

        /// A list is shared with one of the kiosk's own groups, so a kiosk outside the fleet shares nothing.
        @Test func aListIsSharedWithOneOfTheKiosksGroups() {
            #expect(problems(pages(#"{"type": "todo", "share": "cafe"}"#)) == [
                #"kiosk.json: pages[0].content.share: sharing with the group "cafe" needs the kiosk in a fleet: add "fleet" with "groups": ["cafe"]"#,
            ])
            #expect(problems(pages([#"{"type": "todo", "share": "bar"}"#], fleet: cafeFleet)) == [
                #"kiosk.json: pages[0].content.share: "bar" is not one of the kiosk's fleet groups (its groups: cafe, cafe.north_2): add it to fleet.groups or share with one of them"#,
            ])
            #expect(problems(pages([#"{"type": "todo", "share": "bar"}"#], fleet: #"{"node": "till"}"#)) == [
                #"kiosk.json: pages[0].content.share: "bar" is not one of the kiosk's fleet groups (it is in no group): add it to fleet.groups or share with one of them"#,
            ])
        }

        @Test func shareIsFalseOrAGroupsName() throws {
            let config = try KioskConfig.parse(Array(pages([#"{"type": "todo"}"#, #"{"type": "todo", "list": "a", "share": false}"#,
                                                            #"{"type": "todo", "list": "b", "share": "cafe.north_2"}"#], fleet: cafeFleet).utf8),
                                               file: "kiosk.json", directory: "/")
            #expect(config.pages.map { ($0.content.kind as? KioskConfig.Todo)?.share } == [.firstGroup, .local, .group("cafe.north_2")])
        }

        @Test(arguments: [#"true"#, #""all""#, #""""#, #""a/b""#, #""café""#, #"1"#, "\"" + String(repeating: "g", count: 65) + "\""])
        func anythingElseAsShareIsRefused(share: String) {
            let lines = problems(pages(#"{"type": "todo", "share": \#(share)}"#))
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("kiosk.json: pages[0].content.share: expected false (this kiosk's alone) or the name of one of the kiosk's fleet groups") == true)
        }
    }
}
