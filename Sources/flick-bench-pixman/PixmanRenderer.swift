import CPixman
import FlickBench
import FlickRaster
import FlickText

/// The same frames drawn by pixman, on the same pixel memory, as a reference in flick-bench-pixman's table.
final class PixmanRenderer: ReferenceRenderer {
    let name = "pixman"
    private var retained: [OpaquePointer] = []
    private var glyphStore: [UnsafeMutablePointer<UInt8>] = []

    deinit {
        for image in retained { pixman_image_unref(image) }
        for buffer in glyphStore { buffer.deallocate() }
    }

    func frame(_ operation: RasterOperation, scenes: RasterScenes) -> (() -> Void)? {
        let target = wrap(scenes.target)
        let w = Int32(scenes.size.width), h = Int32(scenes.size.height)
        switch operation {
        case .opaqueFill:
            var color = pixman_color_t(red: 0x3333, green: 0x6666, blue: 0x9999, alpha: 0xFFFF)
            var box = pixman_box32_t(x1: 0, y1: 0, x2: w, y2: h)
            return { _ = pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &color, 1, &box) }
        case .verticalGradient, .horizontalGradient, .diagonalGradient:
            return gradientFrame(scenes.gradientEnd(operation), width: w, height: h, target: target)
        case .copyAtOffset:
            let source = wrap(scenes.opaqueLayer)
            let sx = Int32(-RasterScenes.copyOffset)
            return { pixman_image_composite32(PIXMAN_OP_SRC, source, nil, target, sx, 0, 0, 0, 0, 0, w, h) }
        case .sourceOver:
            let source = wrap(scenes.translucentLayer)
            return { pixman_image_composite32(PIXMAN_OP_OVER, source, nil, target, 0, 0, 0, 0, 0, 0, w, h) }
        case .shapes:
            return shapeFrame(scenes, target: target)
        case .glyphs:
            return glyphFrame(scenes, target: target)
        }
    }

    /// The same two-stop gradient as Flick's frame, as a pixman linear gradient composited with SRC.
    private func gradientFrame(_ end: Point, width w: Int32, height h: Int32, target: OpaquePointer) -> () -> Void {
        var p1 = pixman_point_fixed_t(x: 0, y: 0), p2 = pixman_point_fixed_t(x: Int32(end.x) << 16, y: Int32(end.y) << 16)
        var stops = RasterScenes.gradientColors.enumerated().map { i, c in
            pixman_gradient_stop_t(x: Int32(i) << 16, color: pixman_color_t(red: UInt16(c.red * 0xFFFF), green: UInt16(c.green * 0xFFFF),
                                                                           blue: UInt16(c.blue * 0xFFFF), alpha: 0xFFFF))
        }
        let gradient = pixman_image_create_linear_gradient(&p1, &p2, &stops, Int32(stops.count))!
        retained.append(gradient)
        return { pixman_image_composite32(PIXMAN_OP_SRC, gradient, nil, target, 0, 0, 0, 0, 0, 0, w, h) }
    }

    /// Each glyph's coverage as an a8 mask composited with a solid source: what a text renderer on
    /// pixman does per glyph (X's glyph path in the end does the same composite).
    private func glyphFrame(_ scenes: RasterScenes, target: OpaquePointer) -> () -> Void {
        let c = scenes.textColor
        var color = pixman_color_t(red: UInt16(c.red * 0xFFFF), green: UInt16(c.green * 0xFFFF),
                                   blue: UInt16(c.blue * 0xFFFF), alpha: 0xFFFF)
        let solid = pixman_image_create_solid_fill(&color)!
        retained.append(solid)
        var masks: [PlacedGlyph.Key: OpaquePointer] = [:]
        let draws = PlacedGlyph.all(in: scenes).map { glyph in
            let mask = masks[glyph.key] ?? makeMask(glyph.mask)
            masks[glyph.key] = mask
            return (mask: mask, x: glyph.x, y: glyph.y, w: Int32(glyph.mask.width), h: Int32(glyph.mask.height))
        }
        return {
            for d in draws {
                pixman_image_composite32(PIXMAN_OP_OVER, solid, d.mask, target, 0, 0, 0, 0, d.x, d.y, d.w, d.h)
            }
        }
    }

    /// The same shapes, flattened as Flick flattens them (outside the timing: pixman has no curves) and
    /// fanned into triangles — they are all convex — for pixman's anti-aliased triangle rasteriser.
    private func shapeFrame(_ scenes: RasterScenes, target: OpaquePointer) -> () -> Void {
        var draws: [(source: OpaquePointer, triangles: [pixman_triangle_t])] = []
        for (path, c) in scenes.shapes() {
            let points = path.flattened(tolerance: Canvas(surface: Surface(width: 1, height: 1)).tolerance)[0].points
            func fixed(_ p: Point) -> pixman_point_fixed_t {
                pixman_point_fixed_t(x: pixman_fixed_t(p.x * 65536), y: pixman_fixed_t(p.y * 65536))
            }
            let triangles = (1..<(points.count - 1)).map {
                pixman_triangle_t(p1: fixed(points[0]), p2: fixed(points[$0]), p3: fixed(points[$0 + 1]))
            }
            var color = pixman_color_t(red: UInt16(c.red * c.alpha * 0xFFFF), green: UInt16(c.green * c.alpha * 0xFFFF),
                                       blue: UInt16(c.blue * c.alpha * 0xFFFF), alpha: UInt16(c.alpha * 0xFFFF))
            let solid = pixman_image_create_solid_fill(&color)!
            retained.append(solid)
            draws.append((solid, triangles))
        }
        return {
            for d in draws {
                d.triangles.withUnsafeBufferPointer {
                    pixman_composite_triangles(PIXMAN_OP_OVER, d.source, target, PIXMAN_a8, 0, 0, 0, 0,
                                               Int32($0.count), $0.baseAddress)
                }
            }
        }
    }

    private func makeMask(_ mask: AlphaMask) -> OpaquePointer {
        // pixman wants rows 4-byte aligned.
        let stride = (mask.width + 3) & ~3
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * mask.height)
        bytes.initialize(repeating: 0, count: stride * mask.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width { bytes[y * stride + x] = mask[x, y] }
        }
        glyphStore.append(bytes)
        let image = pixman_image_create_bits(PIXMAN_a8, Int32(mask.width), Int32(mask.height),
                                             UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
                                             Int32(stride))!
        retained.append(image)
        return image
    }

    private func wrap(_ surface: Surface) -> OpaquePointer {
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(surface.width), Int32(surface.height),
                                             surface.pixels, Int32(surface.stride * 4))!
        retained.append(image)
        return image
    }
}
