import FlickRaster
@testable import FlickUI
import Testing

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
