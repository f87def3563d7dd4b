import FlickRaster
@testable import FlickUI
import Testing

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
