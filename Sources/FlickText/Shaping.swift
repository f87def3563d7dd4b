import CFreeType
import CHarfBuzz

/// Which way a paragraph or a run of text reads.
public enum TextDirection: Hashable, Sendable {
    /// Left to right: Latin, Greek, Cyrillic, CJK, Indic scripts.
    case leftToRight
    /// Right to left: Arabic, Hebrew.
    case rightToLeft
}

/// One glyph of shaped text: which glyph, the cluster it belongs to, and where it goes relative to the pen.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph in the face that shaped it.
    public var index: GlyphIndex
    /// Offset, in the scalars shaped, of the first scalar of the cluster this glyph belongs to (ligatures, marks and
    /// conjuncts join several scalars in one cluster; a cluster is never split across lines or by a caret).
    public var cluster: Int
    /// Pixels the pen moves after this glyph.
    public var advance: Double
    /// Pixels right of the pen the glyph is drawn (a mark moved onto its base).
    public var xOffset: Double
    /// Pixels up from the pen the glyph is drawn, y growing upward as in HarfBuzz (a layout subtracts it from the
    /// baseline).
    public var yOffset: Double
}

extension FontFace {
    /// Shapes `scalars[range]` with HarfBuzz (the rest of `scalars` is context: Arabic joins across a run's edge) in
    /// `direction`, with the script and language HarfBuzz guesses from the text. GPOS kerning, marks, ligatures,
    /// Arabic joining and Indic clusters all come from here. Glyphs come in visual order (right to left text
    /// reversed); clusters index into `scalars`.
    public func shape(_ scalars: [Unicode.Scalar], range: Range<Int>? = nil, direction: TextDirection,
                      pixelSize: Double) -> [ShapedGlyph] {
        shape(scalars, range: range ?? scalars.indices, direction: direction, sizeKey: Self.sizeKey(pixelSize))
    }

    /// `hinted`: each advance is the glyph's hinted advance (whole pixels, as the rasteriser draws it) plus what
    /// shaping added to it (kerning) rounded to whole pixels — FreeType's grid-fitted kerning, for GPOS too.
    func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, direction: TextDirection, sizeKey: Int32,
               script: hb_script_t? = nil, hinted: Bool = false) -> [ShapedGlyph] {
        shape(scalars.map { $0.value }, range: range, direction: direction, sizeKey: sizeKey, script: script, hinted: hinted)
    }

    /// The same over code points converted once for a whole paragraph.
    func shape(_ codepoints: [UInt32], range: Range<Int>, direction: TextDirection, sizeKey: Int32,
               script: hb_script_t? = nil, hinted: Bool = false) -> [ShapedGlyph] {
        guard !range.isEmpty, let font = harfBuzzFont(sizeKey: sizeKey), let buffer = harfBuzzBuffer() else { return [] }
        hb_buffer_clear_contents(buffer)
        codepoints.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if let script { hb_buffer_set_script(buffer, script) }
        // Fills in what is not set: the script from the text, the language from the locale.
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let advances = hinted ? self.advances : nil
        return (0..<Int(count)).map { i in
            let index = infos[i].codepoint
            var advance = Double(positions[i].x_advance) / 64
            if hinted {
                // Rounded half up, as FreeType rounds kerning (FT_PIX_ROUND).
                let unshaped = advances?.shaping(index) ?? hb_font_get_glyph_h_advance(font, index)
                let adjustment = Double(positions[i].x_advance - unshaped) / 64
                let hintedAdvance = advances?.hinted(index) { glyph($0, sizeKey: sizeKey).advance }
                    ?? glyph(index, sizeKey: sizeKey).advance
                advance = hintedAdvance + (adjustment + 0.5).rounded(.down)
            }
            return ShapedGlyph(index: index, cluster: Int(infos[i].cluster), advance: advance,
                               xOffset: Double(positions[i].x_offset) / 64, yOffset: Double(positions[i].y_offset) / 64)
        }
    }
}
