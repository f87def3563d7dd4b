import FlickBench
import FlickRaster
import FlickText

/// One glyph of the benchmark's text as a reference draws it: its coverage mask at a whole-pixel top-left,
/// placed as Flick's Canvas places it (the pen rounded to the nearest pixel, then the glyph's bearing).
struct PlacedGlyph {
    /// Each glyph's mask is made into an image once and shared by every place it is drawn.
    struct Key: Hashable { let face: Int, index: GlyphIndex }

    let key: Key
    let mask: AlphaMask
    let x: Int32, y: Int32

    /// Every glyph of `scenes.text` with ink, drawn at `RasterScenes.textOrigin`.
    static func all(in scenes: RasterScenes) -> [PlacedGlyph] {
        let layout = scenes.text, origin = RasterScenes.textOrigin
        return layout.lines.flatMap { line in
            line.glyphs.compactMap { positioned in
                let glyph = layout.faces[positioned.face].glyph(positioned.index, pixelSize: layout.pixelSize)
                guard glyph.mask.width > 0 else { return nil }
                return PlacedGlyph(key: Key(face: positioned.face, index: positioned.index), mask: glyph.mask,
                                   x: Int32((origin.x + positioned.x).rounded()) + Int32(glyph.left),
                                   y: Int32((origin.y + positioned.y).rounded()) - Int32(glyph.top))
            }
        }
    }
}
