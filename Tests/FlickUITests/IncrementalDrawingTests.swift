import FlickRaster
@testable import FlickUI
import Testing

@Test func onlyDamagedRegionsAreRedrawn() {
    let (tree, canvas) = setUp()
    let view = box(10, 10, 20, 20, red)
    tree.root.addChild(view)
    tree.root.background = .solid(green)
    tree.render(on: canvas, fullRedraw: true)
    canvas.surface.clear(to: marker)

    view.frame.origin = Point(60, 10)
    let damage = tree.render(on: canvas)
    for y in 0..<100 {
        for x in 0..<100 {
            let inside = damage.contains { $0.contains(x, y) }
            let expected = inside ? ((60..<80).contains(x) && (10..<30).contains(y) ? red.pixel : green.pixel) : marker
            if canvas.surface[x, y] != expected {
                Issue.record("pixel (\(x), \(y)) is \(String(canvas.surface[x, y], radix: 16))")
                return
            }
        }
    }
}

@Test func incrementalFramesEqualAFullRedraw() {
    let (tree, canvas) = setUp(160, 120)
    tree.root.background = .solid(Color(hex: 0x202020))
    let page = box(0, 0, 160, 120, Color(hex: 0xEEEEEE))
    page.clipsToBounds = true
    let card = box(20, 20, 60, 40, Color(hex: 0x3366CC, alpha: 0.8))
    card.content = ViewContent { canvas, bounds in
        canvas.fill(Path.ellipse(in: bounds.insetBy(dx: 5, dy: 5)), paint: .solid(Color(hex: 0xFFCC00)))
    }
    let dot = box(5, 5, 10, 10, red)
    card.addChild(dot)
    page.addChild(card)
    let cached = box(100, 60, 50, 50, green)
    cached.shouldRasterize = true
    cached.addChild(box(10, 10, 20, 20, blue))
    page.addChild(cached)
    tree.root.addChild(page)
    tree.render(on: canvas, fullRedraw: true)

    let steps: [() -> Void] = [
        { card.frame.origin = Point(33, 27) },
        { page.transform = .translation(-17, 0) },
        { card.transform = .rotation(0.3) },
        { dot.alpha = 0.4; cached.transform = .translation(-40, -25) },
        { cached.transform = .translation(-41.5, -20.25) },
        { page.transform = .translation(12, 5); dot.isHidden = true },
        { card.alpha = 0.6; cached.alpha = 0.7 },
        { card.removeFromParent(); page.insertChild(card, at: 0) },
    ]
    for (i, step) in steps.enumerated() {
        step()
        tree.render(on: canvas)
        let full = Canvas(surface: Surface(width: 160, height: 120))
        tree.render(on: full, fullRedraw: true)
        if let p = samePixels(canvas.surface, full.surface) {
            Issue.record("step \(i): pixel (\(p.x), \(p.y)) differs: incremental \(String(canvas.surface[p.x, p.y], radix: 16)), full \(String(full.surface[p.x, p.y], radix: 16))")
        }
    }
}
