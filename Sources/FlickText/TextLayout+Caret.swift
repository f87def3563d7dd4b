/// Where a caret goes in a line, right-to-left and mixed text included.
///
/// Offsets count Unicode scalars of the line's `text`, as glyph clusters do. A caret stops only between grapheme
/// clusters (Swift's `Character`s): never between a letter and its marks, inside a flag or an emoji sequence. At an
/// offset it sits at the leading edge of the cluster that starts there — its left edge in a left-to-right run, its
/// right edge in a right-to-left one — and at the text's end at the trailing edge of the last cluster. Where a
/// run of one direction meets another, two offsets can share one x, and the far edge of a run embedded in the
/// other direction has none of its own (Hebrew with "12" inside: the caret before "1" and after "2" both sit left
/// of "1").
extension TextLayout.Line {
    /// One place the caret can be: a text offset and the x it is drawn at.
    public struct CaretStop: Hashable, Sendable {
        /// In Unicode scalars of the line's `text`.
        public var offset: Int
        /// From the layout box's left, as glyphs' `x`.
        public var x: Double

        /// A stop for `offset` drawn at `x`.
        public init(offset: Int, x: Double) { self.offset = offset; self.x = x }
    }

    /// A caret stop for every grapheme boundary of the text, from its start to its end, in the order they are seen
    /// left to right: pressing Right steps through them in turn. Of two stops at one x, the one at the edge of the
    /// cluster on the left comes first.
    public var caretStops: [CaretStop] {
        let boundaries = graphemeBoundaries
        let clusters = CaretCluster.clusters(of: self)
        guard !clusters.isEmpty else { return boundaries.map { CaretStop(offset: $0, x: x) } }
        let end = boundaries[boundaries.count - 1]

        var placed: [(order: (slot: Int, across: Double), stop: CaretStop)] = []
        placed.reserveCapacity(boundaries.count)
        var c = 0
        for (b, offset) in boundaries.enumerated() {
            // The cluster holding the scalar at the offset; at the end, the one holding the last scalar.
            let scalar = offset == end ? offset - 1 : offset
            while c + 1 < clusters.count && clusters[c + 1].start <= scalar { c += 1 }
            let cluster = clusters[c]
            // Along the reading direction, 0 the cluster's leading edge and 1 its trailing edge. A cluster of several
            // graphemes (a ligature) shares its width between them.
            let along: Double
            if offset == end {
                along = 1
            } else {
                let before = boundaries[...b].reversed().prefix { $0 > cluster.start }.count
                let after = boundaries[(b + 1)...].prefix { $0 < cluster.end }.count
                along = Double(before) / Double(before + after + 1)
            }
            let across = cluster.direction == .rightToLeft ? 1 - along : along
            // Ordered by slot, then across it: the right edge of one slot before the left edge of the next.
            let order = (slot: across < 0.5 ? cluster.leftSlot : cluster.rightSlot, across: across)
            placed.append((order, CaretStop(offset: offset, x: cluster.left + across * (cluster.right - cluster.left))))
        }
        placed.sort { $0.order < $1.order }
        return placed.map(\.stop)
    }

    /// Where the caret at `offset` is drawn, from the layout box's left. An offset inside a grapheme counts as the
    /// boundary before it; one past the end as the end.
    public func caretX(at offset: Int) -> Double {
        let stops = caretStops
        return stops[stopIndex(of: offset, in: stops)].x
    }

    /// The caret offset for a tap at `x` (from the layout box's left): the nearest stop. Of stops at the same x,
    /// the one on the tapped side of it.
    public func caretOffset(nearestX x: Double) -> Int {
        let stops = caretStops
        var best = 0
        for (i, stop) in stops.enumerated() {
            let distance = abs(stop.x - x), bestDistance = abs(stops[best].x - x)
            if distance < bestDistance || (distance == bestDistance && stop.x <= x) { best = i }
        }
        return stops[best].offset
    }

    /// The offset Left moves the caret at `offset` to: the stop seen next to its left (in right-to-left text, the
    /// next one in reading order). nil at the line's left end.
    public func caretOffset(leftOf offset: Int) -> Int? {
        let stops = caretStops
        let i = stopIndex(of: offset, in: stops)
        return i > 0 ? stops[i - 1].offset : nil
    }

    /// The offset Right moves the caret at `offset` to; nil at the line's right end.
    public func caretOffset(rightOf offset: Int) -> Int? {
        let stops = caretStops
        let i = stopIndex(of: offset, in: stops)
        return i + 1 < stops.count ? stops[i + 1].offset : nil
    }

    private var graphemeBoundaries: [Int] { TextLayout.graphemeBoundaries(text) }

    /// The stop for `offset`, moved back to a grapheme boundary and into the text.
    private func stopIndex(of offset: Int, in stops: [CaretStop]) -> Int {
        let boundary = graphemeBoundaries.last { $0 <= offset } ?? 0
        return stops.firstIndex { $0.offset == boundary } ?? 0
    }
}

extension TextLayout {
    /// The offsets, in Unicode scalars, where a caret can stop in `text`: its grapheme boundaries, 0 and the end
    /// included, in order.
    public static func graphemeBoundaries(_ text: String) -> [Int] {
        var boundaries = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            boundaries.append(offset)
        }
        return boundaries
    }
}

/// One glyph cluster of a line (the scalars HarfBuzz shaped together) where the screen shows it.
private struct CaretCluster {
    /// Scalars of the line's text.
    var start: Int, end: Int
    /// Its leftmost and rightmost slots — runs of the line's glyphs, left to right, that belong to one cluster (one
    /// slot unless shaping split the cluster) — and the pens they span.
    var leftSlot: Int, rightSlot: Int
    var left: Double, right: Double
    var direction: TextDirection

    /// The line's clusters in text order.
    static func clusters(of line: TextLayout.Line) -> [CaretCluster] {
        var byStart: [Int: CaretCluster] = [:]
        var pen = line.x, slot = -1, previous: Int?
        for glyph in line.glyphs {
            if glyph.cluster != previous { slot += 1 }
            previous = glyph.cluster
            let right = pen + glyph.advance
            if var seen = byStart[glyph.cluster] {
                seen.rightSlot = slot
                seen.left = min(seen.left, pen)
                seen.right = max(seen.right, right)
                byStart[glyph.cluster] = seen
            } else {
                byStart[glyph.cluster] = CaretCluster(start: glyph.cluster, end: glyph.cluster, leftSlot: slot, rightSlot: slot,
                                                      left: pen, right: right, direction: glyph.direction)
            }
            pen = right
        }
        var clusters = byStart.values.sorted { $0.start < $1.start }
        let scalarCount = line.text.unicodeScalars.count
        for i in clusters.indices {
            clusters[i].end = i + 1 < clusters.count ? clusters[i + 1].start : max(scalarCount, clusters[i].start + 1)
        }
        return clusters
    }
}
