import FlickMotion
import FlickRaster
import FlickText

/// The motion guide's two pictures, drawn by Flick's own rasteriser: the five named timing curves, and a
/// spring's response for a few damping ratios. Laid out on a 1280×800 design grid, scaled and centred on
/// the canvas like the showcase; `flick render curves|spring` and the README pictures come from here.
public struct MotionGuide {
    /// A plot's data ranges and where they land on the canvas, in device pixels.
    public struct Plot: Sendable {
        public var frame: Rect
        public var xRange: ClosedRange<Double>
        public var yRange: ClosedRange<Double>

        /// The canvas point of data point (x, y); y grows upwards.
        public func point(x: Double, y: Double) -> Point {
            let u = (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound)
            let v = (y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
            return Point(frame.minX + u * frame.width, frame.maxY - v * frame.height)
        }
    }

    /// Line colours, in order: the named curves use the first five, the damping ratios the first four
    /// (the Okabe–Ito palette, told apart by colour-blind readers too).
    public static let palette: [Color] = [0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00].map { Color(hex: $0) }
    public static let curves = TimingCurve.named
    public static let springDampingRatios = [0.5, 0.7, 1.0, 1.5]
    public static let springResponse = 0.4
    public static let springTimeRange = 0.0...1.2
    public static let springValueRange = 0.0...1.25


    private let fonts: FontCollection

    public init(fonts: FontCollection) { self.fonts = fonts }

    // MARK: Layout

    /// The named curves' plots, in `curves` order, on a canvas `width` × `height`; the sixth panel overlays all five.
    public static func curvePlots(width: Int, height: Int) -> [Plot] {
        let grid = DesignGrid(width: width, height: height)
        return (0..<6).map { i in
            let panel = curvePanel(i)
            return Plot(frame: grid.rect(Rect(x: panel.minX + 44, y: panel.minY + 62, width: panel.width - 64, height: 196)),
                        xRange: 0...1, yRange: 0...1)
        }
    }

    public static func springPlot(width: Int, height: Int) -> Plot {
        Plot(frame: DesignGrid(width: width, height: height).rect(Rect(x: 110, y: 150, width: 800, height: 560)),
             xRange: springTimeRange, yRange: springValueRange)
    }

    private static func curvePanel(_ i: Int) -> Rect {
        let columnWidth = 368.0, rowHeight = 320.0
        return Rect(x: 48 + Double(i % 3) * (columnWidth + 40), y: 132 + Double(i / 3) * rowHeight,
                    width: columnWidth, height: rowHeight - 24)
    }

    // MARK: Drawing

    public func drawCurves(on canvas: Canvas) throws {
        let page = try Page(canvas: canvas, fonts: fonts)
        page.title("Timing curves",
                   "Core Animation's named curves: eased progress (up) against time (across); dots are control points.")
        let plots = Self.curvePlots(width: canvas.surface.width, height: canvas.surface.height)
        for (i, named) in Self.curves.enumerated() {
            let panel = Self.curvePanel(i), color = Self.palette[i]
            page.text(named.name, bold: true, size: 21, at: Point(panel.minX + 10, panel.minY), color: Ink.text)
            if let b = named.curve.bezier {
                page.text("cubic-bezier(\(Self.number(b.x1)), \(Self.number(b.y1)), \(Self.number(b.x2)), \(Self.number(b.y2)))",
                          size: 14, at: Point(panel.minX + 10, panel.minY + 30), color: Ink.muted)
            }
            page.axes(plots[i], xTick: 0.5, yTick: 0.5, xGrid: 0.25, yGrid: 0.25)
            page.dashed(from: plots[i].point(x: 0, y: 0), to: plots[i].point(x: 1, y: 1), color: Ink.axis, width: 1)
            if let b = named.curve.bezier { page.handles(b, plot: plots[i], color: color) }
            page.curve(plots[i], color: color, width: 3.5) { named.curve.value(at: $0) }
        }
        let all = Self.curvePanel(5)
        page.text("all five", bold: true, size: 21, at: Point(all.minX + 10, all.minY), color: Ink.text)
        page.text("each in its panel's colour", size: 14, at: Point(all.minX + 10, all.minY + 30), color: Ink.muted)
        page.axes(plots[5], xTick: 0.5, yTick: 0.5, xGrid: 0.25, yGrid: 0.25)
        page.dashed(from: plots[5].point(x: 0, y: 0), to: plots[5].point(x: 1, y: 1), color: Ink.axis, width: 1)
        for (i, named) in Self.curves.enumerated().reversed() {
            page.curve(plots[5], color: Self.palette[i], width: 2.5) { named.curve.value(at: $0) }
        }
    }

    public func drawSpring(on canvas: Canvas) throws {
        let page = try Page(canvas: canvas, fonts: fonts)
        page.title("Spring response",
                   "From 0 to 1 at rest, response \(Self.number(Self.springResponse)) s, for four damping ratios ζ "
                   + "(closed-form solution).")
        let plot = Self.springPlot(width: canvas.surface.width, height: canvas.surface.height)
        page.axes(plot, xTick: 0.2, yTick: 0.25, xGrid: 0.1, yGrid: 0.125)
        page.dashed(from: plot.point(x: plot.xRange.lowerBound, y: 1), to: plot.point(x: plot.xRange.upperBound, y: 1),
                    color: Ink.axis, width: 1.5)
        page.dashed(from: plot.point(x: Self.springResponse, y: 0), to: plot.point(x: Self.springResponse, y: 1.25),
                    color: Ink.axis, width: 1.5)
        page.text("response", size: 14, at: page.design(plot.point(x: Self.springResponse, y: 1.25)) + Point(6, 2),
                  color: Ink.muted)
        page.text("time (s)", size: 16, at: page.design(plot.point(x: 1.2, y: 0)) + Point(-64, 34), color: Ink.muted)
        page.text("value", size: 16, at: page.design(plot.point(x: 0, y: 1.25)) + Point(-58, -30), color: Ink.muted)

        let notes = ["bouncy", "the seed's snap damping", "critical: no overshoot", "over-damped"]
        for (i, ratio) in Self.springDampingRatios.enumerated() {
            let motion = SpringAnimation(Spring(dampingRatio: ratio, response: Self.springResponse), from: 0.0, to: 1.0)
            page.curve(plot, color: Self.palette[i], width: 3.5) { motion.value(at: $0) }
            let y = 190 + Double(i) * 44
            page.line(from: Point(950, y + 11), to: Point(990, y + 11), color: Self.palette[i], width: 5)
            page.text("ζ = \(Self.number(ratio))", bold: true, size: 19, at: Point(1002, y), color: Ink.text)
            page.text(notes[i], size: 14, at: Point(1002, y + 24), color: Ink.muted)
        }
        for (i, line) in ["Dashed: the target, and one", "response period.", "",
                          "stiffness = (2π / response)²", "damping = 4π ζ / response", "mass = 1"].enumerated() {
            page.text(line, size: 14, at: Point(950, 386 + Double(i) * 21), color: Ink.muted)
        }
    }

    /// To two decimals without trailing zeros: "0.42", "0", "1.5".
    static func number(_ v: Double) -> String {
        let hundredths = Int((abs(v) * 100).rounded())
        var s = (v < 0 ? "-" : "") + "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

private enum Ink {
    static let text = Color(hex: 0x1B1F24), muted = Color(hex: 0x5B6575), background = Color(hex: 0xFBFCFD)
    static let grid = Color(hex: 0xE4E8EE), axis = Color(hex: 0x8A94A3)
}

/// Drawing in design units on one canvas: text, axes, dashes and sampled curves.
private struct Page {
    let canvas: Canvas
    let grid: DesignGrid
    let regular: FontFace, bold: FontFace

    init(canvas: Canvas, fonts: FontCollection) throws {
        self.canvas = canvas
        grid = DesignGrid(width: canvas.surface.width, height: canvas.surface.height)
        regular = fonts.face(.regular); bold = fonts.face(.bold)
        canvas.clear(Ink.background)
    }

    func design(_ device: Point) -> Point { grid.design(device) }

    func title(_ title: String, _ subtitle: String) {
        text(title, bold: true, size: 34, at: Point(48, 32), color: Ink.text)
        text(subtitle + " Drawn by Flick's rasteriser.", size: 17, at: Point(50, 82), color: Ink.muted)
    }

    enum Anchor { case left, center, right }

    /// Text with its box's top-left (or top-centre, top-right) at `point`, in design units.
    func text(_ s: String, bold isBold: Bool = false, size: Double, at point: Point, color: Color, anchor: Anchor = .left) {
        let layout = TextLayout(s, face: isBold ? bold : regular, pixelSize: (size * grid.u).rounded())
        var origin = grid.point(point)
        switch anchor {
        case .left: break
        case .center: origin.x -= layout.size.width / 2
        case .right: origin.x -= layout.size.width
        }
        canvas.draw(layout, at: Point(origin.x.rounded(), origin.y.rounded()), color: color)
    }

    /// A line between two design points.
    func line(from a: Point, to b: Point, color: Color, width: Double) {
        deviceLine(from: grid.point(a), to: grid.point(b), color: color, width: width * grid.u)
    }

    private func deviceLine(from a: Point, to b: Point, color: Color, width: Double, cap: LineCap = .round) {
        var path = Path()
        path.move(to: a); path.line(to: b)
        canvas.stroke(path, paint: .solid(color), style: StrokeStyle(width: width, cap: cap))
    }

    /// A dashed line between two device points.
    func dashed(from a: Point, to b: Point, color: Color, width: Double) {
        let length = a.distance(to: b), dash = 6 * grid.u, gap = 5 * grid.u
        guard length > 0 else { return }
        var s = 0.0
        while s < length {
            let e = min(length, s + dash)
            deviceLine(from: a + (b - a) * (s / length), to: a + (b - a) * (e / length), color: color,
                       width: width * grid.u, cap: .butt)
            s = e + gap
        }
    }

    /// Grid lines every `xGrid` and `yGrid` data units, the two axes and ticks labelled every `xTick`, `yTick`.
    func axes(_ plot: MotionGuide.Plot, xTick: Double, yTick: Double, xGrid: Double, yGrid: Double) {
        let gridColor = Ink.grid, axisColor = Ink.axis, label = Ink.muted
        canvas.fill(plot.frame, color: .white)
        for y in Self.steps(plot.yRange, by: yGrid) {
            deviceLine(from: plot.point(x: plot.xRange.lowerBound, y: y), to: plot.point(x: plot.xRange.upperBound, y: y),
                       color: gridColor, width: grid.u, cap: .butt)
        }
        for x in Self.steps(plot.xRange, by: xGrid) {
            deviceLine(from: plot.point(x: x, y: plot.yRange.lowerBound), to: plot.point(x: x, y: plot.yRange.upperBound),
                       color: gridColor, width: grid.u, cap: .butt)
        }
        let origin = plot.point(x: plot.xRange.lowerBound, y: plot.yRange.lowerBound)
        deviceLine(from: origin, to: plot.point(x: plot.xRange.upperBound, y: plot.yRange.lowerBound),
                   color: axisColor, width: 1.5 * grid.u, cap: .square)
        deviceLine(from: origin, to: plot.point(x: plot.xRange.lowerBound, y: plot.yRange.upperBound),
                   color: axisColor, width: 1.5 * grid.u, cap: .square)
        let tick = 6 * grid.u
        for x in Self.steps(plot.xRange, by: xTick) {
            let p = plot.point(x: x, y: plot.yRange.lowerBound)
            deviceLine(from: p, to: p + Point(0, tick), color: axisColor, width: 1.5 * grid.u, cap: .butt)
            text(Self.tickLabel(x), size: 14, at: design(p) + Point(0, 10), color: label, anchor: .center)
        }
        for y in Self.steps(plot.yRange, by: yTick) {
            let p = plot.point(x: plot.xRange.lowerBound, y: y)
            deviceLine(from: p, to: p - Point(tick, 0), color: axisColor, width: 1.5 * grid.u, cap: .butt)
            text(Self.tickLabel(y), size: 14, at: design(p) + Point(-11, -9), color: label, anchor: .right)
        }
    }

    /// The control polygon of a timing Bézier: P0→P1 and P3→P2, with a dot on each control point.
    func handles(_ b: CubicBezier, plot: MotionGuide.Plot, color: Color) {
        let handle = color.withAlpha(0.45)
        for (end, control) in [((0.0, 0.0), (b.x1, b.y1)), ((1.0, 1.0), (b.x2, b.y2))] {
            let a = plot.point(x: end.0, y: end.1), c = plot.point(x: control.0, y: control.1)
            deviceLine(from: a, to: c, color: handle, width: 1.5 * grid.u)
            let r = 4.5 * grid.u
            canvas.fill(Path.ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), paint: .solid(color))
        }
    }

    /// y = f(x) across the plot, sampled about every device pixel and clipped to the plot's frame.
    func curve(_ plot: MotionGuide.Plot, color: Color, width: Double, _ f: (Double) -> Double) {
        let samples = max(2, Int(plot.frame.width.rounded(.up)))
        var path = Path()
        for i in 0...samples {
            let x = plot.xRange.lowerBound + (plot.xRange.upperBound - plot.xRange.lowerBound) * Double(i) / Double(samples)
            let p = plot.point(x: x, y: f(x))
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        canvas.withSavedState {
            canvas.clip(to: plot.frame.insetBy(dx: -width * grid.u, dy: -width * grid.u))
            canvas.stroke(path, paint: .solid(color), style: StrokeStyle(width: width * grid.u, join: .round, cap: .round))
        }
    }

    static func tickLabel(_ v: Double) -> String { MotionGuide.number(v) }

    /// lower, lower + step, … up to upper, counted by index so rounding cannot drop the last one.
    static func steps(_ range: ClosedRange<Double>, by step: Double) -> [Double] {
        let count = Int(((range.upperBound - range.lowerBound) / step + 1e-9).rounded(.down))
        return (0...count).map { range.lowerBound + Double($0) * step }
    }
}
