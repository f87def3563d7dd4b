import CRasterKernels

/// Draws into a ``Surface``: a stack of transform, clip, alpha and blend mode, and fill/stroke/image/mask
/// operations that all end in the span loops of `Blend`.
///
/// User space is the surface's pixels (origin at the top-left, y down) until ``Canvas/transform`` changes it.
/// Shapes are anti-aliased; colours are straight-alpha ``Color``s, the pixels written premultiplied. A canvas is
/// used from one thread.
public final class Canvas {
    /// The surface drawn into; the canvas keeps it alive.
    public let surface: Surface

    private struct State {
        var transform: AffineTransform = .identity
        var clip: PixelRect
        var globalAlpha: Double = 1
        var blendMode: BlendMode = .sourceOver
    }

    private var state: State
    private var stack: [State] = []
    private let rasterizer = CoverageRasterizer()
    private let gradientTables = GradientTableCache()
    let scratch: UnsafeMutablePointer<UInt32>
    private let scratchCoverage: UnsafeMutablePointer<UInt8>
    /// Device-space flattening tolerance, in pixels: at 0.1 a curve's chords stay within a tenth of a
    /// pixel, below what anti-aliasing shows.
    public var tolerance = 0.1
    /// Off: a turned image is shaded and blended under its coverage everywhere, the plain path the tests
    /// compare `drawTurnedImageSpan` with.
    var turnedImageFastPath = true
    /// Off: an upright shadow is shaded pixel by pixel too, the plain path `fillAlignedShadow` is compared with.
    var shadowFastPath = true
    /// Off: a turned image is sampled bilinearly under its coverage instead of drawn by shears.
    var shearsTurnedImages = true
    /// A shape of one colour is swept and filled in one call into the AVX2 kernel; off, a row at a time (the tests
    /// compare the two).
    var sweepFillsWide = true
    lazy var shearScratch = ShearScratch()

    /// A canvas over `surface`: the identity transform, the whole surface as clip, global alpha 1, source-over.
    public init(surface: Surface) {
        self.surface = surface
        state = State(clip: surface.bounds)
        scratch = .allocate(capacity: max(1, surface.width))
        scratchCoverage = .allocate(capacity: max(1, surface.width))
    }

    deinit { scratch.deallocate(); scratchCoverage.deallocate() }

    // MARK: State

    /// User space to device pixels, for everything drawn next. Changed by ``Canvas/translate(_:_:)``,
    /// ``Canvas/scale(_:_:)``, ``Canvas/rotate(_:)``, ``Canvas/concatenate(_:)`` and ``Canvas/setTransform(_:)``.
    public var transform: AffineTransform { state.transform }
    /// The clip in device pixels.
    public var clipBounds: PixelRect { state.clip }

    /// Opacity, 0...1, applied to everything drawn next on top of each paint's own (clamped; NaN is 0).
    public var globalAlpha: Double {
        get { state.globalAlpha }
        set { state.globalAlpha = min(1, max(0, newValue.isNaN ? 0 : newValue)) }
    }

    /// How what is drawn next combines with the pixels under it.
    public var blendMode: BlendMode {
        get { state.blendMode }
        set {
            state.blendMode = newValue
            if newValue != .sourceOver { isCoveredOpaque = false }
        }
    }

    /// Every pixel of the surface was made opaque by an opaque fill or clear of all of it, and everything drawn
    /// since was source-over, which cannot lower an alpha: a layer is known opaque without reading it back.
    package private(set) var isCoveredOpaque = false

    /// For a caller that is about to make every pixel opaque piece by piece (a layer's opaque background drawn
    /// round an opaque view over it, which covers the rest): the surface counts as covered from now on, as after
    /// one opaque fill of all of it.
    package func willCoverOpaque() {
        if state.blendMode == .sourceOver { isCoveredOpaque = true }
    }

    /// Pushes the transform, clip, global alpha and blend mode, for ``Canvas/restore()`` to bring back.
    public func save() { stack.append(state) }

    /// Brings back the state the last ``Canvas/save()`` pushed; does nothing when there is none.
    public func restore() {
        guard let last = stack.popLast() else { return }
        state = last
        if state.blendMode != .sourceOver { isCoveredOpaque = false }
    }

    /// Runs `body` between save() and restore().
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save(); defer { restore() }
        return try body()
    }

    /// Moves user space by (`dx`, `dy`), in its current units, for everything drawn next.
    public func translate(_ dx: Double, _ dy: Double) { concatenate(.translation(dx, dy)) }
    /// Scales user space by `sx` across and `sy` down, about its origin, for everything drawn next.
    public func scale(_ sx: Double, _ sy: Double) { concatenate(.scale(sx, sy)) }
    /// Turns user space about its origin by `radians` (clockwise on screen when positive), for everything drawn next.
    public func rotate(_ radians: Double) { concatenate(.rotation(radians)) }

    /// Applies `t` to everything drawn after, before the current transform.
    public func concatenate(_ t: AffineTransform) { state.transform = state.transform.prepending(t) }

    /// Replaces the transform (user space to device pixels) outright.
    public func setTransform(_ t: AffineTransform) { state.transform = t }

    /// Intersects the clip with `rect` in user space. Under a rotation the clip is the rectangle's
    /// device-space bounding box.
    public func clip(to rect: Rect) {
        state.clip = state.clip.intersection(Self.clipPixels(of: rect, under: state.transform))
    }

    /// The device pixels `clip(to: rect)` keeps under transform `t`.
    package static func clipPixels(of rect: Rect, under t: AffineTransform) -> PixelRect {
        PixelRect(enclosing: snapped(t.mapBounds(rect)))
    }

    // MARK: Drawing

    /// Sets every pixel inside the clip to `color`, transparent black by default: no blending, and neither the
    /// transform nor the global alpha applies.
    public func clear(_ color: Color = .clear) {
        let pixel = color.pixel
        let c = state.clip
        if pixel >> 24 != 255 {
            isCoveredOpaque = false
        } else if c == surface.bounds && state.blendMode == .sourceOver {
            isCoveredOpaque = true
        }
        for y in c.y..<c.maxY { Blend.store(surface.row(y) + c.x, count: c.width, color: pixel) }
    }

    /// Fills `rect` (user space) with `color`.
    public func fill(_ rect: Rect, color: Color) { fill(rect, paint: .solid(color)) }

    /// Fills `rect` (user space) with `paint`. Under a transform that keeps it upright, with its edges on whole
    /// device pixels, it is filled as rows of pixels without rasterizing.
    public func fill(_ rect: Rect, paint: Paint) {
        let t = state.transform
        if t.keepsEdgesUpright {
            let device = t.mapBounds(rect)
            let aligned = Self.snapped(device)
            if aligned == device || device.isEmpty {
                fillAligned(PixelRect(enclosing: aligned), paint: paint)
                return
            }
        }
        fill(Path.rect(rect), paint: paint)
    }

    /// Fills `path` (user space) with `paint`, anti-aliased, inside as `rule` says.
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero) {
        let t = state.transform
        let device = (t.isIdentity ? path : path.transformed(by: t)).flattened(tolerance: tolerance)
        rasterize(device.map(\.points), rule: rule, paint: paint)
    }

    /// Strokes `path` with `paint`, anti-aliased. The stroke is outlined in user space: its width scales with the
    /// transform.
    public func stroke(_ path: Path, paint: Paint, style: StrokeStyle) {
        let t = state.transform
        // Stroke in user space so widths scale with the transform, then map the pieces to the device.
        let userTolerance = tolerance / max(t.meanScale, 1e-6)
        let pieces = Stroker(style: style, tolerance: userTolerance)
            .polygons(for: path.flattened(tolerance: userTolerance))
        rasterize(pieces.map { $0.map(t.map) }, rule: .nonZero, paint: paint)
    }

    /// Fills the ellipse inscribed in `rect` (user space) with `color`.
    public func fill(ellipseIn rect: Rect, color: Color) { fill(Path.ellipse(in: rect), paint: .solid(color)) }

    /// Draws `image` with its top-left corner at `point`, at its own pixel size.
    public func draw(_ image: Surface, at point: Point, filter: ImageFilter = .bilinear) {
        let t = state.transform.prepending(.translation(point.x, point.y))
        if t.isIntegerTranslation {
            blit(image, atDeviceX: Int(t.tx), y: Int(t.ty))
            return
        }
        if filter == .bilinear, drawSheared(image, transform: t) { return }
        draw(image, in: Rect(x: point.x, y: point.y, width: Double(image.width), height: Double(image.height)),
             filter: filter)
    }

    /// Draws `under` and then `over` at `alpha` on top of it, both with their top-left corner at `point`: a
    /// cross-fade. Two opaque images of one size at a whole-pixel position are faded in one pass; anything else
    /// is drawn as two images.
    public func drawFade(from under: Surface, to over: Surface, alpha: Double, at point: Point) {
        let t = state.transform.prepending(.translation(point.x, point.y))
        guard t.isIntegerTranslation, under.isKnownOpaque, over.isKnownOpaque, state.globalAlpha == 1,
              under.width == over.width, under.height == over.height else {
            draw(under, at: point)
            withSavedState {
                globalAlpha *= alpha
                draw(over, at: point)
            }
            return
        }
        let x = Int(t.tx), y = Int(t.ty)
        let area = PixelRect(x: x, y: y, width: under.width, height: under.height).intersection(state.clip)
        guard !area.isEmpty else { return }
        let a = UInt32((min(max(alpha, 0), 1) * 255).rounded())
        for row in area.y..<area.maxY {
            Blend.fade(surface.row(row) + area.x, over: over.row(row - y) + (area.x - x),
                       under: under.row(row - y) + (area.x - x), count: area.width, alpha: a)
        }
    }

    /// Draws `image` scaled to fill `rect`.
    public func draw(_ image: Surface, in rect: Rect, filter: ImageFilter = .bilinear) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let placement = AffineTransform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .concatenating(.translation(rect.minX, rect.minY))
        fill(rect, paint: .image(ImagePaint(image: image, transform: placement, filter: filter)))
    }

    /// Composites 8-bit coverage with its top-left at device pixel (x, y): glyphs and other masks.
    public func fill(mask: AlphaMask, atDeviceX x: Int, y: Int, paint: Paint) {
        fill(paint: paint) { fill in fill(mask, x, y) }
    }

    /// Many masks with one paint — a line of text: the paint is resolved once, not per glyph. `masks` hands each
    /// mask and the device pixel of its top-left to the function it is given (no array of masks is made).
    public func fill(paint: Paint, masks: ((AlphaMask, Int, Int) -> Void) -> Void) {
        guard let shader = shader(for: paint) else { return }
        let alpha = alpha255, mode = state.blendMode, clip = state.clip
        let solid: UInt32? = if case .solid(let pixel) = shader { pixel } else { nil }
        masks { mask, x, y in
            let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
            guard !area.isEmpty else { return }
            mask.coverage.withUnsafeBufferPointer { cov in
                if let solid {
                    Blend.fill(surface.row(area.y) + area.x, stride: surface.stride,
                               coverage: cov.baseAddress! + (area.y - y) * mask.width + (area.x - x), coverageStride: mask.width,
                               width: area.width, height: area.height, color: solid, mode: mode)
                    return
                }
                for row in area.y..<area.maxY {
                    let src = cov.baseAddress! + (row - y) * mask.width + (area.x - x)
                    scratchCoverage.update(from: src, count: area.width)
                    Blend.scale(scratchCoverage, count: area.width, by: alpha)
                    span(y: row, x: area.x, count: area.width, coverage: scratchCoverage, shader: shader)
                }
            }
        }
    }

    /// Composites colour bitmaps (colour emoji) with their top-left at device pixels, source-over at the global alpha.
    public func draw(bitmaps: [(bitmap: ColorBitmap, x: Int, y: Int)]) {
        let alpha = alpha255, clip = state.clip
        guard alpha > 0 else { return }
        for (bitmap, x, y) in bitmaps {
            let area = PixelRect(x: x, y: y, width: bitmap.width, height: bitmap.height).intersection(clip)
            guard !area.isEmpty else { continue }
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                for row in area.y..<area.maxY {
                    let src = pixels.baseAddress! + (row - y) * bitmap.width + (area.x - x)
                    Blend.blend(surface.row(row) + area.x, source: src, count: area.width, alpha: alpha, mode: .sourceOver)
                }
            }
        }
    }

    // MARK: Internals

    var alpha255: UInt32 { UInt32((state.globalAlpha * 255).rounded()) }

    /// `paint` resolved for the current transform and alpha; a gradient takes the table kept from the last fill
    /// when its stops are the same.
    private func shader(for paint: Paint) -> Shader? {
        Shader(paint, state.transform, alpha: state.globalAlpha, tables: gradientTables)
    }

    private func rasterize(_ polygons: [[Point]], rule: FillRule, paint: Paint) {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for poly in polygons {
            for p in poly { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        }
        guard x0 <= x1, y0 <= y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let region = PixelRect(enclosing: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).intersection(state.clip)
        guard !region.isEmpty, let shader = shader(for: paint) else { return }
        let alpha = shader.needsScratch ? alpha255 : 255
        // A band of rows at a time: the cells stay a few hundred kilobytes (and in cache) however big the shape.
        let bandRows = max(1, CoverageRasterizer.cellBudget / (region.width + 2))
        for top in stride(from: region.y, to: region.maxY, by: bandRows) {
            let band = PixelRect(x: region.x, y: top, width: region.width, height: min(bandRows, region.maxY - top))
            rasterizer.reset(region: band)
            for y in band.y..<min(band.maxY, band.y + Self.prefetchRows) { prefetch(row: y, of: band) }
            for poly in polygons { rasterizer.addPolyline(poly) }
            if case .solid(let pixel) = shader,
               rasterizer.sweep(rule: rule, filling: surface.row(band.y) + band.x, stride: surface.stride, color: pixel,
                                mode: state.blendMode, wide: sweepFillsWide) {
                continue
            }
            rasterizer.sweep(rule: rule) { y, coverage in
                if y + Self.prefetchRows < band.maxY { prefetch(row: y + Self.prefetchRows, of: band) }
                Blend.scale(coverage, count: band.width, by: alpha)
                span(y: y, x: band.x, count: band.width, coverage: coverage, shader: shader)
            }
        }
    }

    private func prefetch(row y: Int, of band: PixelRect) {
        Self.prefetch(surface.row(y) + band.x, count: band.width, forWriting: true)
    }

    @inline(__always)
    private func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>, shader: Shader) {
        let dst = surface.row(y) + x
        switch shader {
        case .solid(let pixel):
            Blend.fill(dst, coverage: coverage, count: count, color: pixel, mode: state.blendMode)
        case .gradient(let g):
            g.shade(y: y, x: x, count: count, into: scratch)
            Blend.blend(dst, source: scratch, coverage: coverage, count: count, mode: state.blendMode)
        case .image(let s):
            if turnedImageFastPath, state.blendMode == .sourceOver, s.isTurnedBilinear {
                drawTurnedImageSpan(dst, shader: s, y: y, x: x, count: count, coverage: coverage)
                return
            }
            s.shade(y: y, x: x, count: count, into: scratch)
            Blend.blend(dst, source: scratch, coverage: coverage, count: count, mode: state.blendMode)
        }
    }

    private func fillAligned(_ rect: PixelRect, paint: Paint) {
        let area = rect.intersection(state.clip)
        guard !area.isEmpty, let shader = shader(for: paint) else { return }
        let alpha = alpha255
        // An opaque paint at full alpha replaces what is under it: source-over is a copy.
        let mode = alpha == 255 && shader.isOpaque ? .copy : state.blendMode
        if mode == .copy && state.blendMode == .sourceOver && area == surface.bounds { isCoveredOpaque = true }
        if case .solid(let pixel) = shader, mode == .copy || pixel >> 24 == 255, area.width == surface.stride {
            // Whole rows are one contiguous run: one store for the lot.
            Blend.store(surface.row(area.y), count: area.width * area.height, color: pixel)
            return
        }
        if case .gradient(let g) = shader, alpha == 255, g.dtdx == 0 || g.dtdy == 0 {
            fillAligned(area, gradient: g, mode: mode)
            return
        }
        for y in area.y..<area.maxY {
            let dst = surface.row(y) + area.x
            switch shader {
            case .solid(let pixel):
                Blend.fill(dst, count: area.width, color: pixel, mode: mode)
            case .gradient(let g) where mode == .copy && alpha == 255:
                g.shade(y: y, x: area.x, count: area.width, into: dst)
            case .image(let s) where mode == .copy && alpha == 255:
                s.shade(y: y, x: area.x, count: area.width, into: dst)
            case .gradient(let g):
                g.shade(y: y, x: area.x, count: area.width, into: scratch)
                Blend.blend(dst, source: scratch, count: area.width, alpha: alpha, mode: mode)
            case .image(let s):
                s.shade(y: y, x: area.x, count: area.width, into: scratch)
                Blend.blend(dst, source: scratch, count: area.width, alpha: alpha, mode: mode)
            }
        }
    }

    /// A vertical gradient is one colour per row, a horizontal one the same row on every row: shaded once, then
    /// filled or copied — the same pixels as shading every row (a page background costs about a plain fill).
    private func fillAligned(_ area: PixelRect, gradient g: GradientShader, mode: BlendMode) {
        if g.dtdx == 0 {
            for y in area.y..<area.maxY {
                Blend.fill(surface.row(y) + area.x, count: area.width, color: g.rowColor(y), mode: mode)
            }
            return
        }
        g.shade(y: area.y, x: area.x, count: area.width, into: scratch)
        if mode == .copy {
            Blend.repeatRow(scratch, count: area.width, into: surface.row(area.y) + area.x, stride: surface.stride,
                            rows: area.height)
            return
        }
        for y in area.y..<area.maxY {
            Blend.blend(surface.row(y) + area.x, source: scratch, count: area.width, alpha: 255, mode: mode)
        }
    }

    /// Rounds edges within 1/256 px of a pixel boundary onto it, so float noise does not cost AA.
    private static func snapped(_ r: Rect) -> Rect {
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1.0 / 256 ? v.rounded() : v }
        let x0 = snap(r.minX), y0 = snap(r.minY)
        return Rect(x: x0, y: y0, width: snap(r.maxX) - x0, height: snap(r.maxY) - y0)
    }
}
