import FlickRaster
import FlickUI
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
