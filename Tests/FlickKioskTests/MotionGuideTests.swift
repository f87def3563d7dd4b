import FlickKiosk
import FlickShowcase
import FlickRaster
import FlickText
import Foundation
import Testing

/// `FLICK_WRITE_DOCS=1 swift test --filter MotionGuide` rewrites the README's pictures in docs/motion/.
private let docsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/motion")

private enum Picture { case curves, spring }

private func render(_ picture: Picture, width: Int = 1280, height: Int = 800) throws -> Surface {
    let surface = Surface(width: width, height: height)
    let guide = MotionGuide(fonts: try FontCollection())
    switch picture {
    case .curves: try guide.drawCurves(on: Canvas(surface: surface))
    case .spring: try guide.drawSpring(on: Canvas(surface: surface))
    }
    if ProcessInfo.processInfo.environment["FLICK_WRITE_DOCS"] == "1", width == 1280, height == 800 {
        try FileManager.default.createDirectory(at: docsDirectory, withIntermediateDirectories: true)
        let name = picture == .curves ? "timing-curves.png" : "spring-response.png"
        try surface.writePNG(path: docsDirectory.appendingPathComponent(name).path)
    }
    return surface
}

/// True when a pixel within `radius` of `point` is close to `color` (the line's own colour, not its
/// anti-aliased edge or a crossing line).
private func hasInk(_ s: Surface, near point: Point, _ color: Color, radius: Int = 1) -> Bool {
    let target = color.pixel
    let cx = Int(point.x.rounded(.down)), cy = Int(point.y.rounded(.down))
    for y in (cy - radius)...(cy + radius) {
        for x in (cx - radius)...(cx + radius) where x >= 0 && y >= 0 && x < s.width && y < s.height {
            var worst: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let a = (s[x, y] >> shift) & 0xFF, b = (target >> shift) & 0xFF
                worst = max(worst, a > b ? a - b : b - a)
            }
            if worst <= 40 { return true }
        }
    }
    return false
}

/// The timing Bézier straight from its definition (P0 = (0, 0), P3 = (1, 1)), independent of the solver.
private func bezierPoint(_ c: (Double, Double, Double, Double), _ t: Double) -> (x: Double, y: Double) {
    let u = 1 - t
    return (3 * u * u * t * c.0 + 3 * u * t * t * c.2 + t * t * t, 3 * u * u * t * c.1 + 3 * u * t * t * c.3 + t * t * t)
}

private let controlPoints: [(Double, Double, Double, Double)] = [
    (0, 0, 1, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
]

@Test func eachNamedCurveIsDrawnWhereItsValuesSay() throws {
    let s = try render(.curves)
    let plots = MotionGuide.curvePlots(width: s.width, height: s.height)
    #expect(MotionGuide.curves.map(\.name) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    for (i, c) in controlPoints.enumerated() {
        var onCurve = 0, offCurve = 0
        let samples = 60
        for k in 1..<samples {
            let p = bezierPoint(c, Double(k) / Double(samples))
            if hasInk(s, near: plots[i].point(x: p.x, y: p.y), MotionGuide.palette[i]) { onCurve += 1 }
            // A quarter of the plot above or below the curve is paper, not curve.
            let away = p.y > 0.5 ? p.y - 0.25 : p.y + 0.25
            if hasInk(s, near: plots[i].point(x: p.x, y: away), MotionGuide.palette[i]) { offCurve += 1 }
        }
        #expect(onCurve == samples - 1, "curve \(i): \(onCurve) of \(samples - 1) samples on the line")
        #expect(offCurve <= 2, "curve \(i): \(offCurve) samples away from the line are inked")
        // The overlay panel shows every curve too (where the others do not cover it, at least mostly).
        var overlay = 0
        for k in 1..<samples {
            let p = bezierPoint(c, Double(k) / Double(samples))
            if hasInk(s, near: plots[5].point(x: p.x, y: p.y), MotionGuide.palette[i], radius: 2) { overlay += 1 }
        }
        #expect(overlay > samples / 2, "curve \(i) in the overlay: \(overlay)")
    }
}

@Test func theSpringPlotFollowsTheClosedForm() throws {
    let s = try render(.spring)
    let plot = MotionGuide.springPlot(width: s.width, height: s.height)
    for (i, zeta) in MotionGuide.springDampingRatios.enumerated() {
        // From 0 to 1 at rest: x(t) = 1 − displacement, written out per case as the reference.
        let w0 = 2 * Double.pi / MotionGuide.springResponse
        func value(_ t: Double) -> Double {
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
            } else if zeta == 1 {
                return 1 - exp(-w0 * t) * (1 + w0 * t)
            }
            let r = w0 * (zeta * zeta - 1).squareRoot(), r1 = -zeta * w0 + r, r2 = -zeta * w0 - r
            return 1 - (r1 * exp(r2 * t) - r2 * exp(r1 * t)) / (r1 - r2)
        }
        var hits = 0, samples = 0
        // Up to 0.5 s the four lines are apart; later they run together near 1 and cover each other.
        for t in stride(from: 0.02, through: 0.5, by: 0.02) {
            samples += 1
            if hasInk(s, near: plot.point(x: t, y: value(t)), MotionGuide.palette[i], radius: 2) { hits += 1 }
        }
        #expect(hits >= samples - 2, "ζ \(zeta): \(hits) of \(samples)")
    }
    // The under-damped response overshoots 1: ink above the target line.
    let peak = plot.point(x: Double.pi / (2 * Double.pi / 0.4 * (1 - 0.25).squareRoot()), y: 1.163)
    #expect(hasInk(s, near: peak, MotionGuide.palette[0], radius: 3))
}

@Test func theGuideScalesToOtherSizesAndLabelsItsPlots() throws {
    for picture in [Picture.curves, .spring] {
        let small = try render(picture, width: 640, height: 400)
        var dark = 0
        // The title sits at the top left on the design grid: dark text pixels there.
        for y in 14..<40 { for x in 20..<200 where small[x, y] & 0xFF < 0x60 { dark += 1 } }
        #expect(dark > 100, "\(picture): \(dark) title pixels")
        #expect(small[639, 399] >> 24 == 0xFF && small[0, 0] >> 24 == 0xFF)
    }
}
