import Glibc
import Testing
@testable import FlickRaster

/// Vertical and horizontal gradients are filled a row at a time (one colour per row, or one row copied); these
/// compare them pixel for pixel with shading every pixel and compositing it, as the general path does.
@Suite struct GradientFastPathTests {
    /// A background that shows any blending mistake: translucent and opaque pixels in a pattern.
    private func background(_ width: Int, _ height: Int) -> Surface {
        let s = Surface(width: width, height: height)
        for y in 0..<height { for x in 0..<width { s[x, y] = (x + y) % 3 == 0 ? 0x8040_2010 : 0xFF10_C080 &+ UInt32(x & 0x3F) } }
        return s
    }

    /// Every row shaded and every pixel composited with `mode`, as the general path does: what the fast paths must
    /// equal.
    private func reference(_ gradient: LinearGradient, transform: AffineTransform, area: PixelRect, mode: BlendMode,
                           on surface: Surface) {
        let shader = GradientShader(gradient, deviceFromUser: transform)!
        let effective: BlendMode = shader.isOpaque ? .copy : mode
        var row = [UInt32](repeating: 0, count: area.width)
        for y in area.y..<area.maxY {
            row.withUnsafeMutableBufferPointer { shader.shade(y: y, x: area.x, count: area.width, into: $0.baseAddress!) }
            for x in area.x..<area.maxX {
                let pixel = row[x - area.x]
                surface[x, y] = effective == .copy ? pixel : sourceOver(pixel, surface[x, y])
            }
        }
    }

    static let cases: [(String, Point, Point, [Color])] = [
        ("vertical opaque", Point(0, 0), Point(0, 37), [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA)]),
        ("vertical translucent", Point(0, 5), Point(0, 20), [Color(hex: 0x1D2B64, alpha: 0.3), Color(hex: 0xF8CDDA), Color(hex: 0x00FF00, alpha: 0)]),
        ("horizontal opaque", Point(3, 0), Point(50, 0), [Color(hex: 0x336699), Color(hex: 0xEE8844)]),
        ("horizontal translucent, reversed", Point(60, 0), Point(-4, 0), [Color(hex: 0x336699, alpha: 0.5), Color(hex: 0xEE8844, alpha: 0.9)]),
    ]

    @Test(arguments: cases)
    func rowAtATimeEqualsPixelByPixel(_ name: String, _ start: Point, _ end: Point, _ colors: [Color]) {
        let gradient = LinearGradient(start: start, end: end, colors: colors)
        for (transform, mode) in [(AffineTransform.identity, BlendMode.sourceOver), (.translation(7, -3), .sourceOver),
                                  (.scale(2, 0.5), .sourceOver), (.identity, .copy)] {
            let fast = background(64, 40), expected = background(64, 40)
            let canvas = Canvas(surface: fast)
            canvas.setTransform(transform)
            canvas.blendMode = mode
            // A rect that maps to whole device pixels under each transform.
            let rect = transform.inverted()!.mapBounds(Rect(x: 2, y: 3, width: 58, height: 33))
            canvas.fill(rect, paint: .linearGradient(gradient))
            reference(gradient, transform: transform, area: PixelRect(x: 2, y: 3, width: 58, height: 33), mode: mode, on: expected)
            var differing = 0
            for y in 0..<40 { for x in 0..<64 where fast[x, y] != expected[x, y] { differing += 1 } }
            #expect(differing == 0, "\(name) under \(transform), \(mode): \(differing) pixels differ")
        }
    }

    /// A photo without an alpha channel is known opaque when read, so it is copied rather than blended.
    @Test func opaquePNGsAreKnownOpaqueAndTranslucentOnesAreNot() throws {
        let path = "/tmp/flick-opaque-\(getpid()).png", translucentPath = "/tmp/flick-translucent-\(getpid()).png"
        let opaque = Surface(width: 4, height: 4)
        opaque.clear(to: 0xFF33_6699)
        try opaque.writePNG(path: path)
        let translucent = Surface(width: 4, height: 4)
        translucent.clear(to: 0xFF33_6699)
        translucent[1, 1] = 0x8010_2030
        try translucent.writePNG(path: translucentPath)
        #expect(try Surface.readPNG(path: path).isKnownOpaque)
        #expect(try !Surface.readPNG(path: translucentPath).isKnownOpaque)
    }
}
