import Testing
@testable import FlickRaster

/// A rounded rectangle on whole pixels fills the rows between its corners as a rectangle: it must give the
/// pixels filling its path gives, for every paint, alpha, mode, clip and corner.
@Suite struct RoundedRectFillTests {
    private func background() -> Surface {
        let s = Surface(width: 90, height: 70)
        for y in 0..<70 { for x in 0..<90 { s[x, y] = (x * 7 + y) % 5 == 0 ? 0x8020_4060 : 0xFF30_A0C0 &+ UInt32(y & 0x1F) } }
        return s
    }

    private func paint(_ name: String) -> Paint {
        switch name {
        case "opaque": .solid(Color(hex: 0x336699))
        case "translucent": .solid(Color(hex: 0xEE8844, alpha: 0.6))
        case "vertical gradient":
            .linearGradient(LinearGradient(start: .zero, end: Point(0, 60), colors: [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA)]))
        default:
            .linearGradient(LinearGradient(start: Point(5, 0), end: Point(80, 50),
                                           colors: [Color(hex: 0x102030, alpha: 0.4), Color(hex: 0xF0E0D0)]))
        }
    }

    @Test(arguments: ["opaque", "translucent", "vertical gradient", "sloping translucent gradient"])
    func equalsFillingThePath(_ name: String) {
        let paint = paint(name)
        let cases: [(Rect, Double, AffineTransform)] = [
            (Rect(x: 5, y: 4, width: 70, height: 55), 12, .identity),
            (Rect(x: 0, y: 0, width: 90, height: 70), 16, .identity),
            (Rect(x: 5, y: 4, width: 70, height: 55), 12, .translation(3, -2)),
            (Rect(x: 10, y: 10, width: 40, height: 20), 30, .identity),      // the radius is cut to the height
            (Rect(x: 10, y: 10, width: 40, height: 20), 0, .identity),
            (Rect(x: 10, y: 10, width: 40, height: 20), 7.3, .identity),
            (Rect(x: 10.5, y: 10, width: 40, height: 20), 7, .identity),     // not on whole pixels: the path
        ]
        for (rect, radius, transform) in cases {
            for (alpha, mode, clip) in [(1.0, BlendMode.sourceOver, nil as Rect?), (0.5, .sourceOver, nil),
                                        (1.0, .copy, nil), (1.0, .sourceOver, Rect(x: 12, y: 9, width: 50, height: 30))] {
                let fast = background(), plain = background()
                for (surface, useFast) in [(fast, true), (plain, false)] {
                    let canvas = Canvas(surface: surface)
                    canvas.setTransform(transform)
                    canvas.globalAlpha = alpha
                    canvas.blendMode = mode
                    if let clip { canvas.clip(to: clip) }
                    if useFast {
                        canvas.fill(roundedRect: rect, radius: radius, paint: paint)
                    } else {
                        canvas.fill(Path.roundedRect(rect, radius: radius), paint: paint)
                    }
                }
                var differing = 0
                for y in 0..<70 { for x in 0..<90 where fast[x, y] != plain[x, y] { differing += 1 } }
                #expect(differing == 0, "\(name): \(rect) r \(radius) under \(transform), alpha \(alpha), \(mode), clip \(String(describing: clip))")
            }
        }
    }
}
