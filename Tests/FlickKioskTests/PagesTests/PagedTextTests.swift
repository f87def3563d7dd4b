@testable import FlickKiosk
import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// At 320x213 and 160 dpi: margin 16 px; the card is x 16...304, y 16...132; the buttons are 57 px high
// (9 mm) at y 140...197, Prev at x 16...112 and Next at x 208...304.

private let width = 320, height = 213
private let red = Color(hex: 0xCC2222), green = Color(hex: 0x22CC22), blue = Color(hex: 0x2222CC)
private let theme = KioskConfig.Theme()
private let prevButton = (x: 20, y: 162), nextButton = (x: 212, y: 162)
/// Inside the card, clear of its text and corners.
private let cardMiddle = (x: 160, y: 100)
/// A button's fill: pressed, and disabled (the button style's 35 % over the page).
private let pressedButton = theme.accent.interpolated(to: .black, PagedTextControls.pressedShade).pixel
private let dimmedButton = theme.background.interpolated(to: theme.accent, 0.35).pixel

/// Three plain cards, red, green and blue, turned with the seed's push.
private let threeCards = pagedText("[\(card(colour: "#cc2222")), \(card(colour: "#22cc22")), \(card(colour: "#2222cc"))]")

/// A card with no text, filled with `background` (JSON).
private func card(_ background: String, transition: String? = nil) -> String {
    let arrival = transition.map { #", "transition": \#($0)"# } ?? ""
    return #"{"text": "", "background": \#(background)\#(arrival)}"#
}

private func card(colour: String) -> String { card("\"\(colour)\"") }

private func pagedText(_ pages: String) -> String {
    #"{"pages": [{"id": "paged", "content": {"type": "pagedText", "pages": \#(pages)}}]}"#
}

/// One paged-text page alone on the screen, its touches going to its buttons through the scene's dispatcher.
private final class Harness {
    let page: PagedTextPage
    let player: VirtualClockPlayer

    init(_ json: String) throws {
        let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
        guard let content = config.pages[0].content.kind as? KioskConfig.PagedText else { throw ConfigTests.NotPagedText() }
        let fonts = try FontCollection()
        let scene = ViewScene(width: width, height: height)
        scene.tree.clearColor = config.theme.background
        let context = PageContext(scene: scene, theme: config.theme, fonts: fonts, metrics: PagesScene.defaultMetrics,
                                  width: width, height: height, scale: 0.25)
        let page = PagedTextPage(content: content, context: context)
        scene.root.addChild(page.view)
        scene.onAdvance = { [weak page] time in page?.advance(to: time) }
        self.page = page
        player = VirtualClockPlayer(scene: scene, width: width, height: height)
    }

    func pixel(_ at: (x: Int, y: Int)) -> UInt32 { player.screen[at.x, at.y] }

    /// The first column of the card's middle row showing `colour`, or nil.
    func firstColumn(showing colour: Color) -> Int? {
        (16..<304).first { player.screen[$0, cardMiddle.y] == colour.pixel }
    }
}

/// A finger down at `point` at `downMs` and lifted there at `upMs`.
private func tap(_ point: (x: Int, y: Int), downMs: Double, upMs: Double) -> [TouchFrame] {
    tapScript(at: (Double(point.x), Double(point.y)), downMs: downMs, upMs: upMs)
}

/// A straight horizontal drag by `dx` from `start`, 16 ms a step, lifted after a 60 ms rest.
private func drag(from start: (x: Int, y: Int), dx: Double, startMs: Double = 0) -> [TouchFrame] {
    dragScript(from: (Double(start.x), Double(start.y)), dx: dx, holdMs: 60, startMs: startMs)
}

private func touches(_ json: String) -> [TouchFrame] {
    try! TouchScript(json: Data(json.utf8), name: "touches").frames
}

/// Each 8-bit channel of `pixel` within `tolerance` of `expected`'s.
private func isClose(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 2) -> Bool {
    stride(from: 0, to: 32, by: 8).allSatisfy { shift in
        abs(Int((pixel >> UInt32(shift)) & 0xFF) - Int((expected >> UInt32(shift)) & 0xFF)) <= tolerance
    }
}

/// `a` and `b` mixed half and half, channel by channel.
private func evenMix(_ a: UInt32, _ b: UInt32) -> UInt32 {
    stride(from: 0, to: 32, by: 8).reduce(UInt32(0)) { mixed, shift in
        let s = UInt32(shift)
        return mixed | (((a >> s & 0xFF) + (b >> s & 0xFF)) / 2) << s
    }
}

/// A transition begins at the animator's latest frame, the one before the frame that sees the lift.
private let frame = 1.0 / 60
/// Half the seed's 0.3 s, where its ease-in-ease-out is at half progress.
private let halfTime = 0.15

/// Paged text with Prev and Next [transition-animations].
@Suite struct PagedTextTests {
    @Test func nextAndPrevTurnThePages() throws {
        let harness = try Harness(threeCards)
        #expect(harness.page.index == 0)
        #expect(harness.pixel(cardMiddle) == red.pixel)
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.run()
        #expect(harness.page.index == 1)
        #expect(harness.pixel(cardMiddle) == green.pixel)
        harness.player.enqueue(tap(nextButton, downMs: 1000, upMs: 1050))
        harness.player.run()
        #expect(harness.page.index == 2)
        #expect(harness.pixel(cardMiddle) == blue.pixel)
        harness.player.enqueue(tap(prevButton, downMs: 2000, upMs: 2050))
        harness.player.run()
        #expect(harness.page.index == 1)
        #expect(harness.pixel(cardMiddle) == green.pixel)
    }

    @Test func prevIsDisabledOnTheFirstPage() throws {
        let harness = try Harness(threeCards)
        #expect(isClose(harness.pixel(prevButton), dimmedButton))
        #expect(harness.pixel(nextButton) == theme.accent.pixel)
        let drawn = harness.player.framesDrawn
        harness.player.enqueue(tap(prevButton, downMs: 0, upMs: 50))
        harness.player.run()
        #expect(harness.page.index == 0)
        #expect(harness.player.framesDrawn == drawn)
    }

    @Test func nextIsDisabledOnTheLastPage() throws {
        let harness = try Harness(threeCards)
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.enqueue(tap(nextButton, downMs: 1000, upMs: 1050))
        harness.player.run()
        #expect(harness.page.index == 2)
        #expect(isClose(harness.pixel(nextButton), dimmedButton))
        #expect(harness.pixel(prevButton) == theme.accent.pixel)
        harness.player.enqueue(tap(nextButton, downMs: 2000, upMs: 2050))
        harness.player.run()
        #expect(harness.page.index == 2)
        #expect(harness.pixel(cardMiddle) == blue.pixel)
    }

    /// As Android's buttons do: a finger that slides off lets the press go for good.
    @Test func aButtonHighlightsWhilePressedAndFiresOnlyOnATap() throws {
        let harness = try Harness(threeCards)
        harness.player.enqueue(touches(#"""
            [{"t": 0, "type": "down", "id": 0, "x": 212, "y": 162}, {"t": 100, "type": "move", "id": 0, "x": 212, "y": 100},
             {"t": 200, "type": "move", "id": 0, "x": 220, "y": 170}, {"t": 300, "type": "move", "id": 0, "x": 212, "y": 100},
             {"t": 400, "type": "up", "id": 0}]
            """#))
        harness.player.run(until: 0.05)
        #expect(harness.pixel(nextButton) == pressedButton)
        harness.player.run(until: 0.15)
        #expect(harness.pixel(nextButton) == theme.accent.pixel)
        harness.player.run(until: 0.25)
        #expect(harness.pixel(nextButton) == theme.accent.pixel)
        harness.player.run()
        // Not a tap: nothing fires.
        #expect(harness.pixel(nextButton) == theme.accent.pixel)
        #expect(harness.page.index == 0)
        #expect(harness.pixel(cardMiddle) == red.pixel)
    }

    @Test func nextPushesInFromTheRightAndPrevFromTheLeft() throws {
        let harness = try Harness(threeCards)
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.run(until: 0.05 - frame + halfTime)
        // Half of the card's 288 px: red pushed out to the left, green coming in on the right.
        #expect(harness.pixel((x: 150, y: cardMiddle.y)) == red.pixel)
        #expect(harness.firstColumn(showing: green) == 160)
        harness.player.run()
        harness.player.enqueue(tap(prevButton, downMs: 1000, upMs: 1050))
        harness.player.run(until: 1.05 - frame + halfTime)
        #expect(harness.firstColumn(showing: red) == 16)
        #expect(harness.firstColumn(showing: green) == 160)
        #expect(harness.pixel((x: 150, y: cardMiddle.y)) == red.pixel)
    }

    /// Each kind at half progress, arriving from the bottom over vertical gradients: where each layer's
    /// rows land tells the kinds apart.
    @Test(arguments: ["fade", "moveIn", "push", "reveal"])
    func transitionKindsMidway(kind: String) throws {
        let oldCard = card(##"{"gradient": ["#ff0000", "#0000ff"]}"##)
        let newCard = card(##"{"gradient": ["#00ff00", "#ffff00"]}"##, transition: #"{"type": "\#(kind)", "subtype": "fromBottom"}"#)
        let harness = try Harness(pagedText("[\(oldCard), \(newCard)]"))
        // A quarter and three quarters down the 116 px card: half progress moves a layer 58 px.
        let upper = (x: 160, y: 16 + 29), lower = (x: 160, y: 16 + 87)
        let old = (upper: harness.pixel(upper), lower: harness.pixel(lower))
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.run(until: 0.05 - frame + halfTime)
        let midway = (upper: harness.pixel(upper), lower: harness.pixel(lower))
        harness.player.run()
        let new = (upper: harness.pixel(upper), lower: harness.pixel(lower))
        #expect(harness.page.index == 1)
        #expect(Set([old.upper, old.lower, new.upper, new.lower]).count == 4)
        switch kind {
        case "fade":
            // The new card at half alpha over the opaque old one.
            #expect(isClose(midway.upper, evenMix(old.upper, new.upper)))
            #expect(isClose(midway.lower, evenMix(old.lower, new.lower)))
        case "moveIn":
            // The old card stays; the new one's top half covers its lower half.
            #expect(midway.upper == old.upper)
            #expect(midway.lower == new.upper)
        case "push":
            // Both move up: the old card's lower half above the new card's upper half.
            #expect(midway.upper == old.lower)
            #expect(midway.lower == new.upper)
        default:
            // The old card moves up off the new one, which stays.
            #expect(midway.upper == old.lower)
            #expect(midway.lower == new.lower)
        }
    }

    @Test func prevDuringNextTurnsTheTransitionBackWithoutAJump() throws {
        let harness = try Harness(threeCards)
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.enqueue(tap(prevButton, downMs: 150, upMs: 200))
        var edges: [Int] = []
        harness.player.run { _ in edges.append(harness.firstColumn(showing: green) ?? 304) }
        #expect(harness.page.index == 0)
        #expect(harness.pixel(cardMiddle) == red.pixel)
        // The green card came in part way, then went back out the way it came.
        let nearest = edges.min()!
        #expect(nearest < 250 && nearest > 16)
        #expect(edges.last == 304)
        let turn = edges.firstIndex(of: nearest)!
        #expect(edges[..<turn].elementsEqual(edges[..<turn].sorted(by: >)))
        #expect(edges[turn...].elementsEqual(edges[turn...].sorted()))
        // Turning back carries the card's speed on: no step is bigger than the push's own fastest.
        func steps(_ run: ArraySlice<Int>) -> [Int] { zip(run, run.dropFirst()).map { abs($0 - $1) } }
        #expect(steps(edges[turn...]).max()! <= steps(edges[...turn]).max()!)
    }

    @Test func nextDuringNextTurnsAnotherPageWhenTheFirstTurnEnds() throws {
        let harness = try Harness(threeCards)
        harness.player.enqueue(tap(nextButton, downMs: 0, upMs: 50))
        harness.player.enqueue(tap(nextButton, downMs: 150, upMs: 200))
        // The first push ends 0.3 s after it began and the second follows at once.
        harness.player.run(until: 0.05 - frame + 0.3)
        #expect(harness.page.textIndex == 2, "both presses count at once")
        #expect(harness.pixel((x: 20, y: cardMiddle.y)) == green.pixel)
        #expect(harness.player.scene.needsFrame)
        harness.player.run()
        #expect(harness.page.index == 2)
        #expect(harness.pixel(cardMiddle) == blue.pixel)
    }
}

/// The paged-text page among the kiosk's pages: its buttons share the finger with the page swipe.
@Suite struct PagedTextSwipeTests {
    private static let config = """
        {"pages": [
          {"id": "paged", "left": "b", "right": "b", "axis": "horizontal",
           "content": {"type": "pagedText", "pages": [\(card(colour: "#cc2222")), \(card(colour: "#22cc22"))]}},
          {"id": "b", "left": "paged", "right": "paged", "content": {"type": "text", "title": "", "body": "", "background": "#2222cc"}}
        ]}
        """

    private func makePlayer() throws -> (PagesScene, VirtualClockPlayer) {
        let config = try KioskConfig.parse(Array(Self.config.utf8), file: "test.json", directory: "/tmp")
        let scene = PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection())
        return (scene, VirtualClockPlayer(scene: scene, width: width, height: height))
    }

    @Test func aTapOnNextTurnsThePage() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(tap(nextButton, downMs: 0, upMs: 80))
        player.run()
        #expect(scene.currentPage == "paged")
        #expect(player.screen[cardMiddle.x, cardMiddle.y] == green.pixel)
    }

    @Test func aDragStartingOnNextSwipesThePageWithoutPressingIt() throws {
        let (scene, player) = try makePlayer()
        player.enqueue(drag(from: (x: 240, y: 162), dx: -120))
        player.run(until: 0.02)
        #expect(player.screen[nextButton.x, nextButton.y] == pressedButton)
        // Past the slop the swipe has the finger: the page follows it and the button lets go.
        player.run(until: 0.12)
        let offset = Int(scene.offset.rounded())
        #expect(offset < -20)
        #expect(player.screen[nextButton.x + offset, nextButton.y] == theme.accent.pixel)
        player.run()
        #expect(scene.currentPage == "b")
        // Back again: still the first card, Next at rest.
        player.enqueue(drag(from: (x: 60, y: 100), dx: 120, startMs: 2000))
        player.run()
        #expect(scene.currentPage == "paged")
        #expect(player.screen[cardMiddle.x, cardMiddle.y] == red.pixel)
        #expect(player.screen[nextButton.x, nextButton.y] == theme.accent.pixel)
    }
}
