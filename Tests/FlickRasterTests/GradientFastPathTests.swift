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

    /// Whole rows of one colour (a page background: rows one after another in memory, several to a colour, padded
    /// beyond the ends) are filled together: the same pixels as shading every one.
    @Test(arguments: [(Point(0, 40), Point(0, 560)), (Point(0, 590), Point(0, -20)), (Point(0, 0), Point(0, 9))])
    func wholeRowsOfOneColourEqualPixelByPixel(_ start: Point, _ end: Point) {
        let gradient = LinearGradient(start: start, end: end, colors: [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA, alpha: 0.6)])
        for mode in [BlendMode.sourceOver, .copy] {
            let fast = background(16, 600), expected = background(16, 600)
            let canvas = Canvas(surface: fast)
            canvas.blendMode = mode
            canvas.fill(Rect(x: 0, y: 5, width: 16, height: 590), paint: .linearGradient(gradient))
            reference(gradient, transform: .identity, area: PixelRect(x: 0, y: 5, width: 16, height: 590), mode: mode, on: expected)
            let differing = (0..<600).reduce(0) { n, y in n + (0..<16).filter { fast[$0, y] != expected[$0, y] }.count }
            #expect(differing == 0, "\(start) to \(end), \(mode)")
        }
    }

    /// A canvas keeps the last gradient's colour table: a second gradient with other stops (or the same colours at
    /// other offsets) must be drawn with its own, as on a fresh canvas.
    @Test func aGradientWithOtherStopsIsNotDrawnWithTheLastOnesColours() {
        let first = LinearGradient(start: .zero, end: Point(40, 0), colors: [Color(hex: 0x336699), Color(hex: 0xEE8844)])
        let others = [
            LinearGradient(start: .zero, end: Point(40, 0), colors: [Color(hex: 0x112233), Color(hex: 0xEE8844)]),
            LinearGradient(start: .zero, end: Point(40, 0), stops: [.init(0.3, Color(hex: 0x336699)), .init(1, Color(hex: 0xEE8844))]),
        ]
        for second in others {
            let kept = Surface(width: 40, height: 4), fresh = Surface(width: 40, height: 4)
            let canvas = Canvas(surface: kept)
            canvas.fill(Rect(x: 0, y: 0, width: 40, height: 4), paint: .linearGradient(first))
            canvas.fill(Rect(x: 0, y: 0, width: 40, height: 4), paint: .linearGradient(second))
            Canvas(surface: fresh).fill(Rect(x: 0, y: 0, width: 40, height: 4), paint: .linearGradient(second))
            #expect((0..<4).allSatisfy { y in (0..<40).allSatisfy { kept[$0, y] == fresh[$0, y] } }, "\(second.stops)")
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

/// A sloping gradient's ramp is shaded from a 16.16 fixed-point position, eight pixels a step where the CPU has
/// AVX2: the wide kernel must give the baseline's pixels, and both must land on the colour the exact parameter
/// rounds to, or its neighbour where fixed point rounds the other way.
@Suite struct GradientRampTests {
    static let gradients: [(String, Point, Point, [Color])] = [
        ("frame diagonal", Point(0, 0), Point(1920, 1080), [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA)]),
        ("short, padded on both sides", Point(300, 40), Point(420, 90), [Color(hex: 0x336699), Color(hex: 0xEE8844, alpha: 0.5)]),
        ("reversed", Point(1500, 900), Point(100, 20), [Color(hex: 0xFF0000), Color(hex: 0x00FF00), Color(hex: 0x0000FF)]),
        ("steep: several entries a pixel", Point(10, 10), Point(40, 30), [Color(hex: 0x000000), Color(hex: 0xFFFFFF)]),
        ("steeper than the window", Point(100, 0), Point(104, 1), [Color(hex: 0x102030), Color(hex: 0xF0E0D0)]),
    ]

    @Test(arguments: gradients)
    func wideRampEqualsBaselineAndTheExactParameter(_ name: String, _ start: Point, _ end: Point, _ colors: [Color]) {
        let gradient = LinearGradient(start: start, end: end, colors: colors)
        let shader = GradientShader(gradient, deviceFromUser: .identity)!
        let table = gradient.pixelTable()
        let width = 1931
        var wide = [UInt32](repeating: 0, count: width), baseline = wide
        for y in stride(from: 0, to: 1080, by: 7) {
            for x in [0, 3] {
                wide.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: width - x, into: $0.baseAddress!, wide: true) }
                baseline.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: width - x, into: $0.baseAddress!, wide: false) }
                #expect(wide == baseline, "\(name): row \(y) from \(x)")
                for i in 0..<(width - x) {
                    let t = (shader.t0 + shader.dtdx * (Double(x + i) + 0.5) + shader.dtdy * (Double(y) + 0.5)) * 255
                    let exact = Int(min(max(t, 0), 255).rounded())
                    let allowed = Set([exact - 1, exact, exact + 1].filter { table.indices.contains($0) }.map { table[$0] })
                    if !allowed.contains(baseline[i]) {
                        Issue.record("\(name): row \(y), pixel \(x + i) is not the colour of parameter \(t)")
                        return
                    }
                }
            }
        }
    }

    @Test func wideKernelEqualsBaselineForAnyPositionAndStep() {
        let lut = (0..<263).map { UInt32(min($0, 255)) &* 0x0101_0101 }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...70, using: &rng)
            let t = Int32.random(in: -(1 << 20)...(300 << 16), using: &rng)
            let step = Bool.random(using: &rng) ? Int32.random(in: -65535...65535, using: &rng)
                                                : Int32.random(in: -(4 << 16)...(4 << 16), using: &rng)
            var wide = [UInt32](repeating: 0, count: count), baseline = wide
            wide.withUnsafeMutableBufferPointer { GradientShader.shadeRamp($0.baseAddress!, lut: lut, count: count, t: t, step: step, wide: true) }
            baseline.withUnsafeMutableBufferPointer { GradientShader.shadeRamp($0.baseAddress!, lut: lut, count: count, t: t, step: step, wide: false) }
            #expect(wide == baseline, "\(count) pixels from \(t) by \(step)")
            if wide != baseline { return }
        }
    }

    /// Gradients from outside input can be absurd: tiny, huge, far away, not finite. They fill without trapping.
    @Test func absurdGradientsFillWithoutTrapping() {
        let ends: [(Point, Point)] = [
            (Point(0, 0), Point(1e-300, 1e-300)), (Point(0, 0), Point(1e300, 3)), (Point(-1e12, 5), Point(1e12, 9)),
            (Point(5, 5), Point(.infinity, 1)), (Point(.nan, 0), Point(10, 10)), (Point(3, 3), Point(3.0000001, 40)),
        ]
        for (start, end) in ends {
            let canvas = Canvas(surface: Surface(width: 64, height: 48))
            canvas.fill(Rect(x: 0, y: 0, width: 64, height: 48),
                        paint: .linearGradient(LinearGradient(start: start, end: end, colors: [Color(hex: 0x102030), Color(hex: 0xF0E0D0)])))
            canvas.rotate(0.3)
            canvas.fill(Path.ellipse(in: Rect(x: 4, y: 4, width: 40, height: 30)),
                        paint: .linearGradient(LinearGradient(start: start, end: end, colors: [Color(hex: 0x102030), Color(hex: 0xF0E0D0, alpha: 0.5)])))
        }
    }
}

