import FlickRaster
@testable import FlickUI
import Testing

/// The tree skips clearing what an opaque layer copies over; what it shows must not change.
@Suite struct OpaqueLayerTests {
    private let clear = Color(hex: 0x101418), page = Color(hex: 0x22CC22)

    private func tree(layerAlpha: Double, translucentFill: Bool) -> (ViewTree, View) {
        let tree = ViewTree(width: 40, height: 20)
        tree.clearColor = clear
        let layer = View(frame: Rect(x: 0, y: 0, width: 40, height: 20),
                         background: .solid(translucentFill ? page.withAlpha(0.5) : page))
        layer.shouldRasterize = true
        layer.alpha = layerAlpha
        tree.root.addChild(layer)
        return (tree, layer)
    }

    @Test func aSlidingOpaquePageLeavesTheClearColourOnlyWhereItUncovers() {
        let (tree, layer) = tree(layerAlpha: 1, translucentFill: false)
        let screen = Surface(width: 40, height: 20)
        let canvas = Canvas(surface: screen)
        tree.render(on: canvas, fullRedraw: true)
        layer.frame.origin.x = 15
        tree.render(on: canvas)
        #expect(screen[14, 10] == clear.pixel)
        #expect(screen[15, 10] == page.pixel)
        #expect(screen[39, 19] == page.pixel)
    }

    @Test func translucentLayersStillHaveTheClearColourUnderThem() {
        for (alpha, translucent) in [(0.5, false), (1.0, true)] {
            let (tree, _) = tree(layerAlpha: alpha, translucentFill: translucent)
            let screen = Surface(width: 40, height: 20)
            screen.clear(to: Color(hex: 0xFFFFFF).pixel)
            tree.render(on: Canvas(surface: screen), fullRedraw: true)
            let expected = Surface(width: 1, height: 1)
            expected.clear(to: clear.pixel)
            let c = Canvas(surface: expected)
            c.globalAlpha = alpha
            c.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: translucent ? page.withAlpha(0.5) : page)
            #expect(screen[20, 10] == expected[0, 0])
        }
    }
}

/// A fade transition's two layers are drawn in one pass; the screen must look as if drawn one after the other.
@Suite struct CrossFadeTests {
    @Test func aLayerFadingInOverAnotherLooksLikeDrawingBoth() {
        let colours = [Color(hex: 0x3366CC), Color(hex: 0xCC2222)]
        let tree = ViewTree(width: 30, height: 10)
        let layers = colours.map { View(frame: Rect(x: 5, y: 0, width: 20, height: 10), background: .solid($0)) }
        for layer in layers {
            layer.shouldRasterize = true
            tree.root.addChild(layer)
        }
        layers[1].alpha = 0.25
        let screen = Surface(width: 30, height: 10)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)

        let expected = Surface(width: 30, height: 10)
        let canvas = Canvas(surface: expected)
        canvas.fill(Rect(x: 0, y: 0, width: 30, height: 10), color: tree.clearColor)
        canvas.fill(Rect(x: 5, y: 0, width: 20, height: 10), color: colours[0])
        canvas.globalAlpha = 0.25
        canvas.fill(Rect(x: 5, y: 0, width: 20, height: 10), color: colours[1])
        for x in [0, 4, 5, 15, 24, 25, 29] {
            for shift: UInt32 in [0, 8, 16] {
                #expect(abs(Int((screen[x, 5] >> shift) & 0xFF) - Int((expected[x, 5] >> shift) & 0xFF)) <= 2, "x \(x)")
            }
        }
        #expect(screen[15, 5] != colours[0].pixel && screen[15, 5] != colours[1].pixel)
    }
}

/// A view's background is not filled where its own opaque layers will be copied over it (a list under its rows);
/// what shows between and around them must not change.
@Suite struct BackgroundOcclusionTests {
    private let listColour = Color(hex: 0x203040), rowColours = [Color(hex: 0xCC3333), Color(hex: 0x33CC33), Color(hex: 0x3333CC)]

    /// A clipped list at (10, 10) of 60x40 with rows 12 high and 2 apart, scrolled up by `offset`; row 1 at
    /// `row1Alpha`, row 2 turned by `row2Turn` radians.
    private func list(offset: Double, row1Alpha: Double = 1, row2Turn: Double = 0) -> (ViewTree, View, [View]) {
        let tree = ViewTree(width: 80, height: 60)
        let list = View(frame: Rect(x: 10, y: 10, width: 60, height: 40), background: .solid(listColour))
        list.clipsToBounds = true
        let content = View(frame: Rect(x: 0, y: -offset, width: 60, height: 60))
        list.addChild(content)
        let rows = rowColours.enumerated().map { i, colour in
            let row = View(frame: Rect(x: 0, y: Double(i) * 14, width: 60, height: 12), background: .solid(colour))
            row.shouldRasterize = true
            content.addChild(row)
            return row
        }
        rows[1].alpha = row1Alpha
        rows[2].transform = .rotation(row2Turn)
        tree.root.addChild(list)
        return (tree, list, rows)
    }

    @Test func opaqueCachedRowsCoverTheListCutByItsClip() throws {
        let (tree, list, _) = list(offset: 5)
        let screen = Surface(width: 80, height: 60)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        let frame = tree.frameDisplayList()
        let found = try #require(frame.index(of: list).map { frame[$0].layerCover })
        // Row 0 is scrolled half out of the top: only what the list shows of it.
        #expect(found == [PixelRect(x: 10, y: 10, width: 60, height: 7), PixelRect(x: 10, y: 19, width: 60, height: 12),
                          PixelRect(x: 10, y: 33, width: 60, height: 12)])
    }

    @Test func translucentTurnedAndUncachedRowsCoverNothing() throws {
        let (tree, list, _) = list(offset: 0, row1Alpha: 0.5, row2Turn: 0.1)
        #expect(tree.layerDisplayList(of: list, size: tree.bounds)[0].layerCover.isEmpty, "nothing cached yet")
        tree.render(on: Canvas(surface: Surface(width: 80, height: 60)), fullRedraw: true)
        let frame = tree.frameDisplayList()
        #expect(try #require(frame.index(of: list).map { frame[$0].layerCover }) == [PixelRect(x: 10, y: 10, width: 60, height: 12)])
    }

    @Test func aScrolledListLooksAsIfDrawnFromNothing() {
        for offset in [0.0, 3, 9, 14] {
            let (tree, list, rows) = list(offset: 0, row1Alpha: 0.5)
            let screen = Surface(width: 80, height: 60)
            let canvas = Canvas(surface: screen)
            tree.render(on: canvas, fullRedraw: true)
            list.children[0].frame.origin.y = -offset
            rows[2].frame.origin.y += 1 // a wider gap above the last row
            tree.render(on: canvas)

            let (fresh, _, freshRows) = self.list(offset: offset, row1Alpha: 0.5)
            freshRows[2].frame.origin.y += 1
            let expected = Surface(width: 80, height: 60)
            fresh.render(on: Canvas(surface: expected), fullRedraw: true)
            let differing = differingPixels(screen, expected)
            #expect(differing == 0, "scrolled by \(offset): \(differing) pixels differ")
            #expect(screen[40, 37 - Int(offset)] == listColour.pixel, "the list shows in the gap above the last row")
        }
    }
}
