import FlickRaster
@testable import FlickUI
import Testing

/// The frame's display list: what one walk of the tree resolves for each drawn view, read by everything after it.
@Suite struct DisplayListTests {
    private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ hex: UInt32 = 0x336699) -> View {
        View(frame: Rect(x: x, y: y, width: w, height: h), background: .solid(Color(hex: hex)))
    }

    @Test func itemsComeBackToFrontWithTheirSubtreesBetweenThemAndHiddenViewsLeftOut() throws {
        let tree = ViewTree(width: 100, height: 80)
        let page = box(10, 10, 80, 60), first = box(5, 5, 10, 10), hidden = box(20, 5, 10, 10), last = box(40, 5, 10, 10)
        hidden.isHidden = true
        [first, hidden, last].forEach(page.addChild)
        let over = box(0, 0, 20, 20)
        tree.root.addChild(page)
        tree.root.addChild(over)
        let list = tree.frameDisplayList()
        #expect((0..<list.count).map { ObjectIdentifier(list[$0].view) } == [tree.root, page, first, last, over].map(ObjectIdentifier.init))
        #expect(list[0].end == 5 && list[1].end == 4 && list[2].end == 3 && list[4].end == 5)
        #expect(list[2].parent == 1 && list[4].parent == 0)
        #expect(list[3].childIndex == 2, "its place among all the children, hidden ones too")
    }

    @Test func transformAlphaAndClipAreResolvedDownTheTree() {
        let tree = ViewTree(width: 100, height: 80)
        let page = box(10, 20, 50, 40)
        page.clipsToBounds = true
        page.alpha = 0.5
        let child = box(30, 30, 40, 40)
        child.alpha = 0.5
        page.addChild(child)
        tree.root.addChild(page)
        let list = tree.frameDisplayList()
        let item = list[2]
        #expect(item.transform == .translation(40, 50))
        #expect(item.alpha == 0.25 && !item.isWhole && list[0].isWhole)
        #expect(item.clip == PixelRect(x: 10, y: 20, width: 50, height: 40), "cut by the page, not by itself")
        #expect(item.pixels == PixelRect(x: 40, y: 50, width: 40, height: 40))
    }

    @Test func aLayerIsOneItemAndItsOpaqueCacheCoversTheScreensClear() throws {
        let tree = ViewTree(width: 100, height: 80)
        let page = box(0, 0, 100, 80)
        page.shouldRasterize = true
        page.addChild(box(10, 10, 20, 20, 0xCC3333))
        tree.root.addChild(page)
        let list = tree.frameDisplayList()
        #expect(list.count == 2 && list[1].isLayer)
        #expect(page.layer != nil, "a layer the screen shows is cached as the list is built")
        #expect(list.screenCover == [tree.bounds])
        #expect(list[0].layerCover == [tree.bounds])
        let drawn = try #require(list.drawn.first)
        #expect(list.drawn.count == 1 && drawn.origin?.x == 0 && drawn.origin?.y == 0 && drawn.rect == tree.bounds)
    }

    @Test func aTranslucentLayerIsDrawnButCoversNothing() {
        let tree = ViewTree(width: 100, height: 80)
        let page = box(0, 0, 100, 80)
        page.shouldRasterize = true
        page.alpha = 0.5
        tree.root.addChild(page)
        let list = tree.frameDisplayList()
        #expect(list.screenCover.isEmpty && list[0].layerCover.isEmpty)
        #expect(list.drawn.map(\.rect) == [tree.bounds] && list.drawn[0].origin == nil)
        #expect(page.layer == nil, "not cached until drawn")
    }

    @Test func theFrontmostOpaqueAreaInARegionOccludesAndOnlyWholeViewsCount() throws {
        let tree = ViewTree(width: 100, height: 80)
        let back = box(0, 0, 100, 80), front = box(50, 0, 50, 80), faded = box(0, 0, 40, 80)
        for view in [back, front, faded] {
            view.opaqueArea = view.bounds
            tree.root.addChild(view)
        }
        faded.alpha = 0.5
        let list = tree.frameDisplayList()
        #expect(list[3].occludes.isEmpty, "a translucent view hides nothing")
        let right = try #require(tree.frontmostOccluder(in: list, within: PixelRect(x: 60, y: 0, width: 10, height: 10)))
        #expect(right.index == 2 && right.rects == [PixelRect(x: 60, y: 1, width: 10, height: 9)])
        let left = try #require(tree.frontmostOccluder(in: list, within: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(left.index == 1 && left.rects == [PixelRect(x: 1, y: 1, width: 9, height: 9)],
                "inside the area by what a sample reads")
    }

    @Test func viewsAfterAnOccluderAreFoundWhereTheyDraw() throws {
        let tree = ViewTree(width: 100, height: 80)
        let back = box(0, 0, 100, 80), badge = box(70, 10, 10, 10)
        back.opaqueArea = back.bounds
        tree.root.addChild(back)
        tree.root.addChild(badge)
        let list = tree.frameDisplayList()
        let occluder = try #require(tree.frontmostOccluder(in: list, within: tree.bounds))
        #expect(occluder.index == 1)
        #expect(tree.drawsAfter(occluder, in: list, within: PixelRect(x: 65, y: 5, width: 10, height: 10)))
        #expect(!tree.drawsAfter(occluder, in: list, within: PixelRect(x: 0, y: 40, width: 10, height: 10)))
    }
}
