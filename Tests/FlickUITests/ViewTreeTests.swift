import FlickInput
import FlickMotion
import FlickRaster
@testable import FlickUI
import Testing

private let red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00), blue = Color(hex: 0x0000FF)
private let marker = Color(hex: 0xFF00FF).pixel

private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) -> View {
    View(frame: Rect(x: x, y: y, width: w, height: h), background: .solid(color))
}

/// A tree and a surface of the same size, drawn once in full.
private func setUp(_ width: Int = 100, _ height: Int = 100) -> (ViewTree, Canvas) {
    let tree = ViewTree(width: width, height: height)
    let canvas = Canvas(surface: Surface(width: width, height: height))
    return (tree, canvas)
}

private func samePixels(_ a: Surface, _ b: Surface) -> (x: Int, y: Int)? {
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return (x, y) } }
    return nil
}

// MARK: Damage

@Test func movingAViewDamagesWhereItWasAndWhereItIsOnly() {
    let (tree, canvas) = setUp()
    let view = box(10, 10, 20, 20, red)
    tree.root.addChild(view)
    tree.render(on: canvas, fullRedraw: true)
    #expect(!tree.needsDisplay)

    view.frame.origin = Point(50, 60)
    view.frame.origin = Point(55, 60) // a second change in the same frame adds only the final position
    #expect(Set(tree.pendingDamage) == [PixelRect(x: 10, y: 10, width: 20, height: 20),
                                         PixelRect(x: 55, y: 60, width: 20, height: 20)])
    let drawn = tree.render(on: canvas)
    #expect(drawn.count == 2)
    #expect(canvas.surface[15, 15] == Color.black.pixel && canvas.surface[60, 65] == red.pixel)
    #expect(!tree.needsDisplay && tree.pendingDamage.isEmpty)
}

@Test func overlappingDamageMergesIntoOneRegion() {
    let (tree, canvas) = setUp()
    let view = box(10, 10, 20, 20, red)
    tree.root.addChild(view)
    tree.render(on: canvas, fullRedraw: true)
    view.frame.origin.x += 5.5
    #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 26, height: 20)])
}

@Test func aMovingPageDamagesOnlyWhatItCoversNotItsClippedChildren() {
    let (tree, canvas) = setUp(200, 100)
    let page = box(0, 0, 100, 100, blue)
    page.clipsToBounds = true
    page.addChild(box(80, 10, 300, 20, red)) // runs far off the page's right edge
    tree.root.addChild(page)
    tree.render(on: canvas, fullRedraw: true)
    #expect(canvas.surface[150, 20] == Color.black.pixel)
    page.transform = .translation(30, 0)
    #expect(tree.pendingDamage == [PixelRect(x: 0, y: 0, width: 130, height: 100)])
}

@Test func anUnclippedChildOutsideItsParentIsDamagedWithIt() {
    let (tree, canvas) = setUp(200, 100)
    let parent = box(0, 0, 50, 50, blue)
    parent.addChild(box(100, 0, 20, 20, red))
    tree.root.addChild(parent)
    tree.render(on: canvas, fullRedraw: true)
    #expect(canvas.surface[110, 10] == red.pixel)
    parent.frame.origin.y = 40
    #expect(tree.pendingDamage == [PixelRect(x: 0, y: 0, width: 120, height: 90)])
    tree.render(on: canvas)
    #expect(canvas.surface[110, 10] == Color.black.pixel && canvas.surface[110, 50] == red.pixel)
}

@Test func hidingAndFadingDamageTheViewAndShowInPixels() {
    let (tree, canvas) = setUp()
    tree.clearColor = .white
    let view = box(10, 10, 20, 20, red)
    tree.root.addChild(view)
    tree.render(on: canvas, fullRedraw: true)

    view.isHidden = true
    #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
    tree.render(on: canvas)
    #expect(canvas.surface[20, 20] == Color.white.pixel)

    view.isHidden = false
    view.alpha = 0.5
    #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
    tree.render(on: canvas)
    let half = Color(pixel: canvas.surface[20, 20])
    #expect(abs(half.red - 1) < 0.01 && abs(half.green - 0.5) < 0.01 && abs(half.blue - 0.5) < 0.01)

    view.alpha = 0.5 // unchanged: no damage
    #expect(!tree.needsDisplay)
}

@Test func settingTheSameValueOrChangingOnlyHitTestingDamagesNothing() {
    let (tree, canvas) = setUp()
    let view = box(10, 10, 20, 20, red)
    tree.root.addChild(view)
    tree.render(on: canvas, fullRedraw: true)
    view.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    view.transform = .identity
    view.isUserInteractionEnabled = false
    #expect(!tree.needsDisplay)
}

@Test func addingAndRemovingDamageTheChildsArea() {
    let (tree, canvas) = setUp()
    let view = box(10, 10, 20, 20, red)
    tree.render(on: canvas, fullRedraw: true)
    tree.root.addChild(view)
    #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
    tree.render(on: canvas)
    #expect(canvas.surface[20, 20] == red.pixel)
    view.removeFromParent()
    #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
    tree.render(on: canvas)
    #expect(canvas.surface[20, 20] == Color.black.pixel)
}

// MARK: Clipping and transforms

@Test func clippingCutsChildrenAtTheParentsFrameAndItsDamage() {
    let (tree, canvas) = setUp()
    let parent = box(20, 20, 40, 40, blue)
    parent.clipsToBounds = true
    let child = box(30, 30, 40, 40, red) // reaches to 90 on screen, the parent ends at 60
    parent.addChild(child)
    tree.root.addChild(parent)
    tree.render(on: canvas, fullRedraw: true)
    #expect(canvas.surface[55, 55] == red.pixel)
    #expect(canvas.surface[65, 65] == Color.black.pixel)
    #expect(canvas.surface[25, 25] == blue.pixel)

    child.frame.origin = Point(-30, -30)
    // Old: 50..60 on screen, new: 20..30 — both cut at the parent.
    #expect(Set(tree.pendingDamage) == [PixelRect(x: 50, y: 50, width: 10, height: 10),
                                         PixelRect(x: 20, y: 20, width: 10, height: 10)])
    tree.render(on: canvas)
    #expect(canvas.surface[55, 55] == blue.pixel && canvas.surface[25, 25] == red.pixel)
}

@Test func theTransformTurnsAboutTheCentre() {
    let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
    view.transform = .rotation(.pi / 2)
    // The centre (20, 15) stays; the top-left corner turns a quarter about it.
    let centre = view.convertToRoot(Point(10, 5))
    #expect(abs(centre.x - 20) < 1e-9 && abs(centre.y - 15) < 1e-9)
    let corner = view.convertToRoot(.zero)
    #expect(abs(corner.x - 25) < 1e-9 && abs(corner.y - 5) < 1e-9)
    let back = view.convertFromRoot(corner)!
    #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
}

@Test func pointsConvertThroughNestedFramesAndTransforms() {
    let (tree, _) = setUp()
    let outer = box(10, 20, 50, 50, blue)
    outer.transform = .scale(2, 2) // about (35, 45)
    let inner = box(5, 5, 10, 10, red)
    outer.addChild(inner)
    tree.root.addChild(outer)
    // inner (0,0) = outer (5,5) → offset from outer's centre (-20,-20) ×2 → (35-40, 45-40).
    let p = inner.convertToRoot(.zero)
    #expect(abs(p.x + 5) < 1e-9 && abs(p.y - 5) < 1e-9)
    #expect(inner.visibleRootBounds == Rect(x: -5, y: 5, width: 20, height: 20))
    let q = inner.convertFromRoot(Point(5, 15))!
    #expect(abs(q.x - 5) < 1e-9 && abs(q.y - 5) < 1e-9)
}

// MARK: Hit testing

@Test func hitTestingFindsTheDeepestFrontmostVisibleView() {
    let (tree, _) = setUp(200, 200)
    let page = box(0, 0, 100, 100, blue)
    page.clipsToBounds = true
    let card = box(20, 20, 60, 40, red)
    let button = box(10, 10, 20, 10, green)
    let overhang = box(90, 0, 40, 40, green) // partly outside the clipping page
    card.addChild(button)
    page.addChild(card)
    page.addChild(overhang)
    tree.root.addChild(page)

    #expect(tree.hitTest(Point(35, 35)) === button)
    #expect(tree.hitTest(Point(25, 25)) === card)
    #expect(tree.hitTest(Point(5, 5)) === page)
    #expect(tree.hitTest(Point(95, 10)) === overhang)
    #expect(tree.hitTest(Point(110, 10)) === tree.root) // clipped away: the root is under it
    #expect(tree.hitTest(Point(-1, 10)) == nil)

    button.isHidden = true
    #expect(tree.hitTest(Point(35, 35)) === card)
    card.alpha = 0
    #expect(tree.hitTest(Point(35, 35)) === page)
    card.alpha = 1
    card.isUserInteractionEnabled = false
    #expect(tree.hitTest(Point(35, 35)) === page)
}

@Test func hitTestingFollowsTransforms() {
    let (tree, _) = setUp(200, 200)
    let slider = box(0, 0, 100, 100, blue)
    slider.transform = .translation(100, 0)
    let rotated = box(40, 10, 20, 80, red) // turned a quarter: lies across 10..90 × 40..60
    rotated.transform = .rotation(.pi / 2)
    slider.addChild(rotated)
    tree.root.addChild(slider)

    #expect(tree.hitTest(Point(50, 50)) === tree.root)
    #expect(tree.hitTest(Point(120, 50)) === rotated)
    #expect(tree.hitTest(Point(150, 20)) === slider)
    #expect(tree.hitTest(Point(120, 50))?.convertFromRoot(Point(120, 50)).map { abs($0.y - 70) < 1e-9 } == true)
}

@Test func unclippedChildrenOutsideTheirParentAreStillHit() {
    let (tree, _) = setUp(200, 200)
    let parent = box(0, 0, 50, 50, blue)
    let child = box(100, 100, 20, 20, red)
    parent.addChild(child)
    tree.root.addChild(parent)
    #expect(tree.hitTest(Point(110, 110)) === child)
    parent.clipsToBounds = true
    #expect(tree.hitTest(Point(110, 110)) === tree.root)
}

// MARK: Layer cache

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

// MARK: Incremental drawing

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

// MARK: Scene

@Test func aViewSceneAnimatesViewsAndDrawsOnlyTheirDamage() {
    let scene = ViewScene(width: 100, height: 100)
    let view = box(0, 40, 20, 20, red)
    scene.root.addChild(view)
    let canvas = Canvas(surface: Surface(width: 100, height: 100))
    #expect(scene.needsFrame)
    #expect(scene.draw(on: canvas, fullRedraw: false) == [PixelRect(x: 0, y: 0, width: 100, height: 100)])
    #expect(!scene.needsFrame)

    var finished: Bool?
    scene.animate(view, key: AnimationKey<Double>("x"), with: Animation(from: 0.0, to: 80.0, duration: 1, curve: .linear),
                  apply: { $0.frame.origin.x = $1 }, completion: { finished = $0 })
    #expect(scene.needsFrame)
    scene.advance(to: 0.5)
    #expect(view.frame.minX == 40)
    #expect(Set(scene.draw(on: canvas, fullRedraw: false)) == [PixelRect(x: 0, y: 40, width: 20, height: 20),
                                                                 PixelRect(x: 40, y: 40, width: 20, height: 20)])
    scene.advance(to: 2)
    #expect(view.frame.minX == 80 && finished == true)
    _ = scene.draw(on: canvas, fullRedraw: false)
    #expect(!scene.needsFrame)
    #expect(canvas.surface[90, 50] == red.pixel && canvas.surface[50, 50] == Color.black.pixel)

    var events = 0
    scene.onEvent = { _ in events += 1 }
    scene.handle(.key(KeyEvent(keysym: 0xff0d, text: "\r", isPressed: true, time: 0)))
    #expect(events == 1)
}

@Test func aRetargetedAnimationEndsAtItsNewTarget() {
    let scene = ViewScene(width: 100, height: 100)
    let view = box(0, 40, 20, 20, red)
    scene.root.addChild(view)
    let key = AnimationKey<Double>("x")
    scene.animate(view, key: key, with: Animation(from: 0.0, to: 80.0, duration: 1, curve: .linear),
                  apply: { $0.frame.origin.x = $1 })
    scene.advance(to: 0.5)
    #expect(scene.retarget(view, key: key, to: 10.0))
    scene.advance(to: 5)
    #expect(!scene.animator.isAnimating)
    #expect(view.frame.minX == 10)
}
