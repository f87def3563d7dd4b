import Testing
@testable import FlickRaster

/// A turned image's inside goes straight into the row (`AffineBilinear`, eight samples a step with AVX2) and its
/// pixels without coverage are skipped; these compare both with the plain path (every pixel of the row shaded,
/// clamped, and blended under its coverage) pixel for pixel.
@Suite struct TurnedImageTests {
    @Test(arguments: [0.0, 0.013, -0.23, 0.7, 2.5, -1.9])
    func turnedImagesEqualThePlainPath(_ angle: Double) {
        let image = cardLikeImage(width: 61, height: 47)
        #expect(pixelsDifferingFromThePlainPath(width: 120, height: 110) { canvas in
            canvas.translate(60.3, 54.8)
            canvas.rotate(angle)
            canvas.translate(-30.5, -23.5)
            canvas.draw(image, at: .zero)
        } == 0)
    }

    /// Draws on two copies of the background, with and without the fast path, and counts the pixels that differ.
    private func pixelsDifferingFromThePlainPath(width: Int, height: Int, _ draw: (Canvas) -> Void) -> Int {
        let surfaces = [true, false].map { fast in
            let surface = gradientBackground(width, height)
            let canvas = Canvas(surface: surface)
            canvas.shearsTurnedImages = false
            canvas.turnedImageFastPath = fast
            draw(canvas)
            return surface
        }
        var differing = 0
        for y in 0..<height { for x in 0..<width where surfaces[0][x, y] != surfaces[1][x, y] { differing += 1 } }
        return differing
    }

    /// Clipped so that rows start and end inside the image, and scaled so that the steps are not whole.
    @Test func clippedAndScaledTurnedImagesEqualThePlainPath() {
        let image = cardLikeImage(width: 40, height: 33)
        #expect(pixelsDifferingFromThePlainPath(width: 90, height: 80) { canvas in
            canvas.clip(to: Rect(x: 21, y: 17, width: 37, height: 41))
            canvas.translate(45, 40)
            canvas.rotate(0.31)
            canvas.scale(1.37, 0.8)
            canvas.translate(-20, -16.5)
            canvas.draw(image, at: .zero)
        } == 0)
    }

    /// The AVX2 kernel (where this CPU has it) and the baseline loop give the pixels of clamped sampling
    /// (`ImageShader.bilinear`) composited source-over, at every length (the wide loop's scalar tail included).
    @Test(arguments: [1, 7, 8, 9, 31, 64])
    func kernelsEqualClampedSampling(count: Int) {
        let image = cardLikeImage(width: 200, height: 160)
        let shader = ImageShader(ImagePaint(image: image, transform: .identity), deviceFromUser: .identity)!
        for (fdu, fdv) in [(65536, 0), (63_800, -15_000), (-40_000, 52_000), (70_000, 9_000)] {
            // Starts chosen so that every sample of the run stays inside the image.
            let fu = 60 << 16 + 12_345, fv = 70 << 16 + 54_321
            var sampled = [UInt32](repeating: 0, count: count)
            sampled.withUnsafeMutableBufferPointer { shader.bilinear(fu: fu, fv: fv, fdu: fdu, fdv: fdv, count: count, $0.baseAddress!) }
            let under = (0..<count).map { UInt32(0xFF10_2030) &+ UInt32($0 * 0x0101) }
            let expected = (0..<count).map { sourceOver(sampled[$0], under[$0]) }
            var baseline = under, wide = under
            baseline.withUnsafeMutableBufferPointer {
                AffineBilinear.sourceOverBaseline($0.baseAddress!, image: image, fu: fu, fv: fv, fdu: fdu, fdv: fdv, count: count)
            }
            let ranWide = wide.withUnsafeMutableBufferPointer {
                AffineBilinear.sourceOverWide($0.baseAddress!, image: image, fu: fu, fv: fv, fdu: fdu, fdv: fdv, count: count)
            }
            #expect(baseline == expected)
            if ranWide { #expect(wide == expected) }
        }
    }

    /// `inside` finds exactly the offsets whose two taps along the axis lie in the image.
    @Test func insideRangesAreExact() {
        for (f, df) in [(-100_000, 30_000), (500_000, -70_000), (3 << 16, 0), (-5, 0), (0, 65_536), (9 << 16 - 1, 1)] {
            let range = AffineBilinear.inside(f, df, size: 10, count: 40)
            for k in 0..<40 {
                let x0 = (f + k * df) >> 16
                #expect(range.contains(k) == (x0 >= 0 && x0 <= 8), "f \(f) df \(df) k \(k)")
            }
        }
    }
}
