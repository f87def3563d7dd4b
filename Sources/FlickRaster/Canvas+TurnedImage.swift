extension Canvas {
    /// One row of a turned image under its coverage, source-over: what `ImageShader.shade` and
    /// `Blend.blend(coverage:)` do for the whole row, the same pixels, but pixels without coverage are not
    /// sampled, and where the shape covers whole pixels whose taps all lie inside the image the samples go
    /// straight into the row (`AffineBilinear`) with no scratch row, coverage or clamping. Every run starts
    /// its samples at the row's fixed-point start plus whole steps, as the plain loop reaches them.
    func drawTurnedImageSpan(_ dst: UnsafeMutablePointer<UInt32>, shader: ImageShader, y: Int, x: Int, count: Int,
                             coverage: UnsafePointer<UInt8>) {
        let f = shader.fixedPoint(y: y, x: x)
        let image = shader.image
        func blended(_ start: Int, _ end: Int) {
            guard start < end else { return }
            shader.bilinear(fu: f.fu &+ start &* f.fdu, fv: f.fv &+ start &* f.fdv, fdu: f.fdu, fdv: f.fdv,
                            count: end - start, scratch)
            Blend.blend(dst + start, source: scratch, coverage: coverage + start, count: end - start, mode: .sourceOver)
        }
        func covered(_ start: Int, _ end: Int) {
            let fu = f.fu &+ start &* f.fdu, fv = f.fv &+ start &* f.fdv, n = end - start
            let inside = AffineBilinear.inside(fu, f.fdu, size: image.width, count: n)
                .clamped(to: AffineBilinear.inside(fv, f.fdv, size: image.height, count: n))
            guard !inside.isEmpty else { return blended(start, end) }
            blended(start, start + inside.lowerBound)
            AffineBilinear.sourceOver(dst + start + inside.lowerBound, image: image,
                                      fu: fu &+ inside.lowerBound &* f.fdu, fv: fv &+ inside.lowerBound &* f.fdv,
                                      fdu: f.fdu, fdv: f.fdv, count: inside.count)
            blended(start + inside.upperBound, end)
        }
        CoverageRuns.forEach(coverage, count: count, partial: blended, full: covered)
    }
}

/// A row of coverage cut into runs: none (skipped), full (255) and the partial pixels between.
enum CoverageRuns {
    /// Full runs shorter than this go with the partial pixels around them.
    static let shortestFull = 8

    static func forEach(_ coverage: UnsafePointer<UInt8>, count: Int, partial: (Int, Int) -> Void,
                        full: (Int, Int) -> Void) {
        let raw = UnsafeRawPointer(coverage)
        var i = 0
        while i < count {
            if coverage[i] == 0 {
                while i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 { i += 8 }
                while i < count, coverage[i] == 0 { i += 1 }
                continue
            }
            if coverage[i] == 255 {
                var j = i
                while j + 8 <= count, raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) == UInt64.max { j += 8 }
                while j < count, coverage[j] == 255 { j += 1 }
                if j - i >= shortestFull {
                    full(i, j)
                    i = j
                    continue
                }
            }
            var j = i + 1
            while j < count, coverage[j] != 0, coverage[j] != 255 { j += 1 }
            partial(i, j)
            i = j
        }
    }
}
