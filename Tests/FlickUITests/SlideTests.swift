import FlickRaster
@testable import FlickUI
import Testing

/// Opaque pages sliding together are moved on the screen, not copied again from their caches; the screen
/// must show exactly what a full redraw of the same tree shows.
@Suite struct SlideTests {
    private let width = 60, height = 40

    /// A rasterized page with a gradient and a few boxes, so a pixel off by one shows.
    private func page(_ x: Double, _ y: Double, hue: UInt32) -> View {
        let view = View(frame: Rect(x: x, y: y, width: Double(width), height: Double(height)), background: .linearGradient(
            LinearGradient(start: .zero, end: Point(x: Double(width), y: Double(height)),
                           colors: [Color(hex: hue), Color(hex: 0xF0F0F0 ^ hue)])))
        for i in 0..<4 {
            view.addChild(View(frame: Rect(x: Double(3 + 13 * i), y: Double(5 + 7 * i), width: 7, height: 5),
                               background: .solid(Color(hex: 0x102030 &* UInt32(i + 1) ^ hue))))
        }
        view.shouldRasterize = true
        return view
    }

    private func fullRedraw(of tree: ViewTree) -> Surface {
        let fresh = Surface(width: width, height: height)
        tree.render(on: Canvas(surface: fresh), fullRedraw: true)
        return fresh
    }

    /// Renders incrementally after each step and compares with a full redraw of the same state, on a
    /// second tree built the same way (a full redraw of the first would reset what it remembers).
    @discardableResult
    private func expectSameAsFullRedraw(steps: [(Double, Double)], build: (ViewTree) -> [View],
                                        between: (Int, ViewTree) -> Void = { _, _ in }) -> Int {
        let tree = ViewTree(width: width, height: height), twin = ViewTree(width: width, height: height)
        let pages = build(tree), twinPages = build(twin)
        let screen = Surface(width: width, height: height)
        let canvas = Canvas(surface: screen)
        tree.render(on: canvas, fullRedraw: true)
        var offset = (0.0, 0.0)
        for (i, step) in steps.enumerated() {
            offset = (offset.0 + step.0, offset.1 + step.1)
            for (view, twinView) in zip(pages, twinPages) {
                for v in [view, twinView] { v.transform = .translation(offset.0, offset.1) }
            }
            between(i, tree)
            between(i, twin)
            tree.render(on: canvas)
            let expected = fullRedraw(of: twin)
            let wrong = (0..<height).lazy.flatMap { y in (0..<width).lazy.map { (x: $0, y: y) } }
                .first { screen[$0.x, $0.y] != expected[$0.x, $0.y] }
            #expect(wrong == nil, "step \(i) by \(step): first wrong pixel \(String(describing: wrong))")
        }
        return tree.framesSlid
    }

    private func twoPages(_ tree: ViewTree) -> [View] {
        let pages = [page(0, 0, hue: 0x3366CC), page(Double(width), 0, hue: 0xCC6633)]
        for p in pages { tree.root.addChild(p) }
        return pages
    }

    @Test func pagesSlidingSidewaysBothWaysMatchAFullRedraw() {
        let slid = expectSameAsFullRedraw(steps: [(-7, 0), (-7, 0), (-1, 0), (5, 0), (9, 0), (-20, 0)], build: twoPages)
        #expect(slid == 6, "every frame: where the second page comes on screen, the first still moves")
    }

    @Test func pagesSlidingUpDownAndDiagonallyMatchAFullRedraw() {
        let stacked: (ViewTree) -> [View] = { tree in
            let pages = [self.page(0, 0, hue: 0x22AA44), self.page(0, Double(self.height), hue: 0xAA2244)]
            for p in pages { tree.root.addChild(p) }
            return pages
        }
        let slid = expectSameAsFullRedraw(steps: [(0, -6), (0, -6), (0, 4), (3, -2), (-4, 5), (0, 11)], build: stacked)
        #expect(slid == 6, "also when the second page comes on screen (first) or leaves it (last)")
    }

    @Test func aViewOverThePagesAndOneUnderThemStayWhereTheyAre() {
        let slid = expectSameAsFullRedraw(steps: [(-5, 0), (-5, 0), (8, 0)]) { tree in
            let under = View(frame: Rect(x: 0, y: 0, width: 60, height: 40), background: .solid(Color(hex: 0x777777)))
            tree.root.addChild(under)
            let pages = [page(10, 0, hue: 0x3366CC), page(10 + Double(width), 0, hue: 0xCC6633)]
            for p in pages { tree.root.addChild(p) }
            tree.root.addChild(View(frame: Rect(x: 20, y: 12, width: 9, height: 6), background: .solid(Color(hex: 0xFFEE00))))
            return pages
        }
        #expect(slid == 3)
    }

    @Test func whatChangesDuringASlideIsRedrawnToo() {
        var badge: [ObjectIdentifier: View] = [:]
        let slid = expectSameAsFullRedraw(steps: [(-6, 0), (-6, 0), (-6, 0), (-6, 0)], build: { tree in
            let pages = self.twoPages(tree)
            let b = View(frame: Rect(x: 30, y: 30, width: 6, height: 6), background: .solid(Color(hex: 0x00FFFF)))
            tree.root.addChild(b)
            badge[ObjectIdentifier(tree)] = b
            return pages
        }, between: { step, tree in
            let b = badge[ObjectIdentifier(tree)]!
            if step == 1 { b.frame.origin.x = 12 }                            // a view above the pages moves
            if step == 2 { tree.root.children[0].children[0].alpha = 0.5 }   // a page's content changes: new cache
            if step == 3 { tree.setNeedsDisplay(PixelRect(x: 0, y: 0, width: 4, height: 4)) }
        })
        #expect(slid == 4, "with a new cache in one page, the other page still moves")
    }

    @Test func theScreenIsMovedOnlyWhenItStillShowsTheLastFrame() {
        let tree = ViewTree(width: width, height: height), twin = ViewTree(width: width, height: height)
        let pages = twoPages(tree), twinPages = twoPages(twin)
        let first = Surface(width: width, height: height), second = Surface(width: width, height: height)
        tree.render(on: Canvas(surface: first), fullRedraw: true)
        tree.render(on: Canvas(surface: second), fullRedraw: true)
        for v in pages + twinPages { v.transform = .translation(-9, 0) }
        // Drawn on another surface than last time: nothing there can be moved; it is drawn from the caches.
        tree.render(on: Canvas(surface: first))
        let expected = fullRedraw(of: twin)
        #expect((0..<height).allSatisfy { y in (0..<width).allSatisfy { first[$0, y] == expected[$0, y] } })
        #expect(tree.framesSlid == 0)
    }
}
