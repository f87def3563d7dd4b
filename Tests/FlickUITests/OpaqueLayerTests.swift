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
