import Testing
@testable import FlickRaster

/// A turned image drawn by three shears (`Canvas.drawSheared`): its kernels against their baselines pixel for
/// pixel, and the picture against bilinear sampling (the plain path) within what three linear filters instead
/// of two can differ by.
@Suite struct ShearedImageTests {
    private func randomPixels(_ count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt32(truncatingIfNeeded: state >> 56), raw = UInt32(truncatingIfNeeded: state >> 16)
            return a << 24 | min((raw >> 16) & 0xFF, a) << 16 | min((raw >> 8) & 0xFF, a) << 8 | min(raw & 0xFF, a)
        }
    }

    /// `lerp16` is the interpolation it stands for, within a level (each halving rounds up), exact at its ends
    /// and between equal pixels, and keeps a premultiplied pixel's channels within its alpha.
    @Test func lerp16IsALerpInSixteenths() {
        let pixels = randomPixels(400, seed: 9)
        for (a, b) in zip(pixels, pixels.reversed()) {
            #expect(lerp16(a, b, 0) == a)
            #expect(lerp16(a, a, 11) == a)
            for k: UInt32 in 0...15 {
                let r = lerp16(a, b, k)
                for shift: UInt32 in [0, 8, 16, 24] {
                    let x = Double((a >> shift) & 0xFF), y = Double((b >> shift) & 0xFF), got = Double((r >> shift) & 0xFF)
                    let exact = x + (y - x) * Double(k) / 16
                    #expect(got >= exact.rounded(.down) && got <= exact.rounded(.up) + 1, "\(a) \(b) \(k)")
                }
                for shift: UInt32 in [0, 8, 16] { #expect((r >> shift) & 0xFF <= r >> 24) }
            }
        }
    }

    /// The first pass's rows, with the image's edges anywhere in them or outside them and rows outside the
    /// image, at widths with and without a tail of fewer than eight: the kernel as its baseline, and the baseline
    /// as the formula.
    @Test(arguments: [0, 1, 7, 8, 9, 25, 33])
    func rowsKernelEqualsItsBaseline(count: Int) {
        let image = Surface(width: 21, height: 6)
        for (i, p) in randomPixels(21 * 6, seed: 2).enumerated() { image[i % 21, i / 21] = p }
        func pixel(_ x: Int, _ r: Int) -> UInt32 { x >= 0 && x < image.width && r >= 0 && r < image.height ? image[x, r] : 0 }
        let shifts: [Int32] = [-25, -9, -1, 0, 3, 14], rows = -1..<7, stride = count + 3
        for k in 0..<16 {
            let weights = (0..<6).map { Int32((k + 5 * $0) % 16) }
            for firstColumn in [-4, 0, 6] {
                var wide = [UInt32](repeating: 7, count: rows.count * stride), baseline = wide
                wide.withUnsafeMutableBufferPointer {
                    ShearKernels.rows($0.baseAddress!, dstStride: stride, image: image, shifts: shifts, weights: weights,
                                      rows: rows, firstColumn: firstColumn, count: count)
                }
                baseline.withUnsafeMutableBufferPointer {
                    ShearKernels.rowsBaseline($0.baseAddress!, dstStride: stride, image: image, shifts: shifts, weights: weights,
                                              rows: rows, firstColumn: firstColumn, count: count)
                }
                #expect(wide == baseline, "k \(k), from column \(firstColumn)")
                for (n, r) in rows.enumerated() {
                    let s0 = firstColumn + (r >= 0 && r < 6 ? Int(shifts[r]) : 0), w = r >= 0 && r < 6 ? UInt32(weights[r]) : 0
                    let expected = (0..<count).map { ~lerp16(pixel(s0 + $0, r), pixel(s0 + $0 + 1, r), w) }
                    #expect(Array(baseline[(n * stride)..<(n * stride + count)]) == expected, "row \(r)")
                    #expect(baseline[(n * stride + count)..<((n + 1) * stride)].allSatisfy { $0 == 7 })
                }
            }
        }
    }

    /// Every slope a turn of up to 80° gives (offsets spreading over up to eight rows in eight columns), at widths
    /// with and without a scalar tail, each column wanted in its own rows, in bands of rows that cut those or not.
    @Test(arguments: [0.0, 0.11, -0.37, 0.71, 0.9, -0.98])
    func columnKernelEqualsItsBaseline(slope: Double) {
        for columns in [5, 8, 21, 40] {
            let rows = 17, spread = Int((abs(slope) * Double(columns)).rounded(.up)) + 1
            let srcRows = rows + spread + 1
            let src = randomPixels(srcRows * columns, seed: UInt64(columns))
            let start = slope < 0 ? Double(spread) - 0.5 : 0.3
            var offsets: [Int32] = [], weights: [Int32] = [], from: [Int32] = [], to: [Int32] = []
            for c in 0..<columns {
                let (whole, weight) = ShearPlan.split(start + slope * Double(c))
                offsets.append(Int32(whole)); weights.append(Int32(weight))
                from.append(Int32(c % 3 == 0 ? 0 : c % 5)); to.append(Int32(c % 4 == 0 ? rows : rows - c % 7))
            }
            for band in [0..<rows, 3..<12, 9..<40] {
                var wide = [UInt32](repeating: 0, count: rows * columns), baseline = wide
                // dst and src start at the band's first row.
                let srcBand = Array(src[(band.lowerBound * columns)...])
                wide.withUnsafeMutableBufferPointer {
                    ShearKernels.columns($0.baseAddress!, dstStride: columns, src: srcBand, srcStride: columns, rowOffset: offsets,
                                         k: weights, rowsFrom: from, rowsTo: to, band: band, columns: columns)
                }
                baseline.withUnsafeMutableBufferPointer {
                    ShearKernels.columnsBaseline($0.baseAddress!, dstStride: columns, src: srcBand, srcStride: columns,
                                                 rowOffset: offsets, k: weights, rowsFrom: from, rowsTo: to, band: band, columns: columns)
                }
                for c in 0..<columns {
                    for j in max(Int(from[c]), band.lowerBound)..<max(band.lowerBound, min(Int(to[c]), band.upperBound)) {
                        let n = (j - band.lowerBound) * columns + c
                        #expect(wide[n] == baseline[n], "\(columns) columns, rows \(band): (\(c), \(j))")
                        // And the baseline is the formula.
                        let top = (j + Int(offsets[c])) * columns + c
                        #expect(baseline[n] == ~lerp16(src[top], src[top + columns], UInt32(weights[c])))
                    }
                }
                // Nothing written past the band's rows.
                #expect(baseline[(min(rows, band.count) * columns)...].allSatisfy { $0 == 0 })
                #expect(wide[(min(rows, band.count) * columns)...].allSatisfy { $0 == 0 })
            }
        }
    }

    /// The last pass's rows, each from its own B column and sixteenths, cut to the B columns owned, those that
    /// may show and the output columns drawn, over translucent, opaque and partly opaque B, in steps of sixteen,
    /// eight and fewer: the kernel as its baseline, and the baseline as the formula.
    @Test(arguments: [0, 1, 7, 8, 9, 25, 33])
    func overRowsKernelEqualsItsBaseline(count: Int) {
        let rows = 5, owned = 10..<(10 + count), srcStride = count + 1 + 2, width = count + 12, dstStride = width + 1
        let shift: [Int32] = [7, 9, 12, 4, 10], visibleFrom: [Int32] = [0, 11, 14, 10, 10 + Int32(count / 2)]
        let visibleTo: [Int32] = [100, 10 + Int32(count), 12, 10 + Int32(count) - 2, 10 + Int32(count)]
        let translucent = randomPixels(rows * srcStride, seed: 3), under = randomPixels(rows * dstStride, seed: 5)
        for k in 0..<16 {
            let weight = (0..<rows).map { Int32((k + 3 * $0) % 16) }
            // Translucent, opaque, and runs of each (a step of pixels partly opaque).
            let runs = translucent.enumerated().map { ($0.offset / 5) % 3 == 0 ? $0.element : $0.element | 0xFF00_0000 }
            for src in [translucent, translucent.map { $0 | 0xFF00_0000 }, runs] {
                for columns in [0..<width, 2..<(width - 3)] {
                    var wide = under, baseline = under
                    shift.withUnsafeBufferPointer { s in weight.withUnsafeBufferPointer { w in
                        visibleFrom.withUnsafeBufferPointer { f in visibleTo.withUnsafeBufferPointer { e in
                            let moves = ShearKernels.RowMoves(shift: s.baseAddress!, weight: w.baseAddress!, visibleFrom: f.baseAddress!,
                                                              visibleTo: e.baseAddress!)
                            wide.withUnsafeMutableBufferPointer {
                                ShearKernels.overRows($0.baseAddress!, dstStride: dstStride, src: src, srcStride: srcStride, moves: moves,
                                                      count: rows, owned: owned, columns: columns)
                            }
                            baseline.withUnsafeMutableBufferPointer {
                                ShearKernels.overRowsBaseline($0.baseAddress!, dstStride: dstStride, src: src, srcStride: srcStride,
                                                              moves: moves, count: rows, owned: owned, columns: columns)
                            }
                        } }
                    } }
                    #expect(wide == baseline, "k \(k), columns \(columns)")
                    for n in 0..<rows {
                        for i in 0..<dstStride {
                            let c = i + Int(shift[n])
                            let drawn = columns.contains(i) && owned.contains(c) && c >= Int(visibleFrom[n]) - 1 && c < Int(visibleTo[n])
                            let b = n * srcStride + c - owned.lowerBound
                            let expected = drawn ? sourceOver(lerp16(src[b], src[b + 1], UInt32(weight[n])), under[n * dstStride + i])
                                                 : under[n * dstStride + i]
                            #expect(baseline[n * dstStride + i] == expected, "row \(n), column \(i)")
                        }
                    }
                }
            }
        }
    }

    /// The middle image of the shears computed everywhere is transparent outside `ShearSupport`'s columns of each
    /// row, and the rows it gives each column cover every pixel the last pass reads (a column either side of
    /// those columns).
    @Test(arguments: [0.004, 0.05, -0.2, 0.45, -0.78, 1.2, -1.35])
    func theShearsSupportHoldsEverythingTheyDraw(angle: Double) {
        let width = 37, height = 23
        let image = Surface(width: width, height: height)
        for (i, p) in randomPixels(width * height, seed: 21).enumerated() { image[i % width, i / width] = p | 0x0100_0000 }
        let t = AffineTransform.translation(-Double(width) / 2, -Double(height) / 2)
            .concatenating(.rotation(angle)).concatenating(.translation(40.3, 39.8))
        let plan = ShearPlan(deviceFromImage: t, imageWidth: width, imageHeight: height,
                             clip: PixelRect(x: -100, y: -100, width: 300, height: 300))!
        let support = ShearSupport(plan: plan, imageWidth: width, imageHeight: height)
        // A and B everywhere near the picture, straight from their definitions.
        func imagePixel(_ x: Int, _ y: Int) -> UInt32 { x >= 0 && x < width && y >= 0 && y < height ? image[x, y] : 0 }
        func a(_ r: Int, _ c: Int) -> UInt32 {
            let (whole, k) = ShearPlan.split(plan.pA + plan.qA * Double(r))
            return r >= 0 && r < height ? lerp16(imagePixel(c + whole, r), imagePixel(c + whole + 1, r), k) : 0
        }
        func b(_ j: Int, _ c: Int) -> UInt32 {
            let (whole, k) = ShearPlan.split(plan.pB + plan.qB * Double(c))
            return lerp16(a(j + whole, c), a(j + whole + 1, c), k)
        }
        var drawn = 0
        for j in -20..<100 {
            let columns = support.columns(ofRow: j)
            for c in -20..<100 {
                if !columns.contains(c) {
                    #expect(b(j, c) == 0, "(\(c), \(j))")
                } else {
                    drawn += 1
                }
                if (c - 1...c + 1).contains(where: columns.contains) {
                    #expect(support.rows(ofColumn: c, reach: 1).contains(j), "(\(c), \(j))")
                }
            }
        }
        #expect(drawn > 0 && drawn < 3 * width * height)
    }

    /// A photo-like picture: a sky gradient, a sun, a white border, transparent nowhere.
    private func photo(width: Int, height: Int) -> Surface {
        let image = Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let border = min(x, y, width - 1 - x, height - 1 - y) < 4
                let dx = Double(x - width * 2 / 3), dy = Double(y - height / 3)
                let sun = dx * dx + dy * dy < Double(height * height) / 25
                let sky = UInt32(40 + 150 * y / height)
                image[x, y] = border ? 0xFFFF_FFFF : sun ? 0xFFFF_E6A0 : 0xFF00_0000 | sky << 16 | (sky / 2) << 8 | (200 - sky / 2)
            }
        }
        return image
    }

    /// Draws `image` turned about the surface's middle.
    private func draw(_ image: Surface, turnedBy angle: Double, sheared: Bool, clip: Rect? = nil, on surface: Surface,
                      ring: ShearRing = ShearRing()) {
        let canvas = Canvas(surface: surface)
        canvas.shearScratch = ShearScratch(aRing: ring)
        canvas.shearsTurnedImages = sheared
        if let clip { canvas.clip(to: clip) }
        canvas.translate(Double(surface.width) / 2 + 0.37, Double(surface.height) / 2 - 0.21)
        canvas.rotate(angle)
        canvas.translate(-Double(image.width) / 2, -Double(image.height) / 2)
        canvas.draw(image, at: .zero)
    }

    /// Over the frame the two differ by a fraction of a level on average (measured 0.14–0.34 up to a turn of 45°,
    /// 0.41 at 69°), neither brighter than the other (the mean signed difference measured 0.02–0.07); where the picture
    /// steps sharply (its border, the sun's edge, its own edge against the background) both filters blur the
    /// step a little differently and a pixel may differ by up to a quarter of full scale (measured 30–62 levels).
    @Test(arguments: [0.004, 0.05, -0.2, 0.45, 0.78, -1.2])
    func aTurnedPhotoLooksAsBilinearSamplingShowsIt(angle: Double) {
        let image = photo(width: 120, height: 90)
        let surfaces = [true, false].map { sheared in
            let surface = gradientBackground(200, 200)
            draw(image, turnedBy: angle, sheared: sheared, on: surface)
            return surface
        }
        var total = 0, largest = 0, signed = 0
        for y in 0..<200 {
            for x in 0..<200 {
                for shift: UInt32 in [0, 8, 16, 24] {
                    signed += Int((surfaces[0][x, y] >> shift) & 0xFF) - Int((surfaces[1][x, y] >> shift) & 0xFF)
                    let d = abs(Int((surfaces[0][x, y] >> shift) & 0xFF) - Int((surfaces[1][x, y] >> shift) & 0xFF))
                    total += d
                    largest = max(largest, d)
                }
            }
        }
        let mean = Double(total) / Double(200 * 200 * 4)
        let bias = Double(signed) / Double(200 * 200 * 4)
        #expect(mean < 0.5 && largest <= 64 && abs(bias) < 0.1, "mean \(mean), largest \(largest), bias \(bias)")
    }

    /// A clip changes which pixels are drawn, never their values: a frame's damaged pieces join up seamlessly.
    @Test func aClipChangesWhichPixelsNotTheirValues() {
        let image = cardLikeImage(width: 70, height: 50)
        let whole = gradientBackground(120, 110), clipped = gradientBackground(120, 110), untouched = gradientBackground(120, 110)
        draw(image, turnedBy: 0.3, sheared: true, on: whole)
        let clip = Rect(x: 33, y: 21, width: 41, height: 37)
        draw(image, turnedBy: 0.3, sheared: true, clip: clip, on: clipped)
        for y in 0..<110 {
            for x in 0..<120 {
                let inside = clip.contains(Point(Double(x) + 0.5, Double(y) + 0.5))
                #expect(clipped[x, y] == (inside ? whole : untouched)[x, y], "(\(x), \(y))")
            }
        }
    }

    /// A picture taller than a band and wider than a strip: the rows of A that each band shares with the band
    /// before (kept round the ring) give the pixels that computing them afresh gives, as drawing it in stripes
    /// shorter than a band does, and as a ring that is one plain run (memory not mapped twice) does.
    @Test(arguments: [0.07, -0.5, 1.2])
    func rowsKeptFromBandToBandAreThoseComputedAfresh(angle: Double) {
        let image = cardLikeImage(width: 520, height: 420)
        let whole = gradientBackground(700, 700), striped = gradientBackground(700, 700), plain = gradientBackground(700, 700)
        draw(image, turnedBy: angle, sheared: true, on: whole)
        for y in stride(from: 0, to: 700, by: 50) {
            draw(image, turnedBy: angle, sheared: true, clip: Rect(x: 0, y: Double(y), width: 700, height: 50), on: striped)
        }
        draw(image, turnedBy: angle, sheared: true, on: plain, ring: ShearRing(mapsTwice: false))
        #expect(Canvas.shearBandRows > 50 && Canvas.shearBandRows * 4 < 420 && Canvas.shearStripColumns < 520)
        for other in [striped, plain] {
            var differing = 0
            for y in 0..<700 { for x in 0..<700 where whole[x, y] != other[x, y] { differing += 1 } }
            #expect(differing == 0)
        }
    }

    /// Pixels lying `turnedSampleReach` inside an opaque picture come out opaque: what is under them need not be
    /// drawn (a photo card's print hides the cards under it).
    @Test(arguments: [0.02, -0.31, 0.6, 0.785, 1.39])
    func theInsideOfAnOpaquePictureStaysOpaque(angle: Double) {
        let image = Surface(width: 90, height: 64)
        image.clear(to: 0xFF80_4020)
        let surface = Surface(width: 160, height: 160)
        let canvas = Canvas(surface: surface)
        canvas.translate(80.3, 79.6)
        canvas.rotate(angle)
        canvas.translate(-45, -32)
        let imageFromDevice = canvas.transform.inverted()!
        canvas.draw(image, at: .zero)
        let reach = Canvas.turnedSampleReach
        let inner = Rect(x: reach, y: reach, width: 90 - 2 * reach, height: 64 - 2 * reach)
        var checked = 0
        for y in 0..<160 {
            for x in 0..<160 {
                let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { imageFromDevice.map(Point(Double(x) + $0.0, Double(y) + $0.1)) }
                guard corners.allSatisfy({ inner.contains($0) }) else { continue }
                checked += 1
                #expect(surface[x, y] >> 24 == 255, "(\(x), \(y))")
            }
        }
        #expect(checked > 2500)
    }

    /// Any size (down to one pixel), anywhere (partly or wholly off the canvas), at any plain turn: drawn without
    /// trapping, and nothing changes further than the reach of the image's turned outline.
    @Test func everyPlacementDrawsWithinTheImagesReach() {
        var state: UInt64 = 11
        func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<300 {
            let image = Surface(width: Int(next(1...60)), height: Int(next(1...60)))
            image.clear(to: 0xFF20_4080)
            let surface = Surface(width: 64, height: 48)
            let canvas = Canvas(surface: surface)
            canvas.translate(next(-80...140), next(-80...120))
            canvas.rotate(next(-1.39...1.39))
            let t = canvas.transform
            canvas.draw(image, at: .zero)
            let reach = PixelRect(enclosing: t.mapBounds(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
                .insetBy(dx: -3, dy: -3))
            for y in 0..<48 {
                for x in 0..<64 where surface[x, y] != 0 {
                    #expect(reach.rect.contains(Point(Double(x) + 0.5, Double(y) + 0.5)))
                }
            }
        }
    }

    /// Scaled, mirrored, or turned past 80°: the shears do not draw it (bilinear sampling does).
    @Test func onlyPlainTurnsAreSheared() {
        let clip = PixelRect(x: 0, y: 0, width: 100, height: 100)
        #expect(ShearPlan(deviceFromImage: .rotation(0.3), imageWidth: 10, imageHeight: 10, clip: clip) != nil)
        #expect(ShearPlan(deviceFromImage: .rotation(1.35), imageWidth: 10, imageHeight: 10, clip: clip) != nil)
        #expect(ShearPlan(deviceFromImage: .rotation(1.45), imageWidth: 10, imageHeight: 10, clip: clip) == nil)
        #expect(ShearPlan(deviceFromImage: .rotation(0.3).concatenating(.scale(1.1, 1.1)), imageWidth: 10, imageHeight: 10,
                          clip: clip) == nil)
        #expect(ShearPlan(deviceFromImage: .rotation(0.3).concatenating(.scale(-1, 1)), imageWidth: 10, imageHeight: 10,
                          clip: clip) == nil)
        #expect(ShearPlan(deviceFromImage: .translation(0.5, 0), imageWidth: 10, imageHeight: 10, clip: clip) == nil)
    }
}
