import FlickRaster
import FlickText
import Glibc

/// The built-in scene `flick render` draws: text in three sizes and scripts, rounded cards with
/// gradients, an image, strokes and translucency — one picture of everything the raster can do.
/// Laid out on a 1280×800 design grid and scaled to the output size.
public struct ShowcaseScene {
    private let fonts: FontCollection

    public init(fonts: FontCollection) { self.fonts = fonts }

    public func draw(on canvas: Canvas) throws {
        let width = Double(canvas.surface.width), height = Double(canvas.surface.height)
        let grid = DesignGrid(width: width, height: height), u = grid.u
        let regular = fonts.face(.regular), bold = fonts.face(.bold)

        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), paint: .linearGradient(LinearGradient(
            start: .zero, end: Point(0, height), colors: [Color(hex: 0x101828), Color(hex: 0x243B55)])))

        // Centre the design grid on the output.
        canvas.save()
        canvas.translate(grid.dx, grid.dy)
        defer { canvas.restore() }

        func text(_ s: String, _ face: FontFace, _ px: Double, _ x: Double, _ y: Double, _ color: Color,
                  width: Double? = nil, alignment: TextAlignment = .left, maxLines: Int? = nil) {
            let options = TextLayout.Options(maxWidth: width.map { $0 * u }, maxLines: maxLines, alignment: alignment)
            let layout = TextLayout(s, face: face, pixelSize: (px * u).rounded(), options: options)
            canvas.draw(layout, at: Point((x * u).rounded(), (y * u).rounded()), color: color)
        }

        text("Flick", bold, 64, 64, 40, .white)
        text("A software-rendered UI for Linux touchscreens — no GPU, no window system.", regular, 22, 64, 122,
             Color(hex: 0xB8C4D6))

        let cards = [Rect(x: 64, y: 190, width: 360, height: 520), Rect(x: 460, y: 190, width: 360, height: 520),
                     Rect(x: 856, y: 190, width: 360, height: 520)]
        let tints: [(UInt32, UInt32)] = [(0xFFFFFF, 0xE8EEF7), (0xFDF6EC, 0xF6E3C6), (0xEEF7F1, 0xD3ECDD)]
        for (card, tint) in zip(cards, tints) { drawCard(card.scaled(u), top: tint.0, bottom: tint.1, u: u, on: canvas) }

        // Card 1: three scripts, three sizes, wrapping and an ellipsis.
        text("Hello, kiosk!", bold, 34, 92, 222, Color(hex: 0x1B1F24))
        text("Γειά σου, κόσμε", regular, 24, 92, 276, Color(hex: 0x2F4A7A))
        text("Привет, мир", regular, 16, 92, 316, Color(hex: 0x7A2F4A))
        text("Text is shaped with FreeType from the fonts Flick ships, wrapped at word boundaries and "
             + "aligned left, centred or right.", regular, 17, 92, 360, Color(hex: 0x39414D), width: 304)
        text("Centred", bold, 18, 92, 500, Color(hex: 0x39414D), width: 304, alignment: .center)
        text("Right-aligned", regular, 18, 92, 530, Color(hex: 0x39414D), width: 304, alignment: .right)
        text("A line too long for its box ends with an ellipsis instead of spilling over the edge.",
             regular, 18, 92, 580, Color(hex: 0x8A4B00), width: 304, maxLines: 1)
        text("Latin · Ελληνικά · Кириллица", regular, 14, 92, 660, Color(hex: 0x6B7686))

        // Card 2: an image, scaled and rotated with bilinear sampling, under a translucent caption.
        let photo = Self.photo(width: Int(280 * u), height: Int(200 * u))
        canvas.save()
        canvas.translate(640 * u, 360 * u)
        canvas.rotate(-0.06)
        let frame = Rect(x: -150 * u, y: -110 * u, width: 300 * u, height: 220 * u)
        canvas.fill(Path.roundedRect(frame.offsetBy(dx: 4 * u, dy: 8 * u), radius: 10 * u), paint: .solid(.black.withAlpha(0.18)))
        canvas.fill(Path.roundedRect(frame, radius: 10 * u), paint: .solid(.white))
        canvas.draw(photo, in: frame.insetBy(dx: 10 * u, dy: 10 * u))
        canvas.restore()
        canvas.fill(Path.roundedRect(Rect(x: 490 * u, y: 560 * u, width: 300 * u, height: 110 * u), radius: 16 * u),
                    paint: .solid(Color(hex: 0x1B1F24, alpha: 0.75)))
        text("Images", bold, 22, 512, 576, .white)
        text("Scaled, rotated, blended over translucent cards.", regular, 15, 512, 612, Color(hex: 0xDDE3EA), width: 256)

        // Card 3: strokes with every join and cap, a self-intersecting star, curves and alpha.
        drawStrokes(in: cards[2].scaled(u), u: u, on: canvas)
        text("Strokes & alpha", bold, 22, 884, 214, Color(hex: 0x1B3A2A))
    }

    private func drawCard(_ r: Rect, top: UInt32, bottom: UInt32, u: Double, on canvas: Canvas) {
        let radius = 24 * u
        for i in 1...4 {
            let spread = Double(i) * 3 * u
            canvas.fill(Path.roundedRect(r.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: 6 * u), radius: radius + spread),
                        paint: .solid(.black.withAlpha(0.06)))
        }
        canvas.fill(Path.roundedRect(r, radius: radius), paint: .linearGradient(LinearGradient(
            start: Point(r.minX, r.minY), end: Point(r.minX, r.maxY), colors: [Color(hex: top), Color(hex: bottom)])))
    }

    private func drawStrokes(in card: Rect, u: Double, on canvas: Canvas) {
        let ink = Paint.solid(Color(hex: 0x1B3A2A))
        let x0 = card.minX + 40 * u, y0 = card.minY + 90 * u
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            var zig = Path()
            let left = x0 + Double(i) * 100 * u
            zig.move(to: Point(left, y0 + 50 * u))
            zig.line(to: Point(left + 35 * u, y0))
            zig.line(to: Point(left + 70 * u, y0 + 50 * u))
            canvas.stroke(zig, paint: ink, style: StrokeStyle(width: 12 * u, join: join))
        }
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            var line = Path()
            let y = y0 + (100 + Double(i) * 32) * u
            line.move(to: Point(x0 + 10 * u, y)); line.line(to: Point(x0 + 270 * u, y))
            canvas.stroke(line, paint: .solid(Color(hex: 0x2E7D4F)), style: StrokeStyle(width: 16 * u, cap: cap))
        }
        var curve = Path()
        curve.move(to: Point(x0, y0 + 230 * u))
        curve.cubic(to: Point(x0 + 280 * u, y0 + 230 * u), control1: Point(x0 + 80 * u, y0 + 150 * u),
                    control2: Point(x0 + 200 * u, y0 + 310 * u))
        canvas.stroke(curve, paint: .solid(Color(hex: 0xC0392B)), style: StrokeStyle(width: 4 * u, cap: .round))

        let centre = Point(x0 + 70 * u, y0 + 340 * u), r = 60 * u
        let star = Path.polygon((0..<5).map { i in
            let a = -Double.pi / 2 + Double(i * 2) * 2 * .pi / 5
            return Point(centre.x + r * cos(a), centre.y + r * sin(a))
        })
        canvas.fill(star, paint: .solid(Color(hex: 0xF1C40F)), rule: .evenOdd)
        canvas.stroke(star, paint: ink, style: StrokeStyle(width: 2 * u, join: .round))

        let venn = Point(x0 + 210 * u, y0 + 340 * u)
        for (i, hex) in [UInt32(0xE74C3C), 0x27AE60, 0x2980B9].enumerated() {
            let a = Double(i) * 2 * .pi / 3 - .pi / 2
            let c = Point(venn.x + 24 * u * cos(a), venn.y + 24 * u * sin(a))
            canvas.fill(Path.ellipse(in: Rect(x: c.x - 42 * u, y: c.y - 42 * u, width: 84 * u, height: 84 * u)),
                        paint: .solid(Color(hex: hex, alpha: 0.55)))
        }
    }

    /// A small landscape drawn procedurally, so the scene carries its own image.
    static func photo(width: Int, height: Int) -> Surface {
        let s = Surface(width: max(1, width), height: max(1, height))
        let c = Canvas(surface: s)
        let w = Double(s.width), h = Double(s.height)
        c.fill(Rect(x: 0, y: 0, width: w, height: h), paint: .linearGradient(LinearGradient(
            start: .zero, end: Point(0, h * 0.7), colors: [Color(hex: 0x2B5876), Color(hex: 0xF7B267)])))
        c.fill(Path.ellipse(in: Rect(x: w * 0.6, y: h * 0.28, width: h * 0.3, height: h * 0.3)), paint: .solid(Color(hex: 0xFFE8A3)))
        var hills = Path()
        hills.move(to: Point(0, h))
        hills.line(to: Point(0, h * 0.65))
        hills.cubic(to: Point(w, h * 0.6), control1: Point(w * 0.3, h * 0.45), control2: Point(w * 0.6, h * 0.8))
        hills.line(to: Point(w, h)); hills.close()
        c.fill(hills, paint: .linearGradient(LinearGradient(
            start: Point(0, h * 0.5), end: Point(0, h), colors: [Color(hex: 0x3A6B35), Color(hex: 0x1E3B1A)])))
        return s
    }
}

extension Rect {
    func scaled(_ k: Double) -> Rect { Rect(x: minX * k, y: minY * k, width: width * k, height: height * k) }
}
