import FlickRaster

/// Pixels an opaque layer will be copied over need no painting first: the screen's clear under the pages, a
/// list's background under its rows. Only layers already cached count (their opacity is known). The screen's
/// clear is also left out under views whose own background is opaque. A layer's known opaque area counts as
/// a layer known opaque.
extension ViewTree {
    /// The device rectangles within `clip` where layers among `view`'s descendants will be copied opaque when
    /// `view` is drawn under `toDevice` at full alpha: cached, known opaque, at full alpha all the way down, moved
    /// by whole-pixel translations and cut by the clips between; with `backgrounds`, also where such views fill
    /// their bounds with an opaque background.
    func layerCover(below view: View, toDevice: AffineTransform, clip: PixelRect, backgrounds: Bool = false) -> [PixelRect] {
        guard toDevice.isTranslationOnly else { return [] }
        let inner = view.clips ? clip.intersection(Canvas.clipPixels(of: view.bounds, under: toDevice)) : clip
        var found: [PixelRect] = []
        collectLayerCover(below: view, toDevice: toDevice, clip: inner, backgrounds: backgrounds, into: &found)
        return found
    }

    private func collectLayerCover(below view: View, toDevice: AffineTransform, clip: PixelRect, backgrounds: Bool,
                                   into found: inout [PixelRect]) {
        for child in view.children where child.isDrawn && child.alpha == 1 {
            let t = child.transformToParent.concatenating(toDevice)
            guard t.isTranslationOnly else { continue }
            if backgrounds, !child.shouldRasterize, let paint = child.background, paint.isOpaque {
                // Whole pixels only: a background's anti-aliased edge does not hide what is under it.
                let filled = PixelRect(inside: t.mapBounds(child.bounds)).intersection(clip)
                if !filled.isEmpty { found.append(filled) }
            }
            if child.shouldRasterize {
                // Drawn as `draw` does: the cache copied at the rounded translation, all of it or its known opaque
                // area (a photo card's print).
                if let cache = child.cache {
                    let placed = PixelRect(x: Int(t.tx.rounded()), y: Int(t.ty.rounded()), width: cache.width, height: cache.height)
                    let opaque = cache.isKnownOpaque ? placed : cache.knownOpaqueArea.offsetBy(dx: placed.x, dy: placed.y)
                    let shown = opaque.intersection(clip)
                    if !shown.isEmpty { found.append(shown) }
                }
                continue
            }
            // Cut where the canvas will cut it when drawing.
            let inner = child.clips ? clip.intersection(Canvas.clipPixels(of: child.bounds, under: t)) : clip
            if !inner.isEmpty { collectLayerCover(below: child, toDevice: t, clip: inner, backgrounds: backgrounds, into: &found) }
        }
    }

    /// Fills `view`'s background where its own opaque layers will not cover it.
    func fillBackground(_ paint: Paint, of view: View, on canvas: Canvas) {
        let covering = canvas.globalAlpha == 1
            ? layerCover(below: view, toDevice: canvas.transform, clip: canvas.clipBounds) : []
        guard !covering.isEmpty else {
            canvas.fill(view.bounds, paint: paint)
            return
        }
        let area = PixelRect(enclosing: canvas.transform.mapBounds(view.bounds)).intersection(canvas.clipBounds)
        let uncovered = area.subtracting(covering)
        let toLocal = AffineTransform.translation(-canvas.transform.tx, -canvas.transform.ty)
        for piece in uncovered where !piece.isEmpty {
            canvas.withSavedState {
                canvas.clip(to: toLocal.mapBounds(piece.rect))
                canvas.fill(view.bounds, paint: paint)
            }
        }
    }
}
