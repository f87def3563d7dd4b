import FlickRaster

/// The screen pixels a view's subtree can touch: a rectangle and, for a view drawn turned as one piece (a layer,
/// or a view that clips or has no children), the turned quadrilateral inside it. A turned card that moves leaves
/// its rectangle's corners as they were: what lies there need not be drawn again.
struct Footprint {
    let rect: PixelRect
    /// The corners in order round the edge, widened by what resampling spreads; nil: all of `rect`.
    let quad: [Point]?

    static let none = Footprint(rect: .zero, quad: nil)

    /// The columns it may touch in `rows`; nil where it touches none.
    func columns(in rows: Range<Int>) -> Range<Int>? {
        let rows = rows.clamped(to: rect.y..<rect.maxY)
        guard !rows.isEmpty, !rect.isEmpty else { return nil }
        guard let quad else { return rect.x..<rect.maxX }
        guard let extent = Self.horizontalExtent(of: quad, from: Double(rows.lowerBound), to: Double(rows.upperBound))
        else { return nil }
        // Within the rectangle before whole pixels are taken: a card flung far off the screen has far corners.
        func column(_ x: Double) -> Int { Int(min(max(x, Double(rect.x)), Double(rect.maxX))) }
        let columns = column(extent.lowerBound.rounded(.down))..<column(extent.upperBound.rounded(.up))
        return columns.isEmpty ? nil : columns
    }

    /// Where the convex polygon `corners` lies between the horizontal lines at y0 and y1: its corners between
    /// them and where its edges cross them.
    static func horizontalExtent(of corners: [Point], from y0: Double, to y1: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for (k, p) in corners.enumerated() {
            if p.y >= y0 && p.y <= y1 { (low, high) = (min(low, p.x), max(high, p.x)) }
            let q = corners[(k + 1) % corners.count]
            for y in [y0, y1] where min(p.y, q.y) < y && y < max(p.y, q.y) {
                let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
                (low, high) = (min(low, x), max(high, x))
            }
        }
        return low <= high ? low...high : nil
    }
}

extension ViewTree {
    /// What `view`'s subtree can touch on the screen now.
    func footprint(of view: View) -> Footprint {
        guard let (rect, t) = placedCoverage(of: view) else { return .none }
        guard !rect.isEmpty, view.shouldRasterize || view.clips || view.children.isEmpty else { return Footprint(rect: rect, quad: nil) }
        // Turned (upright views fill their rectangle), and without shrinking, so that the reach widened in the
        // view's own units is at least as wide on the screen.
        guard !t.keepsEdgesUpright, abs(t.a - t.d) < 1e-9, abs(t.b + t.c) < 1e-9, t.determinant >= 1 - 1e-9 else {
            return Footprint(rect: rect, quad: nil)
        }
        let edge = view.bounds.insetBy(dx: -Self.turnedSampleReach, dy: -Self.turnedSampleReach)
        let corners = [Point(edge.minX, edge.minY), Point(edge.maxX, edge.minY), Point(edge.maxX, edge.maxY), Point(edge.minX, edge.maxY)]
            .map(t.map)
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return Footprint(rect: rect, quad: nil) }
        return Footprint(rect: rect, quad: corners)
    }

    /// `piece` cut to the columns that `footprints` touch in its rows (nil: none): drawn again there only.
    static func narrowed(_ piece: PixelRect, to footprints: [Footprint]) -> PixelRect? {
        var low = Int.max, high = Int.min
        for footprint in footprints {
            guard let columns = footprint.columns(in: piece.y..<piece.maxY) else { continue }
            (low, high) = (min(low, columns.lowerBound), max(high, columns.upperBound))
        }
        let x0 = max(piece.x, low), x1 = min(piece.maxX, high)
        return x0 < x1 ? PixelRect(x: x0, y: piece.y, width: x1 - x0, height: piece.height) : nil
    }

    /// Whether a view drawn after `occluder` (in front of it, or inside it when it is not one layer) touches
    /// `region`: drawn over pixels that were not drawn again behind it, a translucent one would darken them.
    func drawsAfter(_ occluder: Occluder, in list: DisplayList, within region: PixelRect) -> Bool {
        var index = occluder.index + 1
        while index < list.count {
            if !coverage(of: list[index].view).intersection(region).isEmpty { return true }
            index = list[index].end
        }
        return false
    }
}
