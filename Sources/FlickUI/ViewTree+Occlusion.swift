import FlickRaster

/// A view's opaque area where it lands on the canvas: the screen pixels it covers with opaque pixels of its own
/// (after the views before it, so they need not be drawn there).
struct Occluder {
    let view: View
    /// Whole device pixels, each entirely inside the opaque area shrunk by a pixel: a bilinear sample there
    /// reads only opaque pixels, and the shape covers it fully.
    let rect: PixelRect
}

extension ViewTree {
    /// The frontmost view in `view`'s subtree (drawn under `transform`, which places `view`'s parent) whose
    /// opaque area hides part of `region`: what comes before it in drawing order need not be drawn there.
    /// Views inside a layer drawn from its cache are not looked at (the layer is), nor views under a partly
    /// transparent, turned or clipped ancestor, whose opaque area is harder to tell.
    func frontmostOccluder(in view: View, parentTransform transform: AffineTransform, within region: PixelRect,
                           drawnAsLayer: (View) -> Bool) -> Occluder? {
        guard view.isDrawn, view.alpha == 1 else { return nil }
        let t = view.transformToParent.concatenating(transform)
        var found: Occluder?
        if let area = view.opaqueArea, let rect = Self.inscribedPixels(of: area, under: t)?.intersection(region),
           !rect.isEmpty {
            found = Occluder(view: view, rect: rect)
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

    /// The whole pixels inside `area` mapped by `t`, shrunk by a pixel first; nil when too little is left. The
    /// box between the second-smallest and second-largest corner coordinates is checked back in `area`'s own
    /// space: a convex shape holds it when it holds its corners.
    static func inscribedPixels(of area: Rect, under t: AffineTransform) -> PixelRect? {
        let inner = area.insetBy(dx: 1, dy: 1)
        guard inner.width > 2, inner.height > 2, let inverse = t.inverted() else { return nil }
        let corners = [Point(inner.minX, inner.minY), Point(inner.maxX, inner.minY),
                       Point(inner.minX, inner.maxY), Point(inner.maxX, inner.maxY)].map(t.map)
        let xs = corners.map(\.x).sorted(), ys = corners.map(\.y).sorted()
        let x0 = Int(xs[1].rounded(.up)), x1 = Int(xs[2].rounded(.down))
        let y0 = Int(ys[1].rounded(.up)), y1 = Int(ys[2].rounded(.down))
        guard x1 > x0, y1 > y0 else { return nil }
        let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let slack = 1e-6
        for p in [Point(Double(x0), Double(y0)), Point(Double(x1), Double(y0)),
                  Point(Double(x0), Double(y1)), Point(Double(x1), Double(y1))].map(inverse.map) {
            guard p.x >= inner.minX - slack, p.x <= inner.maxX + slack, p.y >= inner.minY - slack,
                  p.y <= inner.maxY + slack else { return nil }
        }
        return box
    }
}
