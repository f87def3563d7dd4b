import Testing
@testable import FlickRaster

/// A scaled upright image filters each image row across once and reuses it for the device rows that read it;
/// this compares it pixel for pixel with sampling every pixel on its own (the arithmetic it replaced).
@Suite struct ScaledImageTests {
    private func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    /// Bilinear sampling of a run of device pixels, as `ImageShader` did for every row: 16.16 steps from the
    /// run's first pixel.
    private func sampleRow(_ image: Surface, _ imageFromDevice: AffineTransform, x: Int, y: Int, count: Int) -> [UInt32] {
        let p = imageFromDevice.map(Point(Double(x) + 0.5, Double(y) + 0.5))
        var fu = Int(((p.x - 0.5) * 65536).rounded()), fv = Int(((p.y - 0.5) * 65536).rounded())
        let fdu = Int((imageFromDevice.a * 65536).rounded()), fdv = Int((imageFromDevice.b * 65536).rounded())
        return (0..<count).map { _ in
            defer { fu += fdu; fv += fdv }
            let x0 = fu >> 16, y0 = fv >> 16, wx = UInt32((fu >> 8) & 0xFF), wy = UInt32((fv >> 8) & 0xFF)
            let xa = min(max(x0, 0), image.width - 1), xb = min(max(x0 + 1, 0), image.width - 1)
            let ya = min(max(y0, 0), image.height - 1), yb = min(max(y0 + 1, 0), image.height - 1)
            return lerp256(lerp256(image[xa, ya], image[xb, ya], wx), lerp256(image[xa, yb], image[xb, yb], wx), wy)
        }
    }

    @Test(arguments: [Rect(x: 3, y: 2, width: 50, height: 37), Rect(x: 0, y: 0, width: 13, height: 9), Rect(x: 5, y: 4, width: 31, height: 31)])
    func scaledImagesEqualPerPixelSampling(_ rect: Rect) {
        let image = Surface(width: 20, height: 15)
        for y in 0..<15 { for x in 0..<20 { image[x, y] = 0xFF00_0000 | UInt32(x * 12) << 16 | UInt32(y * 17) << 8 | UInt32((x * y) & 0xFF) } }
        image.isKnownOpaque = true
        let surface = Surface(width: 64, height: 48)
        Canvas(surface: surface).draw(image, in: rect)
        let placement = AffineTransform.scale(rect.width / 20, rect.height / 15).concatenating(.translation(rect.minX, rect.minY))
        let imageFromDevice = placement.inverted()!
        var differing = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            let expected = sampleRow(image, imageFromDevice, x: Int(rect.minX), y: y, count: Int(rect.width))
            for (i, pixel) in expected.enumerated() where surface[Int(rect.minX) + i, y] != pixel { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// A turned image (the photo card under a finger) keeps sampling pixel by pixel: every run of every row, at odd
    /// starts and lengths, equals the reference.
    @Test(arguments: [0.2, -0.7, 1.9])
    func turnedImagesEqualPerPixelSampling(_ angle: Double) {
        let image = Surface(width: 23, height: 17)
        for y in 0..<17 { for x in 0..<23 { image[x, y] = UInt32(0x80 + (x * 5) & 0x7F) << 24 | UInt32(x * 11) << 16 | UInt32(y * 15) << 8 | UInt32((x ^ y) * 9 & 0xFF) } }
        let placement = AffineTransform.rotation(angle).concatenating(.translation(30, 20))
        let shader = ImageShader(ImagePaint(image: image, transform: placement), deviceFromUser: .identity)!
        let imageFromDevice = placement.inverted()!
        var out = [UInt32](repeating: 0, count: 64)
        var differing = 0
        for y in 0..<48 {
            for (x, count) in [(0, 64), (3, 7), (10, 1), (5, 33)] {
                out.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!) }
                let expected = sampleRow(image, imageFromDevice, x: x, y: y, count: count)
                differing += zip(out.prefix(count), expected).filter { $0 != $1 }.count
            }
        }
        #expect(differing == 0)
    }

    /// The eight-pixel kernel for rows scaled up filters what it takes on as the one-pixel loop would, at steps
    /// just under one and far under, from anywhere in the row, stopping before it would read past the row.
    @Test func theWideRowFilterEqualsFilteringOnePixelAtATime() {
        var rng = SystemRandomNumberGenerator()
        let width = 37
        let source = (0..<width).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        var filteredWide = 0
        defer { #expect(filteredWide > 0 || !hasWideKernels, "the kernel never ran") }
        for _ in 0..<3000 {
            let fdu = Bool.random(using: &rng) ? Int.random(in: 1...65535, using: &rng) : Int.random(in: 60000...65535, using: &rng)
            let fu = Int.random(in: 0...((width - 2) << 16), using: &rng)
            let count = min(Int.random(in: 0...80, using: &rng), ((width - 1) << 16 - 1 - fu) / fdu + 1)
            var out = [UInt32](repeating: 0, count: max(count, 1))
            let done = out.withUnsafeMutableBufferPointer {
                filterWide($0.baseAddress!, source: source, width: width, count: count, fu: fu, fdu: fdu)
            }
            #expect(done % 8 == 0 && done <= count)
            filteredWide += done
            for i in 0..<done {
                let f = fu + i * fdu
                let expected = lerp256(source[f >> 16], source[(f >> 16) + 1], UInt32((f >> 8) & 0xFF))
                if out[i] != expected {
                    Issue.record("pixel \(i) of \(count) from \(fu) by \(fdu)")
                    return
                }
            }
        }
    }
}

