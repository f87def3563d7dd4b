import FlickRaster

/// A view's opaque area where it lands on the canvas: the screen pixels it covers with opaque pixels of its own
/// (after the views before it, so they need not be drawn there).
struct Occluder {
    let view: View
    /// Whole device pixels inside the opaque area, far enough from its edge that every sample there reads only
    /// opaque pixels: one rectangle upright, a band of rows each when turned.
    let rects: [PixelRect]
}

extension ViewTree {
    /// How far inside the opaque area an occluded pixel lies: a pixel drawn upright reads its neighbours (a
    /// bilinear sample at a fraction of a pixel); a turned one reads further.
    static let uprightSampleReach = 1.0, turnedSampleReach = Canvas.turnedSampleReach
    /// Rows per rectangle of a turned opaque area: the wedges left out at each band's ends grow with it, the
    /// pieces drawn round the view with the number of bands.
    static let occluderBandRows = 32

    /// The frontmost view in `view`'s subtree (drawn under `transform`, which places `view`'s parent) whose
    /// opaque area hides part of `region`: what comes before it in drawing order need not be drawn there.
    /// Views inside a layer drawn from its cache are not looked at (the layer is), nor views under a partly
    /// transparent, turned or clipped ancestor, whose opaque area is harder to tell.
    func frontmostOccluder(in view: View, parentTransform transform: AffineTransform, within region: PixelRect,
                           drawnAsLayer: (View) -> Bool) -> Occluder? {
        guard view.isDrawn, view.alpha == 1 else { return nil }
        let t = view.transformToParent.concatenating(transform)
        var found: Occluder?
        if let area = view.opaqueArea {
            let rects = Self.inscribedPixels(of: area, under: t).map { $0.intersection(region) }.filter { !$0.isEmpty }
            if !rects.isEmpty { found = Occluder(view: view, rects: rects) }
        }
        guard !drawnAsLayer(view), !view.clips || t.isTranslationOnly else { return found }
        let inner = view.clips ? region.intersection(PixelRect(enclosing: t.mapBounds(view.bounds))) : region
        for child in view.children {
            if let occluder = frontmostOccluder(in: child, parentTransform: t, within: inner, drawnAsLayer: drawnAsLayer) {
                found = occluder
            }
        }
        return found
    }

    /// The whole pixels inside `area` mapped by `t`, shrunk first by the sample reach: one rectangle when `t`
    /// keeps edges upright, else one per band of rows, each as wide as the area is on all of its rows.
    static func inscribedPixels(of area: Rect, under t: AffineTransform) -> [PixelRect] {
        let upright = t.keepsEdgesUpright
        let reach = upright ? uprightSampleReach : turnedSampleReach
        let inner = area.insetBy(dx: reach, dy: reach)
        guard inner.width > 2, inner.height > 2 else { return [] }
        // In order round the edge: a convex quadrilateral on the screen.
        let corners = [Point(inner.minX, inner.minY), Point(inner.maxX, inner.minY),
                       Point(inner.maxX, inner.maxY), Point(inner.minX, inner.maxY)].map(t.map)
        let ys = corners.map(\.y)
        let top = Int(ys.min()!.rounded(.up)), bottom = Int(ys.max()!.rounded(.down))
        let bandRows = upright ? max(bottom - top, 1) : occluderBandRows
        var rects: [PixelRect] = []
        for y0 in stride(from: top, to: bottom, by: bandRows) {
            let y1 = min(y0 + bandRows, bottom)
            // The shape's width on a row is a convex function's floor and a concave one's ceiling: over a band
            // it is narrowest at the band's top or bottom row.
            guard let a = horizontalExtent(of: corners, at: Double(y0)), let b = horizontalExtent(of: corners, at: Double(y1))
            else { continue }
            let x0 = Int(max(a.lowerBound, b.lowerBound).rounded(.up)), x1 = Int(min(a.upperBound, b.upperBound).rounded(.down))
            if x1 > x0 { rects.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        }
        return rects
    }

    /// Where the horizontal line at `y` crosses the convex polygon `corners`.
    private static func horizontalExtent(of corners: [Point], at y: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for (k, p) in corners.enumerated() {
            let q = corners[(k + 1) % corners.count]
            guard min(p.y, q.y) <= y, y <= max(p.y, q.y) else { continue }
            let x = p.y == q.y ? p.x : p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
            low = min(low, p.y == q.y ? min(p.x, q.x) : x)
            high = max(high, p.y == q.y ? max(p.x, q.x) : x)
        }
        return low <= high ? low...high : nil
    }
}
