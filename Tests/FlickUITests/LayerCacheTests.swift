import FlickRaster
@testable import FlickUI
import Testing

@Test func aRasterizedPageRendersItsSubtreeOnceAndIsThenOnlyBlitted() {
    let (tree, canvas) = setUp(200, 100)
    var draws = 0
    let page = box(0, 0, 100, 100, blue)
    page.shouldRasterize = true
    let label = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    label.content = ViewContent { canvas, bounds in
        draws += 1
        canvas.fill(bounds, color: red)
    }
    page.addChild(label)
    tree.root.addChild(page)

    tree.render(on: canvas, fullRedraw: true)
    #expect(draws == 1)
    for x in [7.0, 20, 33.4, 50, 100] {
        page.transform = .translation(x, 0)
        tree.render(on: canvas)
    }
    tree.render(on: canvas, fullRedraw: true)
    #expect(draws == 1)
    #expect(canvas.surface[120, 20] == red.pixel && canvas.surface[105, 50] == blue.pixel)
    #expect(canvas.surface[50, 50] == Color.black.pixel)

    label.setNeedsDisplay()
    #expect(page.cache == nil)
    tree.render(on: canvas)
    #expect(draws == 2)
    label.frame.origin.y = 50 // a change inside re-renders too
    tree.render(on: canvas)
    #expect(draws == 3 && canvas.surface[120, 20] == blue.pixel && canvas.surface[120, 60] == red.pixel)
}

@Test func aRasterizedPageFadesAsOneImage() {
    let (tree, canvas) = setUp()
    tree.clearColor = .white
    let page = box(0, 0, 50, 50, red)
    page.addChild(box(0, 0, 50, 50, blue)) // covers the red completely
    page.shouldRasterize = true
    page.alpha = 0.5
    tree.root.addChild(page)
    tree.render(on: canvas, fullRedraw: true)
    // Group opacity: half blue over white, no red showing through.
    let c = Color(pixel: canvas.surface[25, 25])
    #expect(abs(c.red - 0.5) < 0.01 && abs(c.green - 0.5) < 0.01 && abs(c.blue - 1) < 0.01)
}

@Test func aCachedPageAtWholePixelsLooksLikeOneDrawnDirectly() {
    func render(rasterized: Bool) -> Surface {
        let (tree, canvas) = setUp(120, 100)
        let page = box(0, 0, 80, 60, Color(hex: 0xEEEEEE))
        page.content = ViewContent { canvas, bounds in
            canvas.fill(Path.ellipse(in: bounds.insetBy(dx: 7.3, dy: 4.6)), paint: .solid(Color(hex: 0x3366CC, alpha: 0.7)))
        }
        let badge = box(60, 40, 30, 30, red) // cut at the page's edge either way
        badge.alpha = 0.5
        page.addChild(badge)
        page.clipsToBounds = true
        page.shouldRasterize = rasterized
        page.transform = .translation(13, 7)
        tree.root.addChild(page)
        tree.render(on: canvas, fullRedraw: true)
        return canvas.surface
    }
    let direct = render(rasterized: false), cached = render(rasterized: true)
    if let p = samePixels(direct, cached) {
        Issue.record("pixel (\(p.x), \(p.y)): direct \(String(direct[p.x, p.y], radix: 16)), cached \(String(cached[p.x, p.y], radix: 16))")
    }
}
