import FlickRaster

extension Canvas {
    /// Draws `layout` with its box's top-left at `origin` (user space). Only the origin goes through
    /// the canvas transform: glyphs are drawn at the layout's pixel size, unscaled and unrotated,
    /// so lay text out at the device size you want.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        draw(layout, at: origin, paint: .solid(color))
    }

    /// Coverage glyphs take `paint`; colour glyphs (emoji) are drawn in their own colours.
    public func draw(_ layout: TextLayout, at origin: Point, paint: Paint) {
        let device = transform.map(origin)
        // Pens stay fractional; each glyph's mask snaps to the nearest pixel on its own.
        func place(_ inked: InkedGlyph) -> (x: Int, y: Int) {
            (Int((device.x + inked.x).rounded()) + inked.glyph.left, Int((device.y + inked.y).rounded()) - inked.glyph.top)
        }
        fill(paint: paint) { fill in
            for inked in layout.inkedGlyphs where inked.glyph.color == nil {
                let at = place(inked)
                fill(inked.glyph.mask, at.x, at.y)
            }
        }
        guard layout.hasColorGlyphs else { return }
        draw(bitmaps: layout.inkedGlyphs.compactMap { inked in
            guard let bitmap = inked.glyph.color else { return nil }
            let at = place(inked)
            return (bitmap, at.x, at.y)
        })
    }
}
