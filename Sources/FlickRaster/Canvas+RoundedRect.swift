extension Canvas {
    /// A rounded rectangle: a card, a button. Where its sides fall on whole device pixels, the rows between its
    /// corners are filled as a rectangle and only the two bands holding the corners are rasterized — the same
    /// pixels as filling the path, without sweeping coverage across a whole screen-sized card.
    public func fill(roundedRect rect: Rect, radius: Double, paint: Paint) {
        let path = Path.roundedRect(rect, radius: radius)
        let t = transform
        let device = t.mapBounds(rect)
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let edges = [device.minX, device.minY, device.maxX, device.maxY]
        guard t.isTranslationOnly, edges.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 }) else {
            fill(path, paint: paint)
            return
        }
        // Rows from `top` to `bottom` lie between the corners' arcs: each is full across, as an aligned fill.
        let top = (device.minY + r).rounded(.up), bottom = (device.maxY - r).rounded(.down)
        guard bottom > top else {
            fill(path, paint: paint)
            return
        }
        for band in [(device.minY, top), (bottom, device.maxY)] where band.1 > band.0 {
            withSavedState {
                clip(to: Rect(x: rect.minX, y: band.0 - t.ty, width: rect.width, height: band.1 - band.0))
                fill(path, paint: paint)
            }
        }
        fill(Rect(x: rect.minX, y: top - t.ty, width: rect.width, height: bottom - top), paint: paint)
    }
}
