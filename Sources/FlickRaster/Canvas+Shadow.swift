import Glibc

extension Canvas {
    /// A soft shadow of `color` around `rect` (user space), darkest (`opacity`) at its edge and fading out over
    /// `width`, drawn outside the rect only — what is inside is the caster's, which covers it. The fade is that of
    /// `width` rounded rings of equal opacity stacked around the rect (a blur without blurring), computed per pixel
    /// from its distance to the rect, so the cost is the band's pixels, not the rings' areas.
    public func fillShadow(outside rect: Rect, width: Double, opacity: Double, color: Color = .black) {
        guard width > 0, width.isFinite, opacity > 0, !rect.isEmpty,
              let userFromDevice = transform.inverted() else { return }
        let falloff = Self.shadowFalloff(width: width, opacity: opacity * globalAlpha)
        let reach = Double(falloff.count) / Double(Self.shadowSteps)
        let area = PixelRect(enclosing: transform.mapBounds(rect.insetBy(dx: -reach, dy: -reach))).intersection(clipBounds)
        guard !area.isEmpty else { return }
        let pixel = color.withAlpha(1).pixel
        if shadowFastPath, transform.isTranslationOnly {
            fillAlignedShadow(area, rect: rect, userFromDevice: userFromDevice, falloff: falloff, pixel: pixel)
            return
        }
        // Along a row the user point moves by (du, dv) per pixel.
        let du = userFromDevice.a, dv = userFromDevice.b
        for y in area.y..<area.maxY {
            let start = userFromDevice.map(Point(Double(area.x) + 0.5, Double(y) + 0.5))
            let inside = Self.interval(start: start.x, step: du, low: rect.minX, high: rect.maxX)
                .clamped(to: Self.interval(start: start.y, step: dv, low: rect.minY, high: rect.maxY))
            let row = surface.row(y) + area.x
            Self.forEach(0..<area.width, outside: inside) { i in
                shade(row, i, u: start.x + Double(i) * du, v: start.y + Double(i) * dv, rect: rect, falloff: falloff, pixel: pixel)
            }
        }
    }

    /// An upright shadow, the same pixels as `shade` gives each: beside the caster a pixel's distance is its
    /// distance across (its column's, the same on every row there) or down (one for the whole row), so only the
    /// corners take a square root per pixel.
    private func fillAlignedShadow(_ area: PixelRect, rect: Rect, userFromDevice: AffineTransform, falloff: [UInt32],
                                   pixel: UInt32) {
        let u0 = userFromDevice.map(Point(Double(area.x) + 0.5, 0.5)).x
        // Each column's shadow on the rows level with the caster (none over its columns).
        let columns = (0..<area.width).map { i in Self.alpha(u: u0 + Double(i), v: (rect.minY + rect.maxY) / 2, rect: rect, falloff: falloff) }
        let over = Self.interval(start: u0, step: 1, low: rect.minX, high: rect.maxX).clamped(to: 0..<area.width)
        for y in area.y..<area.maxY {
            let v = userFromDevice.map(Point(0.5, Double(y) + 0.5)).y
            let row = surface.row(y) + area.x
            if v >= rect.minY && v <= rect.maxY {
                // The columns over the caster have none: only the bands either side are visited.
                Self.forEach(0..<area.width, outside: over) { i in
                    if columns[i] != 0 { row[i] = FlickRaster.sourceOver(scalePixel(pixel, by: columns[i]), row[i]) }
                }
                continue
            }
            // Above or below: one alpha over the caster's columns, the corners pixel by pixel.
            let level = Self.alpha(u: (rect.minX + rect.maxX) / 2, v: v, rect: rect, falloff: falloff)
            if level != 0 && !over.isEmpty {
                Blend.fill(row + over.lowerBound, count: over.count, color: scalePixel(pixel, by: level), mode: .sourceOver)
            }
            Self.forEach(0..<area.width, outside: over) { i in
                shade(row, i, u: u0 + Double(i), v: v, rect: rect, falloff: falloff, pixel: pixel)
            }
        }
    }

    /// Each offset of `range` before and after `skip` (the caster's inside, which is not visited).
    @inline(__always)
    private static func forEach(_ range: Range<Int>, outside skip: Range<Int>, _ body: (Int) -> Void) {
        let skip = skip.clamped(to: range)
        for i in skip.isEmpty ? range : range.lowerBound..<skip.lowerBound { body(i) }
        guard !skip.isEmpty else { return }
        for i in skip.upperBound..<range.upperBound { body(i) }
    }

    /// The shadow's alpha at (u, v) in user space: 0 inside the caster and beyond the shadow's reach.
    @inline(__always)
    private static func alpha(u: Double, v: Double, rect: Rect, falloff: [UInt32]) -> UInt32 {
        let dx = max(rect.minX - u, 0, u - rect.maxX), dy = max(rect.minY - v, 0, v - rect.maxY)
        guard dx > 0 || dy > 0 else { return 0 }
        let step = Int(((dx * dx + dy * dy).squareRoot() * Double(shadowSteps)).rounded(.down))
        return step < falloff.count ? falloff[step] : 0
    }

    /// The shadow over pixel `i` of `row`, whose centre is at (u, v) in user space.
    @inline(__always)
    private func shade(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, u: Double, v: Double, rect: Rect,
                       falloff: [UInt32], pixel: UInt32) {
        let a = Self.alpha(u: u, v: v, rect: rect, falloff: falloff)
        if a != 0 { row[i] = FlickRaster.sourceOver(scalePixel(pixel, by: a), row[i]) }
    }

    /// Falloff samples per pixel of distance.
    static let shadowSteps = 16

    /// The shadow's alpha (0...255) at each 1/`shadowSteps` px of distance from the rect: `rings` rings of one
    /// opacity, ring r covering a pixel whose centre is `d` away by clamp(r − d + ½, 0, 1), as an anti-aliased
    /// rounded rect r px out would.
    static func shadowFalloff(width: Double, opacity: Double) -> [UInt32] {
        let rings = max(1, Int(width.rounded()))
        let ringOpacity = 1 - pow(1 - min(max(opacity, 0), 1), 1 / Double(rings))
        let count = (rings + 1) * shadowSteps
        return (0..<count).map { step in
            let d = Double(step) / Double(shadowSteps)
            var clear = 1.0
            for r in 1...rings { clear *= 1 - ringOpacity * min(max(Double(r) - d + 0.5, 0), 1) }
            return UInt32(((1 - clear) * 255).rounded())
        }
    }

    /// The pixel offsets `i` (from a row's first pixel) whose point `start + i·step` lies strictly inside
    /// (`low`, `high`), shrunk by a pixel each side so rounding never skips a pixel of the band.
    private static func interval(start: Double, step: Double, low: Double, high: Double) -> Range<Int> {
        if step == 0 { return start > low && start < high ? Int.min / 2..<Int.max / 2 : 0..<0 }
        let a = (low - start) / step, b = (high - start) / step
        let first = min(a, b).rounded(.up) + 1, last = max(a, b).rounded(.down) - 1
        guard first.isFinite, last.isFinite, first <= last, last > -1e9, first < 1e9 else { return 0..<0 }
        return Int(max(first, -1e9))..<(Int(min(last, 1e9)) + 1)
    }
}
