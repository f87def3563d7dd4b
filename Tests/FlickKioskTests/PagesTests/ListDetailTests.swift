import FlickKiosk
import FlickGestures
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// At 320x200 the config's sizes scale by 0.25: the bar is 24 px tall, rows 22 px, so row i spans
// y = 24 + 22·i ..< 46 + 22·i. At 160 dpi the slop is 12.6 px, the commit distance 50.4 px, a flick
// 400 px/s and the back edge 31.5 px.

private let width = 320, height = 200
private let theme = KioskConfig.Theme()
private let rowFill = theme.surface.pixel, detailFill = theme.background.pixel, bar = theme.accent.pixel

/// A list page of `count` items between two sides of a text page, horizontal-only like the tour's.
private func makePlayer(items count: Int = 40, title: String = "Item") throws -> (PagesScene, VirtualClockPlayer) {
    let items = (0..<count).map { #"{"title": "\#(title) \#($0)", "detail": "About item \#($0)."}"# }
    let json = """
    {
      "pages": [
        { "id": "list", "right": "next", "left": "next", "axis": "horizontal",
          "content": { "type": "list", "title": "Events", "items": [\(items.joined(separator: ","))] } },
        { "id": "next", "right": "list", "left": "list",
          "content": { "type": "text", "title": "N", "body": "", "background": "#22cc22" } }
      ]
    }
    """
    let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
    let scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection())
    return (scene, VirtualClockPlayer(scene: scene, width: width, height: height))
}

/// A straight drag from (x, y) by (dx, dy) in `steps` moves 16 ms apart from `startMs`, lifted `holdMs` later.
private func drag(x: Double = 160, y: Double = 150, dx: Double = 0, dy: Double = 0, steps: Int = 10,
                  holdMs: Double = 8, startMs: Double = 0) -> [TouchFrame] {
    dragScript(from: (x, y), dx: dx, dy: dy, steps: steps, holdMs: holdMs, startMs: startMs)
}

private func tap(x: Double = 200, y: Double, atMs t: Double) -> [TouchFrame] {
    tapScript(at: (x, y), downMs: t, upMs: t + 50)
}

/// The middle of row `index` with the list at rest at the top.
private func rowY(_ index: Int) -> Double { Double(24 + 22 * index + 11) }

/// The final state's open detail, nil for its JSON null (the state's other fields belong to other pages).
private func detail(_ scene: PagesScene) throws -> Int? {
    let json = try JSONSerialization.jsonObject(with: Data(scene.finalStateJSON().utf8))
    let value = try #require((json as? [String: Any])?["detail"])
    if value is NSNull { return nil }
    return try #require(value as? Int)
}

/// Opens item `index` with a tap and lets the push finish.
private func open(_ index: Int, _ player: VirtualClockPlayer) {
    let start = player.time
    player.enqueue(tap(y: rowY(index), atMs: start * 1000 + 20))
    player.run(until: start + 0.5)
}

/// Where the bar's tint begins along y = 1 from the left, or ends from the right: the whole width while the bar
/// stays still.
private func barStart(_ player: VirtualClockPlayer) -> Int { (0..<width).first { player.screen[$0, 1] == bar } ?? width }
private func barEnd(_ player: VirtualClockPlayer) -> Int { (0..<width).last { player.screen[$0, 1] == bar } ?? -1 }

/// The leftmost column of the detail's large title (the band just under the bar), nil when none shows: how far
/// the content has moved.
private func titleStart(_ player: VirtualClockPlayer) -> Int? {
    (0..<width).first { x in (26..<40).contains { player.screen[x, $0] != detailFill } }
}

private func titleEnd(_ player: VirtualClockPlayer) -> Int? {
    (0..<width).last { x in (26..<40).contains { player.screen[x, $0] != detailFill } }
}

/// The list and its details [flick-between-detail-views], through the pages scene.
@Suite struct ListDetailTests {
    @Test func aTapOnARowPushesItsDetailInFromTheRight() throws {
        let (scene, player) = try makePlayer()
        let y = Int(rowY(5))
        // At rest the row's chevron is the rightmost thing on it.
        let chevronAtRest = try #require((0..<width).last { player.screen[$0, y] != rowFill })
        #expect(chevronAtRest > 300)
        player.enqueue(tap(y: rowY(2), atMs: 0))
        player.run(until: 0.15)
        #expect(try detail(scene) == 2)
        // Mid-push: the detail has come in from the right and the list has gone left by as much.
        let listEnd = try #require((0..<width).last { player.screen[$0, y] != detailFill })
        let shift = width - 1 - listEnd
        #expect(shift > 60 && shift < 260)
        let chevron = try #require((0...listEnd).last { player.screen[$0, y] != rowFill })
        #expect(chevron == chevronAtRest - shift)
        #expect(player.screen[listEnd + 1, 1] == bar)
        player.run(until: 0.4)
        #expect(!scene.needsFrame)
        #expect(player.screen[200, y] == detailFill)
        #expect(player.screen[10, y] == detailFill)
        #expect(player.screen[200, 1] == bar)
        #expect(scene.currentPage == "list")
    }

    @Test func theBackControlPushesTheListBackInFromTheLeft() throws {
        let (scene, player) = try makePlayer()
        open(2, player)
        // "‹ Events" sits at the left of the bar.
        player.enqueue(tap(x: 14, y: 12, atMs: 600))
        player.run(until: 0.78)
        #expect(try detail(scene) == nil)
        // Mid-pop: the list on the left, the detail pushed right.
        #expect(player.screen[5, Int(rowY(5))] == rowFill)
        #expect(player.screen[315, Int(rowY(5))] == detailFill)
        player.run()
        #expect(player.screen[200, Int(rowY(5))] == rowFill)
        // The row opened is no longer selected.
        #expect(player.screen[200, Int(rowY(2))] == rowFill)
    }

    @Test func anOpenDetailLetsTheNextPagesLayerGoUntilTheListIsBack() throws {
        let (scene, player) = try makePlayer()
        player.run(until: 0.2)
        #expect(scene.pagesWithLayers == ["next"], "rendered while idle, ready for a swipe")
        open(2, player)
        #expect(scene.pagesWithLayers == [], "no swipe can start from a detail: its memory goes to the detail")
        player.enqueue(tap(x: 14, y: 12, atMs: player.time * 1000 + 20))
        player.run(until: player.time + 0.6)
        #expect(try detail(scene) == nil)
        #expect(scene.pagesWithLayers == ["next"])
    }

    @Test func aDragFromTheLeftEdgeFollowsTheFingerAndGoesBack() throws {
        let (scene, player) = try makePlayer()
        open(2, player)
        player.enqueue(drag(x: 5, dx: 120, holdMs: 60, startMs: 600))
        player.run(until: 0.77)
        // Still dragging: the list follows the finger in from the left, 1:1 from where the drag began.
        #expect(try detail(scene) == 2)
        let listEnd = try #require((0..<width).last { player.screen[$0, 150] == rowFill })
        #expect(abs(listEnd + 1 - 120) <= 1, "the list's right edge is where the finger has gone: 120 px from the edge")
        player.run()
        #expect(try detail(scene) == nil)
        #expect(player.screen[200, 150] == rowFill)
    }

    @Test func aShortDragFromTheEdgeSnapsBackToTheDetail() throws {
        let (scene, player) = try makePlayer()
        open(2, player)
        player.enqueue(drag(x: 5, dx: 40, holdMs: 60, startMs: 600))
        player.run()
        #expect(try detail(scene) == 2)
        #expect(player.screen[10, 150] == detailFill)
    }

    @Test func flicksMoveToTheNextAndPreviousItem() throws {
        let (scene, player) = try makePlayer()
        open(2, player)
        // 60 px left in 48 ms: a flick; the next item pushes in from the right.
        player.enqueue(drag(dx: -60, steps: 3, startMs: 600))
        player.run(until: 0.75)
        #expect(try detail(scene) == 3)
        // Mid-push both details cover the screen: no gap in the bar.
        #expect(barStart(player) == 0 && barEnd(player) == width - 1)
        player.run()
        #expect(try detail(scene) == 3)
        player.enqueue(drag(dx: 60, steps: 3, startMs: 2000))
        player.enqueue(drag(dx: 60, steps: 3, startMs: 3000))
        player.run()
        #expect(try detail(scene) == 1)
        // A slow short drag is neither: it snaps back.
        player.enqueue(drag(dx: -40, steps: 25, startMs: 4000))
        player.run()
        #expect(try detail(scene) == 1)
        #expect(barStart(player) == 0 && barEnd(player) == width - 1)
    }

    @Test func aFlickWhileAPushRunsIsIgnored() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(tap(y: rowY(2), atMs: 0))
        player.enqueue(drag(dx: -60, steps: 3, startMs: 120))
        player.run()
        #expect(try detail(scene) == 2)
    }

    @Test func flickingPastTheFirstItemBouncesAQuarterAndBack() throws {
        let (scene, player) = try makePlayer()
        open(0, player)
        player.enqueue(drag(dx: 60, steps: 3, startMs: 600))
        let atRest = try #require(titleStart(player))
        var widestGap = 0, barMoved = false
        player.run { _ in
            widestGap = max(widestGap, (titleStart(player) ?? atRest) - atRest)
            barMoved = barMoved || barStart(player) != 0 || barEnd(player) != width - 1
        }
        #expect(abs(widestGap - width / 4) <= 2)
        #expect(!barMoved, "the bar stays still: only the content bounces")
        #expect(try detail(scene) == 0)
        #expect(titleStart(player) == atRest)
    }

    @Test func flickingPastTheLastItemBouncesAQuarterAndBack() throws {
        // A title long enough to stay in view while the content bounces left.
        let (scene, player) = try makePlayer(items: 3, title: "A title long enough to see")
        open(2, player)
        player.enqueue(drag(dx: -60, steps: 3, startMs: 600))
        let atRest = try #require(titleEnd(player))
        var widestGap = 0, barMoved = false
        player.run { _ in
            widestGap = max(widestGap, atRest - (titleEnd(player) ?? atRest))
            barMoved = barMoved || barStart(player) != 0 || barEnd(player) != width - 1
        }
        #expect(abs(widestGap - width / 4) <= 2)
        #expect(!barMoved, "the bar stays still: only the content bounces")
        #expect(try detail(scene) == 2)
        #expect(titleEnd(player) == atRest)
    }

    @Test func aVerticalDragScrollsTheListAndItCoastsOnAfterRelease() throws {
        let (scene, player) = try makePlayer()
        // 60 px up in 160 ms: 375 px/s at the lift. The rows follow from the slop (18 px in), so the list
        // is 42 px down at the lift and coasts 375 / 2.002 = 187 px more: 229 px in all.
        player.enqueue(drag(y: 150, dy: -60))
        player.run()
        #expect(scene.currentPage == "list")
        // y 70 is then 275 px into the rows: row 12 (it would be row 4 without the coast, row 2 unscrolled).
        player.enqueue(tap(y: 70, atMs: 6000))
        player.run()
        #expect(try detail(scene) == 12)
    }

    /// Fingers that slow to a stop and rest before lifting, the controller reporting them still: the finger has
    /// stopped, so nothing flicks back against it. A detail dragged past the distance moves on, the edge swipe goes
    /// back, and a scrolled list stays where the finger left it.
    @Test func dragsHeldStillBeforeTheLiftDoWhatTheDistanceSays() throws {
        let (scene, player) = try makePlayer()
        open(2, player)
        player.enqueue(heldDragScript(from: (260, 150), dx: -200, startMs: 600))
        player.run()
        #expect(try detail(scene) == 3)
        player.enqueue(heldDragScript(from: (5, 150), dx: 200, startMs: player.time * 1000 + 100))
        player.run()
        #expect(try detail(scene) == nil)
        // 150 px up, less the slop: y 70 is then row 8.
        player.enqueue(heldDragScript(from: (160, 180), dx: 0, dy: -150, startMs: player.time * 1000 + 100))
        player.run()
        player.enqueue(tap(y: 70, atMs: player.time * 1000 + 100))
        player.run()
        #expect(try detail(scene) == 8)
    }

    @Test func pullingDownAtTheTopRubberBandsAndSpringsBack() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(y: 60, dy: 100, holdMs: 100))
        player.run(until: 0.17)
        // 80 px of drag past the slop shows as 35 px: the gap above row 0 is the page's background.
        #expect(player.screen[200, 40] == detailFill)
        #expect(player.screen[200, 62] == rowFill)
        player.run()
        #expect(player.screen[200, 40] == rowFill)
        #expect(try detail(scene) == nil)
    }

    @Test func aHorizontalSwipeOnTheListStillTurnsTheKioskPage() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(y: rowY(2), dx: -120, holdMs: 60))
        player.run()
        #expect(scene.currentPage == "next")
        #expect(try detail(scene) == nil)
    }

    @Test func aTapOnACoastingListOnlyStopsIt() throws {
        let (scene, player) = try makePlayer()
        // 60 px up in 80 ms: 750 px/s; 250 ms after the lift it still moves at over 400 px/s.
        player.enqueue(drag(dy: -60, steps: 5))
        player.enqueue(tap(y: 100, atMs: 340))
        player.run(until: 0.36)
        let drawn = player.framesDrawn
        let column = (24..<height).map { player.screen[300, $0] }
        player.run()
        #expect(try detail(scene) == nil)
        #expect(player.framesDrawn == drawn)
        #expect((24..<height).map { player.screen[300, $0] } == column)
    }
}
