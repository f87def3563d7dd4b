import FlickRaster
@testable import FlickUI
import Testing

/// A turned card that moves changes the pixels where it was and where it is, not the corners of the rectangles
/// round them: only there is what lies behind it drawn again. Frame after frame the screen must show exactly
/// what drawing everything shows.
@Suite struct FootprintTests {
    /// Pixels of the page drawn, frame by frame: what the page's content was asked to cover.
    private final class Tally { var pixels = 0 }

    /// A striped page, a card lying on it and a card over that one (a shadow round an opaque face, as the photo
    /// cards draw), and, if asked, a translucent band in front of them all.
    private func scene(tally: Tally, veil: Bool) -> (tree: ViewTree, front: View) {
        let tree = ViewTree(width: 600, height: 450)
        let page = View(frame: Rect(x: 0, y: 0, width: 600, height: 450), background: .solid(Color(hex: 0x101418)),
                        content: ViewContent { canvas, bounds in
            tally.pixels += canvas.clipBounds.intersection(PixelRect(enclosing: bounds)).area
            for x in stride(from: 0.0, to: bounds.width, by: 10) {
                canvas.fill(Rect(x: x, y: 0, width: 5, height: bounds.height), color: Color(hex: 0x22AA44))
            }
        })
        tree.root.addChild(page)
        for colour in [Color.white, Color(hex: 0xEEDDCC)] {
            page.addChild(shadowedCard(frame: Rect(x: 100, y: 75, width: 400, height: 300), colour: colour, promisesOpaque: true))
        }
        if veil {
            tree.root.addChild(View(frame: Rect(x: 0, y: 180, width: 600, height: 90), background: .solid(Color(hex: 0xFF8800).withAlpha(0.3))))
        }
        return (tree, page.children[1])
    }

    /// The front card held and turned a little more each frame as it moves, as a finger drags it.
    private let moves: [(dx: Double, dy: Double, angle: Double)] = [
        (0, 0, 0.1), (3, -7, 0.11), (6.5, -14.25, 0.12), (9, -21, 0.13), (9.5, -28.1, 0.12), (4, -21, -0.25), (-2.2, -14, -0.27),
    ]

    private func frames(veil: Bool) -> (drawn: [Surface], everything: [Surface], pagePixels: [Int], damaged: [Int]) {
        let tally = Tally()
        let (tree, front) = scene(tally: tally, veil: veil)
        let (reference, referenceFront) = scene(tally: Tally(), veil: veil)
        let screen = Surface(width: 600, height: 450), whole = Surface(width: 600, height: 450)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        var drawn: [Surface] = [], everything: [Surface] = [], pagePixels: [Int] = [], damaged: [Int] = []
        for move in moves {
            for card in [front, referenceFront] {
                card.frame.origin = Point(100 + move.dx, 75 + move.dy)
                card.transform = .rotation(move.angle)
            }
            tally.pixels = 0
            damaged.append(tree.pendingDamage.reduce(0) { $0 + $1.area })
            tree.render(on: Canvas(surface: screen))
            reference.render(on: Canvas(surface: whole), fullRedraw: true)
            drawn.append(screen.copy())
            everything.append(whole.copy())
            pagePixels.append(tally.pixels)
        }
        return (drawn, everything, pagePixels, damaged)
    }

    @Test func aTurnedCardMovedFrameByFrameShowsWhatDrawingEverythingShows() {
        let (drawn, everything, pagePixels, damaged) = frames(veil: false)
        for (i, (a, b)) in zip(drawn, everything).enumerated() {
            #expect(differingPixels(a, b) == 0, "frame \(i)")
        }
        // Left out where the card's inside hides it, the page was drawn over 46 % of the damaged rectangles'
        // pixels; left out where nothing changed too, 34 %.
        let drawnOver = Double(pagePixels.reduce(0, +)) / Double(damaged.reduce(0, +))
        #expect(drawnOver < 0.4, "\(pagePixels) of \(damaged)")
    }

    /// A translucent view in front of the card would be blended twice where nothing behind it was drawn again:
    /// with one there the rectangles are drawn whole.
    @Test func aTranslucentViewInFrontKeepsTheWholeRectangles() {
        let (drawn, everything, _, _) = frames(veil: true)
        for (i, (a, b)) in zip(drawn, everything).enumerated() {
            #expect(differingPixels(a, b) == 0, "frame \(i)")
        }
    }

    /// A square turned 45° about its middle: its width on each band of rows, widest through its side corners.
    @Test func aTurnedQuadrilateralsColumnsInBandsOfRows() {
        let t = AffineTransform.translation(-10, -10).concatenating(.rotation(.pi / 4)).concatenating(.translation(50, 50))
        let corners = [Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)].map(t.map)
        let footprint = Footprint(rect: PixelRect(x: 30, y: 30, width: 40, height: 40), quad: corners)
        let half = 20 / 2.0.squareRoot()
        // The top corner alone, the band through the side corners, and rows below it.
        #expect(footprint.columns(in: 35..<37) == Int((50 - (37 - (50 - half))).rounded(.down))..<Int((50 + (37 - (50 - half))).rounded(.up)))
        #expect(footprint.columns(in: 45..<55) == Int((50 - half).rounded(.down))..<Int((50 + half).rounded(.up)))
        #expect(footprint.columns(in: 0..<20) == nil)
        #expect(footprint.columns(in: 69..<80) == nil)
        // A rectangle without a quadrilateral is all of it wherever its rows are.
        #expect(Footprint(rect: footprint.rect, quad: nil).columns(in: 0..<31) == 30..<70)
        // Corners far off the screen are cut to the rectangle before they become whole pixels.
        let far = Footprint(rect: PixelRect(x: 0, y: 0, width: 10, height: 10), quad: [Point(-1e300, -5), Point(1e300, -5), Point(1e300, 50), Point(-1e300, 50)])
        #expect(far.columns(in: 0..<10) == 0..<10)
    }
}
