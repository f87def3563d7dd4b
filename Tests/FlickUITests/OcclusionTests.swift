import FlickRaster
@testable import FlickUI
import Testing

/// Under a view's opaque area only that view and what is in front of it are drawn; the screen, and a layer
/// rendered from nothing, must show exactly what drawing everything shows. The cards here draw a shadow round
/// an opaque face, as the photo cards do, over a striped page and a card under them.
@Suite struct OcclusionTests {
    private func card(frame: Rect, colour: Color, promises: Bool) -> View {
        let card = View(frame: frame)
        card.shouldRasterize = true
        let face = card.bounds.insetBy(dx: 6, dy: 6)
        card.content = ViewContent { canvas, _ in
            canvas.fillShadow(outside: face, width: 6, opacity: 0.4)
            canvas.fill(face, color: colour)
            canvas.fill(face.insetBy(dx: 9, dy: 7), color: Color(hex: 0x3366CC))
        }
        if promises { card.opaqueArea = face }
        return card
    }

    private func page(promises: Bool) -> (page: View, front: View) {
        let page = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), background: .solid(Color(hex: 0x101418)),
                        content: ViewContent { canvas, bounds in
            for x in stride(from: 0.0, to: bounds.width, by: 10) {
                canvas.fill(Rect(x: x, y: 0, width: 5, height: bounds.height), color: Color(hex: 0x22AA44))
            }
        })
        page.addChild(card(frame: Rect(x: 30, y: 20, width: 100, height: 80), colour: .white, promises: promises))
        let front = card(frame: Rect(x: 30, y: 20, width: 100, height: 80), colour: Color(hex: 0xEEDDCC), promises: promises)
        page.addChild(front)
        return (page, front)
    }

    private func frames(promises: Bool) -> [Surface] {
        let tree = ViewTree(width: 160, height: 120)
        let (page, front) = page(promises: promises)
        tree.root.addChild(page)
        let screen = Surface(width: 160, height: 120)
        let canvas = Canvas(surface: screen)
        tree.render(on: canvas, fullRedraw: true)
        var shown = [screen.copy()]
        // Moved, then turned and moved about: each frame redraws where the card was and where it is.
        for (dx, dy, angle) in [(7.0, -3.0, 0.0), (12.5, 4.25, 0.21), (-9.3, 11.7, -0.6), (3.0, 2.0, 2.4)] {
            front.frame.origin = Point(30 + dx, 20 + dy)
            front.transform = angle == 0 ? .identity : .rotation(angle)
            tree.render(on: canvas)
            shown.append(screen.copy())
        }
        // The page as one layer from nothing: the front card drawn into it directly.
        front.transform = .identity
        front.frame.origin = Point(30, 20)
        page.discardCaches()
        page.shouldRasterize = true
        tree.prepareLayer(of: page)
        tree.render(on: canvas, fullRedraw: true)
        shown.append(screen.copy())
        return shown
    }

    /// Upright, every pixel is the same. Turned, the card is drawn clipped to the parts round its inside and to its
    /// inside, and a turned image's 16.16 sampling starts from where each clipped row starts, as it always has
    /// for any clip: a sample may land 1/65536 px away and round its weight the other way, a level at most.
    @Test func occludedDrawingShowsWhatDrawingEverythingShows() {
        let plain = frames(promises: false), occluded = frames(promises: true)
        for (i, (a, b)) in zip(plain, occluded).enumerated() {
            var differing = 0, largest = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a[x, y] != b[x, y] {
                    differing += 1
                    for shift: UInt32 in [0, 8, 16, 24] {
                        largest = max(largest, abs(Int((a[x, y] >> shift) & 0xFF) - Int((b[x, y] >> shift) & 0xFF)))
                    }
                }
            }
            let turned = i == 2 || i == 3 || i == 4
            #expect(turned ? largest <= 1 : differing == 0, "frame \(i): \(differing) pixels, by up to \(largest)")
        }
    }

    @Test func theOpaqueAreaTurnedIsTheWholePixelsInsideIt() {
        let area = Rect(x: 0, y: 0, width: 100, height: 60)
        let t = AffineTransform.translation(-50, -30).concatenating(.rotation(0.2)).concatenating(.translation(80, 70))
        let rect = ViewTree.inscribedPixels(of: area, under: t)!
        let inverse = t.inverted()!
        for p in [Point(Double(rect.x), Double(rect.y)), Point(Double(rect.maxX), Double(rect.maxY)),
                  Point(Double(rect.x), Double(rect.maxY)), Point(Double(rect.maxX), Double(rect.y))] {
            let q = inverse.map(p)
            #expect(q.x >= 1 - 1e-6 && q.x <= 99 + 1e-6 && q.y >= 1 - 1e-6 && q.y <= 59 + 1e-6)
        }
        #expect(rect.width > 60 && rect.height > 20)
    }
}
