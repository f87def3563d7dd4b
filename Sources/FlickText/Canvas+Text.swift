import FlickRaster

extension Canvas {
    /// Draws `layout` with its box's top-left at `origin` (user space). Only the origin goes through
    /// the canvas transform: glyphs are drawn at the layout's pixel size, unscaled and unrotated,
    /// so lay text out at the device size you want.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        draw(layout, at: origin, paint: .solid(color))
    }

    public func draw(_ layout: TextLayout, at origin: Point, paint: Paint) {
        let device = transform.map(origin)
        // Pens stay fractional; each glyph's mask snaps to the nearest pixel on its own.
        fill(masks: layout.inkedGlyphs.map { inked in
            (inked.glyph.mask,
             Int((device.x + inked.x).rounded()) + inked.glyph.left,
             Int((device.y + inked.y).rounded()) - inked.glyph.top)
        }, paint: paint)
    }
}
