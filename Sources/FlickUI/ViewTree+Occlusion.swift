import FlickRaster

/// A view's opaque area where it lands on the canvas: the screen pixels it covers with opaque pixels of its own
/// (after the views before it, so they need not be drawn there).
struct Occluder {
    /// Where the view is in the display list.
    let index: Int
    /// Whole device pixels inside the opaque area, far enough from its edge that every sample there reads only
    /// opaque pixels: one rectangle upright, a band of rows each when turned.
    let rects: [PixelRect]
}

extension ViewTree {
    /// How far inside the opaque area an occluded pixel lies: a pixel drawn upright reads its neighbours (a
    /// bilinear sample at a fraction of a pixel); a turned one reads further.
    static let uprightSampleReach = 1.0, turnedSampleReach = Canvas.turnedSampleReach
    /// The fewest rows per rectangle of a turned opaque area (see `bandRows`).
    static let fewestBandRows = 8
    /// What drawing one more piece round an opaque area costs (a walk of the tree, each view's drawing set up),
    /// as pixels filled and copied. Measured with the photo card under a finger at 1920x1080: from 1024 to 16384
    /// its frames took the same within the noise, 10 % less than bands of 32 rows at every turn; 256, 4 % less.
    static let pieceCostPixels = 2048.0

    /// The frontmost item of `list` whose opaque area hides part of `region`: what comes before it in drawing
    /// order need not be drawn there. Views inside a layer drawn from its cache are not looked at (the layer is),
    /// nor views under a partly transparent, turned or clipped ancestor, whose opaque area is harder to tell.
    func frontmostOccluder(in list: DisplayList, within region: PixelRect) -> Occluder? {
        for index in stride(from: list.count - 1, through: 0, by: -1) where !list[index].occludes.isEmpty {
            let rects = list[index].occludes.map { $0.intersection(region) }.filter { !$0.isEmpty }
            if !rects.isEmpty { return Occluder(index: index, rects: rects) }
        }
        return nil
    }

    /// The whole pixels inside `area` mapped by `t`, shrunk first by the sample reach: one rectangle when `t`
    /// keeps edges upright, else one per band of rows, each as wide as the area is on all of its rows.
    static func inscribedPixels(of area: Rect, under t: AffineTransform) -> [PixelRect] {
        let upright = t.keepsEdgesUpright
        let reach = upright ? uprightSampleReach : turnedSampleReach
        let inner = area.insetBy(dx: reach, dy: reach)
        guard inner.width > 2, inner.height > 2 else { return [] }
        // In order round the edge: a convex quadrilateral on the screen.
        let corners = [Point(inner.minX, inner.minY), Point(inner.maxX, inner.minY),
                       Point(inner.maxX, inner.maxY), Point(inner.minX, inner.maxY)].map(t.map)
        let ys = corners.map(\.y).sorted()
        let top = Int(ys[0].rounded(.up)), bottom = Int(ys[3].rounded(.down))
        guard top < bottom else { return [] }
        // Between the corners' rows each side is one straight edge: the bands of each stretch are as tall as its
        // edges' slant makes worth it.
        let cuts = Set([top, bottom] + ys[1...2].map { Int($0.rounded()) }.filter { $0 > top && $0 < bottom }).sorted()
        func extent(at y: Int) -> ClosedRange<Double>? { Footprint.horizontalExtent(of: corners, from: Double(y), to: Double(y)) }
        var rects: [PixelRect] = []
        for (from, to) in zip(cuts, cuts.dropFirst()) {
            guard let a = extent(at: from), let b = extent(at: to)
            else { continue }
            let slant = (abs(a.lowerBound - b.lowerBound) + abs(a.upperBound - b.upperBound)) / Double(to - from)
            let rows = upright ? to - from : bandRows(slant: slant)
            for y0 in stride(from: from, to: to, by: rows) {
                let y1 = min(y0 + rows, to)
                // The shape's width on a row is a convex function's floor and a concave one's ceiling: over a
                // band it is narrowest at the band's top or bottom row.
                guard let a = extent(at: y0), let b = extent(at: y1)
                else { continue }
                let x0 = Int(max(a.lowerBound, b.lowerBound).rounded(.up)), x1 = Int(min(a.upperBound, b.upperBound).rounded(.down))
                if x1 > x0 { rects.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
            }
        }
        return rects
    }

    /// Rows per band where the two sides together slant `slant` pixels across per row. A band of h rows leaves
    /// out wedges of about h·h·slant/2 pixels at its ends, and the two pieces drawn round it each walk the tree
    /// again: per row, h·slant/2 + 2·cost/h, least at h = √(4·cost/slant).
    static func bandRows(slant: Double) -> Int {
        let rows = (4 * pieceCostPixels / max(slant, 1e-6)).squareRoot()
        return Int(min(max(rows, Double(fewestBandRows)), 1e6))
    }
}
