@testable import FlickKiosk
import FlickGestures
import FlickMotion
import Testing

/// A page graph from `pages` (JSON objects with ids and links; each page's content is a blank text page).
private func graph(_ pages: String, peek: Double = 0) throws -> PageGraph {
    let json = """
    { "swipe": { "peek": \(peek) }, "pages": [\(pages)] }
    """
    return PageGraph(try KioskConfig.parse(Array(json.utf8), file: "strip.json", directory: "/tmp"))
}

private func page(_ id: String, _ links: String = "") -> String {
    #"{ "id": "\#(id)"\#(links.isEmpty ? "" : ", " + links), "content": { "type": "text", "title": "", "body": "" } }"#
}

/// a ⇄ b ⇄ c sideways.
private func row() throws -> PageStrip {
    let g = try graph([page("a", #""right": "b""#), page("b", #""left": "a", "right": "c""#), page("c", #""left": "b""#)]
        .joined(separator: ","))
    return PageStrip(graph: g, width: 320, height: 200, peek: 0, current: "a")
}

/// Where the pages are placed, and what the swipe does when let go: no views, no fonts, no headless run.
@Suite struct PageStripTests {
    @Test func atRestOnlyTheCurrentPageIsPlaced() throws {
        #expect(try row().placedPages() == [PlacedPage(id: "a", x: 0, y: 0)])
    }

    @Test func draggedLeftTheRightNeighbourFollowsOneScreenBehind() throws {
        var strip = try row()
        strip.lock(.horizontal)
        strip.drag(to: -100.4)
        #expect(strip.offset == -100.4)
        #expect(strip.placedPages() == [PlacedPage(id: "a", x: -100, y: 0), PlacedPage(id: "b", x: 220, y: 0)])
    }

    @Test func draggedTowardNoNeighbourThePageRubberBandsAsAListDoes() throws {
        var strip = try row()
        strip.lock(.horizontal)
        strip.drag(to: 100)
        let band = RubberBand(dimension: 320)
        #expect(strip.offset == band.resisted(100, within: 0...0))
        #expect(abs(strip.fingerOffset - 100) < 1e-9)
        #expect(strip.placedPages().map(\.id) == ["a"])
    }

    @Test func aCommitMakesTheNeighbourCurrentWhereItStandsWithTheOldPageBeside() throws {
        var strip = try row()
        strip.lock(.horizontal)
        strip.drag(to: -200)
        #expect(strip.release(decision: .commit(.left), lockedAxis: .horizontal, velocity: -500)
            == .commit(to: "b", sign: -1, velocity: -500))
        strip.commit(to: "b", sign: -1)
        #expect(strip.current == "b")
        #expect(strip.offset == 120)
        #expect(strip.page(on: 1) == "a")
        #expect(strip.placedPages() == [PlacedPage(id: "a", x: -200, y: 0), PlacedPage(id: "b", x: 120, y: 0)])
        strip.rest()
        #expect(strip.placedPages() == [PlacedPage(id: "b", x: 0, y: 0)])
    }

    @Test func aShortDragSettlesAtTheFingersSpeedAndPastTheEndAtTheBandsShare() throws {
        var strip = try row()
        strip.lock(.horizontal)
        strip.drag(to: -20)
        #expect(strip.release(decision: .snapBack, lockedAxis: .horizontal, velocity: 50) == .settle(velocity: 50))
        strip.drag(to: 60)
        guard case .settle(let velocity) = strip.release(decision: .commit(.right), lockedAxis: .horizontal, velocity: 400)
        else { Issue.record("a commit with no page that way settles"); return }
        #expect(velocity < 400 * RubberBand.coefficient && velocity > 0)
    }

    @Test func aTouchThatNeverLockedSettlesStill() throws {
        #expect(try row().release(decision: nil, lockedAxis: nil, velocity: 900) == .settle(velocity: 0))
    }

    @Test func dragsMoveTowardANeighbourResistTowardNoneAndIgnoreTheOtherAxis() throws {
        let g = try graph([page("a", #""right": "b", "axis": "horizontal""#), page("b", #""left": "a""#)].joined(separator: ","))
        var strip = PageStrip(graph: g, width: 320, height: 200, peek: 0, current: "a")
        #expect(strip.response(to: .left) == .moves)
        #expect(strip.response(to: .right) == .resists)
        #expect(strip.response(to: .up) == .ignores)
        strip.lock(.horizontal)
        strip.drag(to: -30)
        #expect(strip.response(to: .right) == .moves)
        #expect(strip.response(to: .down) == .ignores)
    }

    @Test func withAPeekTheNextPageShowsPastTheCurrentOneAtRest() throws {
        let g = try graph([page("a", #""down": "b", "axis": "vertical""#), page("b", #""up": "a", "axis": "vertical""#)]
            .joined(separator: ","), peek: 0.5)
        let strip = PageStrip(graph: g, width: 320, height: 200, peek: 0.5, current: "a")
        #expect(strip.peekAxis == .vertical)
        #expect(strip.placedPages() == [PlacedPage(id: "a", x: 0, y: 0), PlacedPage(id: "b", x: 0, y: 100)])
        #expect(strip.isOnCurrentPage(x: 10, y: 99))
        #expect(!strip.isOnCurrentPage(x: 10, y: 100))
    }

    @Test func aRingPlacesAPageOnceWhereMoreOfItShows() throws {
        // a → b → c → a sideways with half a page of peek: dragged a little left, c comes in on both sides, at
        // −170 where none of it shows and at 310 where 10 px do.
        let g = try graph([page("a", #""right": "b", "left": "c""#), page("b", #""left": "a", "right": "c""#),
                           page("c", #""left": "b", "right": "a""#)].joined(separator: ","), peek: 0.5)
        var strip = PageStrip(graph: g, width: 320, height: 200, peek: 0.5, current: "a")
        strip.lock(.horizontal)
        strip.drag(to: -10)
        #expect(strip.placedPages() == [PlacedPage(id: "a", x: -10, y: 0), PlacedPage(id: "b", x: 150, y: 0),
                                        PlacedPage(id: "c", x: 310, y: 0)])
    }
}
