import FlickRaster
@testable import FlickUI
import Testing

/// A layer whose view has an opaque background is not cleared before it is drawn (its pages may still hold the
/// layer let go before it) and is known opaque without being read back: it must hold exactly what drawing the
/// page straight onto a cleared screen shows. Big enough (over a huge page) that its pages are the kept ones.
@Suite struct OpaqueBackgroundLayerTests {
    private static let width = 1024, height = 600

    private func page(background: Color) -> View {
        let page = View(frame: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)),
                        background: .solid(background), content: ViewContent { canvas, bounds in
            for x in stride(from: 0.0, to: bounds.width, by: 40) {
                canvas.fill(Rect(x: x + 0.5, y: 0, width: 13, height: bounds.height), color: Color(hex: 0x22AA44, alpha: 0.6))
            }
        })
        // The page's background is drawn round the card's face.
        page.addChild(promisingCard(frame: Rect(x: 200, y: 100, width: 500, height: 360), inset: (12, 12), shadow: 12))
        return page
    }

    private func layer(of page: View) -> Surface {
        // Pages let go just before, holding something else: what a layer drawn again after a detail may get.
        do {
            let earlier = Surface(width: Self.width, height: Self.height)
            earlier.clear(to: 0x80FF_00FF)
        }
        let tree = ViewTree(width: Self.width, height: Self.height)
        tree.root.addChild(page)
        page.shouldRasterize = true
        tree.prepareLayer(of: page)
        return page.layer!
    }

    private func drawnStraight(_ page: View) -> Surface {
        let tree = ViewTree(width: Self.width, height: Self.height)
        tree.root.addChild(page)
        let screen = Surface(width: Self.width, height: Self.height)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        return screen
    }

    @Test func aLayerOverAnOpaqueBackgroundIsWhatDrawingThePageShows() {
        let layer = layer(of: page(background: Color(hex: 0x101418)))
        let screen = drawnStraight(page(background: Color(hex: 0x101418)))
        #expect(differingPixels(layer, screen) == 0)
        #expect(layer.isKnownOpaque)
        #expect(layer.isOpaque)
    }

    @Test func aTranslucentBackgroundIsClearedFirstAndReadBack() {
        let layer = layer(of: page(background: Color(hex: 0x101418, alpha: 0.5)))
        #expect(!layer.isKnownOpaque)
        #expect(layer[30, 5] == Color(hex: 0x101418, alpha: 0.5).pixel)
    }
}

/// A card promising its face, as a photo card does: a shadow round an opaque face `inset` into its bounds.
private func promisingCard(frame: Rect, inset: (dx: Double, dy: Double), shadow: Double) -> View {
    let card = View(frame: frame)
    let face = card.bounds.insetBy(dx: inset.dx, dy: inset.dy)
    card.content = ViewContent { canvas, _ in
        canvas.fillShadow(outside: face, width: shadow, opacity: 0.35)
        canvas.fill(face, color: Color(hex: 0xF0E0D0))
    }
    card.opaqueArea = face
    return card
}

/// A rasterized view's promised opaque area is its layer's known opaque area (whole pixels inside it): the
/// layer is copied there, not blended, its parent's background is not filled under it, and the screen is the
/// same as drawing the view straight, whatever it held before.
@Test func aRasterizedViewsOpaqueAreaIsItsLayersKnownOpaqueArea() throws {
    func screen(rasterized: Bool, over before: UInt32 = 0) -> (Surface, View, ViewTree) {
        let tree = ViewTree(width: 300, height: 200)
        let page = View(frame: tree.bounds.rect, background: .solid(Color(hex: 0x336699)))
        let card = promisingCard(frame: Rect(x: 40, y: 30, width: 200, height: 120), inset: (10.5, 10), shadow: 10)
        card.shouldRasterize = rasterized
        page.addChild(card)
        tree.root.addChild(page)
        let screen = Surface(width: 300, height: 200)
        let canvas = Canvas(surface: screen)
        tree.render(on: canvas, fullRedraw: true)
        screen.clear(to: before)
        tree.render(on: canvas, fullRedraw: true)
        return (screen, card, tree)
    }
    let (layered, card, tree) = screen(rasterized: true, over: 0xFFFF_00FF)
    #expect(card.layer?.knownOpaqueArea == PixelRect(x: 11, y: 10, width: 178, height: 100))
    let face = PixelRect(x: 51, y: 40, width: 178, height: 100)
    let frame = tree.frameDisplayList()
    #expect(try #require(frame.index(of: card.parent!).map { frame[$0].layerCover }) == [face])
    #expect(differingPixels(layered, screen(rasterized: false).0) == 0)
}

/// A page's background under a view cut by a clip whose edge lies a float's noise past column 20 (the canvas
/// clips at the boundary), drawn in full twice (a layer counts as cover once it is cached).
private func drawnUnderAClipJustPastAPixel(_ inner: View) -> Surface {
    let tree = ViewTree(width: 40, height: 10)
    let page = View(frame: Rect(x: 0, y: 0, width: 40, height: 10), background: .solid(Color(hex: 0x336699)))
    let clip = View(frame: Rect(x: 0, y: 0, width: 20.002, height: 10))
    clip.clipsToBounds = true
    clip.addChild(inner)
    page.addChild(clip)
    tree.root.addChild(page)
    let screen = Surface(width: 40, height: 10)
    tree.render(on: Canvas(surface: screen), fullRedraw: true)
    screen.clear(to: 0)
    tree.render(on: Canvas(surface: screen), fullRedraw: true)
    return screen
}

/// Where an opaque layer is cut so, the background under it must be filled from column 20 on, not left out as if
/// the layer covered one column more.
@Test func aBackgroundIsFilledWhereAClipJustPastAPixelCutsTheLayerOverIt() {
    let layer = View(frame: Rect(x: 0, y: 0, width: 30, height: 10), background: .solid(Color(hex: 0xCC3300)))
    layer.shouldRasterize = true
    let screen = drawnUnderAClipJustPastAPixel(layer)
    #expect(screen[19, 5] == Color(hex: 0xCC3300).pixel)
    #expect(screen[20, 5] == Color(hex: 0x336699).pixel, "column 20 is outside the clip: the page's background")
}

/// The same for a view declaring an opaque area (what is behind it is not drawn there).
@Test func whatIsBehindIsDrawnWhereAClipJustPastAPixelCutsAnOpaqueArea() {
    let card = View(frame: Rect(x: 0, y: 0, width: 30, height: 10), background: .solid(Color(hex: 0xCC3300)))
    card.opaqueArea = card.bounds
    let screen = drawnUnderAClipJustPastAPixel(card)
    #expect(screen[19, 5] == Color(hex: 0xCC3300).pixel)
    #expect(screen[20, 5] == Color(hex: 0x336699).pixel, "column 20 is outside the clip: the page's background")
}
