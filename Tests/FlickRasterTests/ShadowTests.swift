import Glibc
import Testing
@testable import FlickRaster

/// The per-pixel shadow against what it replaced: `width` anti-aliased rounded rings of one opacity stacked round
/// the rect. Same look (within 3 of 255 per channel), nothing drawn inside the rect.
@Suite struct ShadowTests {
    private func rings(around face: Rect, width: Double, opacity: Double, on canvas: Canvas) {
        let rings = Int(width.rounded())
        let ringOpacity = 1 - pow(1 - opacity, 1 / Double(rings))
        for ring in stride(from: rings, through: 1, by: -1) {
            let spread = Double(ring)
            canvas.fill(Path.roundedRect(face.insetBy(dx: -spread, dy: -spread), radius: spread),
                        paint: .solid(Color.black.withAlpha(ringOpacity)))
        }
    }

    @Test(arguments: [AffineTransform.identity, .translation(3.25, -1.5), .rotation(0.2)])
    func looksLikeStackedRingsAndLeavesTheInsideAlone(_ transform: AffineTransform) {
        let face = Rect(x: 30, y: 25, width: 100, height: 60)
        let shadow = Surface(width: 170, height: 130), expected = Surface(width: 170, height: 130)
        for s in [shadow, expected] { s.clear(to: 0xFFE0_D0C0) }
        let canvas = Canvas(surface: shadow), reference = Canvas(surface: expected)
        canvas.setTransform(transform)
        reference.setTransform(transform)
        canvas.fillShadow(outside: face, width: 18, opacity: 0.35)
        rings(around: face, width: 18, opacity: 0.35, on: reference)
        var worst = 0, darkenedInside = 0
        for y in 0..<130 {
            for x in 0..<170 {
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int((shadow[x, y] >> shift) & 0xFF) - Int((expected[x, y] >> shift) & 0xFF)))
                }
                let user = transform.inverted()!.map(Point(Double(x) + 0.5, Double(y) + 0.5))
                if face.insetBy(dx: 1, dy: 1).contains(user) && shadow[x, y] != 0xFFE0_D0C0 { darkenedInside += 1 }
            }
        }
        // Inside the face the rings darken what the face then covers; outside they must agree.
        var worstOutside = 0
        for y in 0..<130 {
            for x in 0..<170 {
                let user = transform.inverted()!.map(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard !face.insetBy(dx: -1, dy: -1).contains(user) else { continue }
                for shift: UInt32 in [0, 8, 16] {
                    worstOutside = max(worstOutside, abs(Int((shadow[x, y] >> shift) & 0xFF) - Int((expected[x, y] >> shift) & 0xFF)))
                }
            }
        }
        #expect(worstOutside <= 3, "outside the face the shadow differs from the rings by \(worstOutside)")
        #expect(darkenedInside == 0)
        #expect(worst > 0, "the reference darkens under the face; the shadow does not")
    }

    @Test func theFalloffIsTheEdgeOpacityFadingToNothing() {
        let falloff = Canvas.shadowFalloff(width: 12, opacity: 0.35)
        #expect(falloff.first == UInt32((0.35 * 255).rounded()))
        #expect(falloff.last == 0)
        #expect(zip(falloff, falloff.dropFirst()).allSatisfy { $0 >= $1 })
    }

    /// An upright shadow's rows beside and above the caster are shaded from one distance per column or per row:
    /// the pixels of shading each one on its own, on a busy background, clipped or not, at fractional positions.
    @Test(arguments: [AffineTransform.identity, .translation(3.25, -1.5), .translation(-20, 7)])
    func uprightShadowEqualsShadingEachPixel(_ transform: AffineTransform) {
        for (face, clip) in [(Rect(x: 30, y: 25, width: 100, height: 60), nil as Rect?),
                             (Rect(x: 30.4, y: 25.7, width: 99.5, height: 60.2), nil),
                             (Rect(x: 30, y: 25, width: 100, height: 60), Rect(x: 20, y: 40, width: 90, height: 70)),
                             (Rect(x: -10, y: 90, width: 60, height: 80), nil)] {
            let surfaces = [true, false].map { fast in
                let surface = Surface(width: 170, height: 130)
                for y in 0..<130 { for x in 0..<170 { surface[x, y] = (x ^ y) & 4 == 0 ? 0xFFE0_D0C0 : 0x8030_2010 } }
                let canvas = Canvas(surface: surface)
                canvas.shadowFastPath = fast
                canvas.setTransform(transform)
                if let clip { canvas.clip(to: clip) }
                canvas.fillShadow(outside: face, width: 18, opacity: 0.35)
                return surface
            }
            var differing = 0
            for y in 0..<130 { for x in 0..<170 where surfaces[0][x, y] != surfaces[1][x, y] { differing += 1 } }
            #expect(differing == 0, "\(face) under \(transform), clip \(String(describing: clip))")
        }
    }
}

