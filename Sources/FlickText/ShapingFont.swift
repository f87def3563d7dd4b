import CHarfBuzz

/// HarfBuzz font functions for a sub-font of an hb-ft font, its data a `GlyphAdvances`: characters' glyphs and
/// horizontal advances from Flick's tables (the same values hb-ft gives, remembered), everything else — variation
/// selectors, extents, contour points — from the hb-ft parent.
enum ShapingFont {
    nonisolated(unsafe) static let functions: OpaquePointer? = {
        let functions = hb_font_funcs_create()
        hb_font_funcs_set_nominal_glyph_func(functions, { _, data, codepoint, glyph, _ in
            guard let data, let glyph else { return 0 }
            let found = tables(data).characters.glyph(codepoint)
            glyph.pointee = found
            return found != 0 ? 1 : 0
        }, nil, nil)
        // As hb-ft: glyphs up to the first character the face lacks; HarfBuzz asks for the rest one at a time.
        hb_font_funcs_set_nominal_glyphs_func(functions, { _, data, count, codepoints, codepointStride, glyphs, glyphStride, _ in
            guard let data, let codepoints, let glyphs else { return 0 }
            let characters = tables(data).characters
            var codepoint = UnsafeRawPointer(codepoints), glyph = UnsafeMutableRawPointer(glyphs)
            for done in 0..<count {
                let found = characters.glyph(codepoint.loadUnaligned(as: hb_codepoint_t.self))
                glyph.storeBytes(of: found, as: hb_codepoint_t.self)
                if found == 0 { return done }
                codepoint += Int(codepointStride)
                glyph += Int(glyphStride)
            }
            return count
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advances_func(functions, { _, data, count, glyphs, glyphStride, advances, advanceStride, _ in
            guard let data, let glyphs, let advances else { return }
            let table = tables(data)
            var glyph = UnsafeRawPointer(glyphs), advance = UnsafeMutableRawPointer(advances)
            for _ in 0..<count {
                advance.storeBytes(of: table.shaping(glyph.loadUnaligned(as: hb_codepoint_t.self)), as: hb_position_t.self)
                glyph += Int(glyphStride)
                advance += Int(advanceStride)
            }
        }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()

    private static func tables(_ data: UnsafeMutableRawPointer) -> GlyphAdvances {
        Unmanaged<GlyphAdvances>.fromOpaque(data).takeUnretainedValue()
    }
}
