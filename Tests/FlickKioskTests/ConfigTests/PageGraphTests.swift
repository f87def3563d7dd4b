import FlickKiosk
import Testing

private func graph(_ pages: String, swipe: String = "{}") throws -> PageGraph {
    PageGraph(try KioskConfig.parse(Array(#"{"swipe": \#(swipe), "pages": [\#(pages)]}"#.utf8), file: "kiosk.json", directory: "/"))
}

extension ConfigTests {
    @Suite struct PageGraphTests {
        /// The seed's circular path: 1 → 2 → 3 → 1 to the right, and down from 1 reaches 4, whose up is 3, not 1.
        static let seedGraph = """
            {"id": "one", "right": "two", "left": "three", "down": "four", "content": {"type": "text", "title": "", "body": ""}},
            {"id": "two", "right": "three", "left": "one", "content": {"type": "text", "title": "", "body": ""}},
            {"id": "three", "right": "one", "left": "two", "content": {"type": "text", "title": "", "body": ""}},
            {"id": "four", "up": "three", "content": {"type": "text", "title": "", "body": ""}},
            {"id": "orphan", "left": "one", "content": {"type": "text", "title": "", "body": ""}}
            """

        @Test func swipingRightThreeTimesComesRoundToTheStart() throws {
            let g = try graph(Self.seedGraph)
            #expect(g.start == "one")
            var page = g.start
            var visited: [String] = []
            for _ in 0..<3 {
                page = try #require(g.neighbour(of: page, .right))
                visited.append(page)
            }
            #expect(visited == ["two", "three", "one"])
        }

        @Test func aNeighbourNeedNotLeadBack() throws {
            let g = try graph(Self.seedGraph)
            #expect(g.neighbour(of: "one", .down) == "four")
            #expect(g.neighbour(of: "four", .up) == "three")
            #expect(g.neighbour(of: "four", .down) == nil)
            #expect(g.neighbour(of: "one", .up) == nil)
        }

        @Test func aPageAButtonShowsIsReachable() throws {
            let pages = #"""
                {"id": "start", "content": {"type": "panel", "widgets": [{"button": "العربية", "action": {"page": "ar"}}]}},
                {"id": "ar", "content": {"type": "text", "title": "", "body": ""}},
                {"id": "orphan", "content": {"type": "text", "title": "", "body": ""}}
                """#
            #expect(try graph(pages).unreachable == ["orphan"])
        }

        @Test func unreachablePagesAreListedNotRejected() throws {
            #expect(try graph(Self.seedGraph).unreachable == ["orphan"])
        }

        @Test func pageAxisOverridesTheGraph() throws {
            let g = try graph("""
                {"id": "a", "right": "b", "down": "c", "content": {"type": "text", "title": "", "body": ""}},
                {"id": "b", "axis": "both", "down": "c", "left": "a", "content": {"type": "text", "title": "", "body": ""}},
                {"id": "c", "up": "a", "content": {"type": "text", "title": "", "body": ""}}
                """, swipe: #"{"axis": "horizontal"}"#)
            #expect(g.axes(of: "a") == .horizontal)
            #expect(g.axes(of: "b") == .both)
            #expect(g.neighbour(of: "a", .down) == nil)
            #expect(g.link(of: "a", .down) == "c")
            #expect(!g.allows(.up, on: "a") && g.allows(.left, on: "a"))
            #expect(g.neighbour(of: "b", .down) == "c")
            #expect(g.neighbour(of: "c", .up) == nil)
        }

        @Test func aPageRestrictedToOneAxisCutsOffLinksAcrossIt() throws {
            let g = try graph("""
                {"id": "a", "axis": "vertical", "right": "b", "content": {"type": "text", "title": "", "body": ""}},
                {"id": "b", "content": {"type": "text", "title": "", "body": ""}}
                """)
            #expect(g.unreachable == ["b"])
        }
    }
}
