import FlickRaster
import FlickUI
import Testing

@Suite struct ImageViewTests {
    private func image() -> Surface {
        let s = Surface(width: 40, height: 20)
        s.clear(to: Color(hex: 0xCC2222).pixel)
        return s
    }

    @Test func fitKeepsTheAspectAndCentres() {
        let view = ImageView(image(), scaling: .fit, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.imageRect(in: view.view.bounds) == Rect(x: 0, y: 25, width: 100, height: 50))
        let tree = ViewTree(width: 100, height: 100)
        tree.clearColor = .black
        tree.root.addChild(view.view)
        let screen = Surface(width: 100, height: 100)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        #expect(screen[50, 10] == Color.black.pixel)
        #expect(screen[50, 50] == Color(hex: 0xCC2222).pixel)
        #expect(screen[50, 80] == Color.black.pixel)
    }

    @Test func fillCoversTheBoundsAndCutsTheRest() {
        let view = ImageView(image(), scaling: .fill, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.imageRect(in: view.view.bounds) == Rect(x: -50, y: 0, width: 200, height: 100))
        let tree = ViewTree(width: 100, height: 100)
        tree.root.addChild(view.view)
        let screen = Surface(width: 100, height: 100)
        tree.render(on: Canvas(surface: screen), fullRedraw: true)
        #expect(screen[0, 0] == Color(hex: 0xCC2222).pixel && screen[99, 99] == Color(hex: 0xCC2222).pixel)
    }

    @Test func noImageDrawsNothingAndChangingItRedrawsTheView() {
        let view = ImageView(nil, frame: Rect(x: 10, y: 10, width: 30, height: 30))
        #expect(view.imageRect(in: view.view.bounds) == nil)
        let tree = ViewTree(width: 100, height: 100)
        tree.root.addChild(view.view)
        tree.render(on: Canvas(surface: Surface(width: 100, height: 100)), fullRedraw: true)
        view.image = image()
        #expect(tree.pendingDamage == [PixelRect(x: 10, y: 10, width: 30, height: 30)])
    }
}
