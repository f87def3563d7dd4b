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
        for inked in layout.inkedGlyphs {
            // Pens stay fractional; each glyph's mask snaps to the nearest pixel on its own.
            let penX = Int((device.x + inked.x).rounded())
            let baseline = Int((device.y + inked.y).rounded())
            fill(mask: inked.glyph.mask, atDeviceX: penX + inked.glyph.left, y: baseline - inked.glyph.top, paint: paint)
        }
    }
}
