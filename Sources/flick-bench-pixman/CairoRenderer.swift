import CCairo
import CFreeType
import FlickBench
import FlickRaster

/// The same frames drawn by cairo (its image backend) on the same pixel memory, as a cairo user would draw them.
final class CairoRenderer: ReferenceRenderer {
    let name = "cairo"
    private var contexts: [OpaquePointer] = []
    private var surfaces: [OpaquePointer] = []
    private var patterns: [OpaquePointer] = []
    /// Cairo's font faces over FreeType faces, kept (with their library) for as long as frames draw with them.
    private var fontFaces: [(face: OpaquePointer, library: FT_Library?, ft: FT_Face?)] = []

    deinit {
        for cr in contexts { cairo_destroy(cr) }
        for pattern in patterns { cairo_pattern_destroy(pattern) }
        for surface in surfaces { cairo_surface_destroy(surface) }
        for font in fontFaces {
            cairo_font_face_destroy(font.face)
            FT_Done_Face(font.ft)
            FT_Done_FreeType(font.library)
        }
    }

    func frame(_ operation: RasterOperation, scenes: RasterScenes) -> (() -> Void)? {
        // A context per operation: the operator one sets stays out of the others' frames.
        let cr = cairo_create(wrap(scenes.target))!
        contexts.append(cr)
        let w = Double(scenes.size.width), h = Double(scenes.size.height)
        switch operation {
        case .opaqueFill:
            return {
                cairo_set_source_rgb(cr, 0x33 / 255, 0x66 / 255, 0x99 / 255)
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_fill(cr)
            }
        case .verticalGradient, .horizontalGradient, .diagonalGradient:
            let end = scenes.gradientEnd(operation)
            let gradient = cairo_pattern_create_linear(0, 0, end.x, end.y)!
            patterns.append(gradient)
            for (i, c) in RasterScenes.gradientColors.enumerated() {
                cairo_pattern_add_color_stop_rgb(gradient, Double(i), c.red, c.green, c.blue)
            }
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            return {
                cairo_set_source(cr, gradient)
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_fill(cr)
            }
        case .copyAtOffset:
            let layer = wrap(scenes.opaqueLayer)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            return {
                cairo_set_source_surface(cr, layer, Double(RasterScenes.copyOffset), 0)
                cairo_paint(cr)
            }
        case .sourceOver:
            let layer = wrap(scenes.translucentLayer)
            return {
                cairo_set_source_surface(cr, layer, 0, 0)
                cairo_paint(cr)
            }
        case .shapes:
            let shapes = scenes.shapes()
            return {
                for (path, color) in shapes {
                    Self.append(path, to: cr)
                    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                    cairo_fill(cr)
                }
            }
        case .glyphs:
            return glyphFrame(scenes, cr: cr)
        }
    }

    /// The text as a cairo user draws it: `cairo_show_glyphs` with the same face (cairo's FreeType backend, light
    /// hinting) at the same pen positions. Cairo rasterises and caches the glyphs itself, so this times text drawing
    /// as cairo does it, not Flick's masks composited by cairo (one `cairo_mask_surface` per glyph costs cairo
    /// about four times as much). nil when the face cannot be opened: no figure rather than a frame of nothing.
    private func glyphFrame(_ scenes: RasterScenes, cr: OpaquePointer) -> (() -> Void)? {
        let layout = scenes.text, origin = RasterScenes.textOrigin, c = scenes.textColor
        var library: FT_Library?
        var face: FT_Face?
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        guard FT_New_Face(library, layout.face.path, 0, &face) == 0,
              let fontFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16) else {
            if let face { FT_Done_Face(face) }
            FT_Done_FreeType(library)
            return nil
        }
        fontFaces.append((fontFace, library, face))
        var glyphs = layout.lines.flatMap { line in
            line.glyphs.filter { $0.face == 0 }.map {
                cairo_glyph_t(index: UInt($0.index), x: origin.x + $0.x, y: origin.y + $0.y)
            }
        }
        cairo_set_font_face(cr, fontFace)
        cairo_set_font_size(cr, layout.pixelSize)
        return {
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        }
    }

    /// Cairo has no quadratic segment: a quad is the cubic with its control points ⅔ of the way to the quad's.
    private static func append(_ path: Path, to cr: OpaquePointer) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .quad(let c, let p):
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                let c1 = Point(x, y) + (c - Point(x, y)) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .cubic(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// Cairo's ARGB32 is Flick's pixel: premultiplied 0xAARRGGBB in native order.
    private func wrap(_ surface: Surface) -> OpaquePointer {
        let bytes = UnsafeMutableRawPointer(surface.pixels).assumingMemoryBound(to: UInt8.self)
        let image = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(surface.width),
                                                        Int32(surface.height), Int32(surface.stride * 4))!
        surfaces.append(image)
        return image
    }
}
