import CRasterKernels

/// Images copied or blended at whole pixels, and the rows asked for ahead of a blend.
extension Canvas {
    /// Rows of a shape's pixels asked for ahead of its blend. Small shapes land anywhere on a frame too big for
    /// the near caches, and a blend waiting on each row's first pixels spent most of its time there. A few rows
    /// ahead measured as well as eight; asking for every row at once, before the edges, kept about a quarter of the gain
    /// (1000 shapes at 1920x1080: 0.48 × cairo without prefetching, 0.44 with every row at once, 0.31 four ahead).
    static let prefetchRows = Int(FLICK_RASTER_PREFETCH_ROWS)

    /// The widest rows of a blit asked for ahead (pixels): about where a row is long enough for the hardware's
    /// own prefetch to find it.
    static let longestRowFetchedAhead = 256

    /// Asks for the cache lines of `count` pixels from `pixels` ahead of their use.
    static func prefetch(_ pixels: UnsafePointer<UInt32>, count: Int, forWriting: Bool) {
        let start = UnsafeRawPointer(pixels), bytes = count * 4
        guard bytes > 0 else { return }
        var offset = 0
        while offset < bytes {
            if forWriting { flick_raster_prefetch_for_write(start + offset) } else { flick_raster_prefetch_for_read(start + offset) }
            offset += 64
        }
        if forWriting { flick_raster_prefetch_for_write(start + (bytes - 1)) } else { flick_raster_prefetch_for_read(start + (bytes - 1)) }
    }

    /// Copies or blends `image` with its top left corner on device pixel (x, y), inside the clip.
    func blit(_ image: Surface, atDeviceX x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height).intersection(clipBounds)
        guard !area.isEmpty else { return }
        let alpha = alpha255
        // Source-over an opaque image is a copy at full alpha and a fade under a global alpha.
        let fades = image.isKnownOpaque && alpha < 255
        let mode = image.isKnownOpaque ? .copy : blendMode
        // Where the image is known opaque, source-over at full alpha copies.
        let opaque = mode == .sourceOver && alpha == 255
            ? image.knownOpaqueArea.offsetBy(dx: x, dy: y).intersection(area) : .zero
        // Short rows are asked for ahead, as a shape's are: a layer drawn in pieces (round a turned photo card)
        // reads short rows far apart, which the hardware does not fetch ahead (measured 3–5 % of the turning
        // card's frame). Long rows it fetches itself: asking for them too made the photos page drawn from
        // nothing 10 % slower.
        let fetchesAhead = area.width <= Self.longestRowFetchedAhead
        func prefetch(_ row: Int) {
            Self.prefetch(image.row(row - y) + (area.x - x), count: area.width, forWriting: false)
            Self.prefetch(surface.row(row) + area.x, count: area.width, forWriting: true)
        }
        if fetchesAhead { for row in area.y..<min(area.maxY, area.y + Self.prefetchRows) { prefetch(row) } }
        for row in area.y..<area.maxY {
            if fetchesAhead, row + Self.prefetchRows < area.maxY { prefetch(row + Self.prefetchRows) }
            let dst = surface.row(row) + area.x, src = image.row(row - y) + (area.x - x)
            if fades {
                Blend.fade(dst, source: src, count: area.width, alpha: alpha)
            } else if row >= opaque.y, row < opaque.maxY {
                let before = opaque.x - area.x, inside = opaque.width, after = area.maxX - opaque.maxX
                Blend.blend(dst, source: src, count: before, alpha: alpha, mode: mode)
                (dst + before).update(from: src + before, count: inside)
                Blend.blend(dst + before + inside, source: src + before + inside, count: after, alpha: alpha, mode: mode)
            } else {
                Blend.blend(dst, source: src, count: area.width, alpha: alpha, mode: mode)
            }
        }
    }
}
