import FlickRaster
@testable import FlickUI
import Testing

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
