import FlickRaster
@testable import FlickUI
import Testing

/// Under a view's opaque area only that view and what is in front of it are drawn; the screen, and a layer
/// rendered from nothing, must show exactly what drawing everything shows. The cards here draw a shadow round
/// an opaque face, as the photo cards do, over a striped page and a card under them.
@Suite struct OcclusionTests {
    private func page(promises: Bool) -> (page: View, front: View) {
        let page = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), background: .solid(Color(hex: 0x101418)),
                        content: ViewContent { canvas, bounds in
            for x in stride(from: 0.0, to: bounds.width, by: 10) {
                canvas.fill(Rect(x: x, y: 0, width: 5, height: bounds.height), color: Color(hex: 0x22AA44))
            }
        })
        page.addChild(shadowedCard(frame: Rect(x: 30, y: 20, width: 100, height: 80), colour: .white, promisesOpaque: promises))
        let front = shadowedCard(frame: Rect(x: 30, y: 20, width: 100, height: 80), colour: Color(hex: 0xEEDDCC), promisesOpaque: promises)
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

    /// Every pixel is the same: the card in front is drawn over the whole damaged region either way, only what is
    /// behind it is drawn round its inside.
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
            #expect(differing == 0, "frame \(i): \(differing) pixels, by up to \(largest)")
        }
    }

    /// Bands of rows, each inside the turned area; the less it is turned the taller they are (the wedges they
    /// leave out at their ends grow with the turn, the pieces drawn round them with their number).
    @Test func theOpaqueAreaTurnedIsBandsOfWholePixelsInsideIt() {
        // A photo card's print on a 1920x1080 screen, turned as a finger turns it.
        let area = Rect(x: 0, y: 0, width: 1000, height: 700)
        var bands: [Int] = []
        for angle in [0.6, 0.15, 0.04] {
            let t = AffineTransform.translation(-500, -350).concatenating(.rotation(angle)).concatenating(.translation(960, 540))
            let rects = ViewTree.inscribedPixels(of: area, under: t)
            let inverse = t.inverted()!, reach = ViewTree.turnedSampleReach
            for rect in rects {
                for p in [Point(Double(rect.x), Double(rect.y)), Point(Double(rect.maxX), Double(rect.maxY)),
                          Point(Double(rect.x), Double(rect.maxY)), Point(Double(rect.maxX), Double(rect.y))] {
                    let q = inverse.map(p)
                    #expect(q.x >= reach - 1e-6 && q.x <= 1000 - reach + 1e-6 && q.y >= reach - 1e-6 && q.y <= 700 - reach + 1e-6)
                }
            }
            // The bands leave out only wedges at their ends: most of the area is occluded.
            let covered = rects.reduce(0) { $0 + $1.area }
            let inside = (1000 - 2 * reach) * (700 - 2 * reach)
            #expect(Double(covered) > (angle > 0.5 ? 0.85 : angle > 0.1 ? 0.9 : 0.95) * inside, "\(angle): \(covered) pixels")
            bands.append(rects.count)
        }
        #expect(bands[0] > bands[1] && bands[1] > bands[2] && bands[2] >= 3, "\(bands)")
        #expect(ViewTree.inscribedPixels(of: area, under: .translation(10.5, 3)).count == 1)
    }

    /// The screen is not cleared under a view whose background is opaque, and is everywhere else: whatever the
    /// screen held before, the frame is the same.
    @Test func theClearIsLeftOutOnlyUnderOpaqueBackgrounds() {
        func frame(over before: UInt32) -> Surface {
            let tree = ViewTree(width: 80, height: 60)
            tree.root.addChild(View(frame: Rect(x: 10.5, y: 5, width: 40, height: 30), background: .solid(Color(hex: 0x2255AA))))
            tree.root.addChild(View(frame: Rect(x: 30, y: 20, width: 40, height: 30),
                                    background: .solid(Color(hex: 0xAA5522).withAlpha(0.5))))
            let screen = Surface(width: 80, height: 60)
            screen.clear(to: before)
            tree.render(on: Canvas(surface: screen), fullRedraw: true)
            return screen
        }
        let a = frame(over: 0xFFFF_00FF), b = frame(over: 0xFF00_FF00)
        for y in 0..<60 { for x in 0..<80 { #expect(a[x, y] == b[x, y], "(\(x), \(y))") } }
    }
}
