import FlickRaster
@testable import FlickUI
import Testing

/// A page about to slide is rendered into one layer without keeping the layers inside it.
@Suite struct PrepareLayerTests {
    @Test func aPreparedLayerHoldsItsInsideOnceAndLooksTheSame() {
        let page = View(frame: Rect(x: 0, y: 0, width: 40, height: 20), background: .solid(Color(hex: 0x22CC22)))
        let card = View(frame: Rect(x: 5, y: 5, width: 10, height: 10), background: .solid(Color(hex: 0xCC2222)))
        card.shouldRasterize = true
        page.addChild(card)

        let reference = ViewTree(width: 40, height: 20)
        reference.root.addChild(page)
        let expected = Surface(width: 40, height: 20)
        reference.render(on: Canvas(surface: expected), fullRedraw: true)
        page.removeFromParent()

        card.discardCaches()
        page.shouldRasterize = true
        let tree = ViewTree(width: 40, height: 20)
        tree.prepareLayer(of: page)
        #expect(page.cache != nil)
        #expect(card.cache == nil)
        tree.root.addChild(page)
        let screen = Surface(width: 40, height: 20)
        let drawnBefore = tree.viewsDrawn
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        #expect(tree.viewsDrawn == drawnBefore)
        for y in 0..<20 { for x in 0..<40 { #expect(screen[x, y] == expected[x, y]) } }
    }
}
