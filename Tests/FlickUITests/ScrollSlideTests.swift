import FlickRaster
@testable import FlickUI
import Testing

/// A list's rows, each its own opaque layer inside a clipped list, scrolling under a header, with views over
/// them: the rows are moved on the screen, not copied again, and the screen must show exactly what a full redraw
/// of the same tree shows.
@Suite struct ScrollSlideTests {
    private static let width = 64, height = 72, rowHeight = 13.0

    /// The to-do page's shape: an opaque page, a list clipped below a header, rows made and let go as they scroll
    /// in and out (a row is a plain view holding its rasterized face and a translucent cue), the header's
    /// shadow reaching over the list's top, and a translucent badge over the list.
    private final class Page {
        let tree = ViewTree(width: ScrollSlideTests.width, height: ScrollSlideTests.height)
        let list: View
        let content = View(frame: .zero)
        let badge: View
        private(set) var rows: [Int: View] = [:]
        var offset = 0.0

        init(listTop: Double) {
            let page = View(frame: tree.bounds.rect, background: .solid(Color(hex: 0x202428)))
            list = View(frame: Rect(x: 2, y: listTop, width: Double(width) - 4, height: Double(height) - listTop - 3),
                        background: .solid(Color(hex: 0xE0E4E8)))
            list.clipsToBounds = true
            list.addChild(content)
            page.addChild(list)
            let header = View(frame: Rect(x: 0, y: 0, width: Double(width), height: listTop + 3))
            header.content = ViewContent { canvas, bounds in
                canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - 3), color: Color(hex: 0x3050A0))
                canvas.fill(Rect(x: 0, y: bounds.height - 3, width: bounds.width, height: 3), color: Color(hex: 0x000000, alpha: 0.3))
            }
            header.shouldRasterize = true
            page.addChild(header)
            badge = View(frame: Rect(x: 40, y: 30, width: 9, height: 9), background: .solid(Color(hex: 0xFFCC00, alpha: 0.6)))
            page.addChild(badge)
            tree.root.addChild(page)
            scroll(to: 0)
        }

        /// Rows are made as they come into view and let go as they leave, as the to-do list recycles them.
        func scroll(to offset: Double) {
            self.offset = offset
            content.frame.origin.y = -offset
            let first = max(0, Int(offset / rowHeight)), last = Int((offset + list.frame.height) / rowHeight)
            for (index, row) in rows where !(first...last).contains(index) {
                row.removeFromParent()
                rows[index] = nil
            }
            for index in first...last where rows[index] == nil {
                let row = Self.row(index)
                content.addChild(row)
                rows[index] = row
            }
        }

        private static func row(_ index: Int) -> View {
            let row = View(frame: Rect(x: 0, y: Double(index) * rowHeight, width: Double(width) - 4, height: rowHeight))
            let hue = UInt32(0x203040 &* UInt32(index + 3)) & 0xFFFFFF
            let face = View(frame: row.bounds, background: .linearGradient(LinearGradient(
                start: .zero, end: Point(x: Double(width), y: rowHeight), colors: [Color(hex: hue), Color(hex: 0xF0F0F0 ^ hue)])))
            face.addChild(View(frame: Rect(x: Double(3 + index % 5 * 9), y: 3, width: 7, height: 6), background: .solid(Color(hex: ~hue & 0xFFFFFF))))
            face.shouldRasterize = true
            row.addChild(face)
            if index % 3 == 1 {
                row.addChild(View(frame: Rect(x: 50, y: 2, width: 6, height: 8), background: .solid(Color(hex: 0x00AA00, alpha: 0.5))))
            }
            return row
        }

        func face(_ index: Int) -> View? { rows[index]?.children.first }
    }

    /// Scrolls both pages alike, step after step, changing them alike in between, and compares each incremental
    /// frame with a full redraw of the twin; returns the frames drawn by moving pixels.
    private func expectSameAsFullRedraw(listTop: Double = 14, offsets: [Double],
                                        between: (Int, Page, Surface?) -> Void = { _, _, _ in }) -> Int {
        let page = Page(listTop: listTop), twin = Page(listTop: listTop)
        let screen = Surface(width: Self.width, height: Self.height)
        let canvas = Canvas(surface: screen)
        page.tree.render(on: canvas, fullRedraw: true)
        for (i, offset) in offsets.enumerated() {
            for p in [page, twin] {
                p.scroll(to: offset)
                between(i, p, p === page ? screen : nil)
            }
            page.tree.render(on: canvas)
            let expected = Surface(width: Self.width, height: Self.height)
            twin.tree.render(on: Canvas(surface: expected), fullRedraw: true)
            let wrong = (0..<Self.height).lazy.flatMap { y in (0..<Self.width).lazy.map { (x: $0, y: y) } }
                .first { screen[$0.x, $0.y] != expected[$0.x, $0.y] }
            #expect(wrong == nil, "step \(i) to offset \(offset): first wrong pixel \(String(describing: wrong))")
        }
        return page.tree.framesSlid
    }

    @Test func rowsScrollingDownAndUpMatchAFullRedraw() {
        let slid = expectSameAsFullRedraw(offsets: [3, 10, 17, 30, 29, 22, 40, 53, 41, 0])
        #expect(slid == 10, "every frame moves the rows that stay")
    }

    @Test func aClipOffTheWholePixelsMatchesAFullRedraw() {
        let slid = expectSameAsFullRedraw(listTop: 14.5, offsets: [4, 9, 23, 12])
        #expect(slid == 4)
    }

    @Test func rowsChangingWhileTheListScrollsAreDrawnAgain() {
        let slid = expectSameAsFullRedraw(offsets: [5, 12, 19, 26, 33, 40, 47, 54], between: { step, page, screen in
            switch step {
            case 1: page.face(2)?.frame.origin.x = 9                        // a row slid sideways: another move
            case 2: page.face(3)?.children.first?.alpha = 0.5               // a row's content changes: a new cache
            case 3: page.badge.frame.origin.y = 44                          // the view over the list moves
            case 4:
                // The screen lost these pixels (a display resumed): they are drawn, and not moved into the list.
                let lost = PixelRect(x: 10, y: 40, width: 5, height: 5)
                if let screen { Canvas(surface: screen).fill(lost.rect, color: Color(hex: 0x00FF00)) }
                page.tree.setNeedsDisplay(lost)
            case 5: page.list.frame.size.height -= 6                        // the list's clip shrinks
            case 6:                                                         // a view comes beside the list
                page.tree.root.children[0].addChild(View(frame: Rect(x: 0, y: 66, width: 20, height: 4),
                                                         background: .solid(Color(hex: 0xCC3300))))
            default: break
            }
        })
        #expect(slid == 8)
    }

    @Test func aListFadingStillMatchesAFullRedraw() {
        let slid = expectSameAsFullRedraw(offsets: [6, 12, 18], between: { step, page, _ in
            if step == 1 { page.list.alpha = 0.8 }
        })
        #expect(slid == 1, "only while the rows are copied opaque")
    }
}
