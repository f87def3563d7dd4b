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
        let face = layout.face, sizeKey = layout.sizeKey
        for line in layout.lines {
            for positioned in line.glyphs {
                let glyph = face.glyph(positioned.index, sizeKey: sizeKey)
                guard glyph.mask.width > 0 else { continue }
                // Pens stay fractional; each glyph's mask snaps to the nearest pixel on its own.
                let penX = Int((device.x + positioned.x).rounded())
                let baseline = Int((device.y + positioned.y).rounded())
                fill(mask: glyph.mask, atDeviceX: penX + glyph.left, y: baseline - glyph.top, paint: paint)
            }
        }
    }
}
