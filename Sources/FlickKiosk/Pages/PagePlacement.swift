import FlickGestures

/// A page in its place on the screen: its view's origin, in whole pixels.
struct PlacedPage: Hashable {
    var id: String
    var x: Double
    var y: Double
}

extension PageStrip {
    /// The pages visible along the moving axis: the current one at `offset` and its neighbours chained both ways
    /// `spacing` apart, back to front (a later page covers the peek of an earlier one); at rest the next page's
    /// peek; a page a ring brings in on both sides once, where more of it shows.
    func placedPages() -> [PlacedPage] {
        let along = axis ?? peekAxis
        let step = spacing(along: along), extent = extent(along)
        let shift = offset.rounded()
        var placed: [(String, Double)] = [(current, shift)]
        for sign in [1.0, -1.0] {
            var id = current, position = shift, first = true
            while true {
                position -= sign * step
                guard position < extent, position > -extent else { break }
                let next: String? = first ? (axis == nil ? nil : page(on: sign))
                    : graph.neighbour(of: id, Self.direction(uncoveredMoving: sign, along: along))
                first = false
                guard let next else { break }
                placed.append((next, position.rounded()))
                id = next
            }
        }
        // At rest only the peek shows, and only the next page's.
        if axis == nil, peek > 0, let next = peekingPage {
            placed.append((next, step.rounded()))
        }
        // A ring of pages can bring one page in on both sides (the tour's home → info → more → home with a peek):
        // a view has one place, so it goes where more of it shows. Each page shows up to the next one, which
        // covers the rest of it.
        let sorted = placed.sorted { $0.1 < $1.1 }
        func shown(_ i: Int) -> Double {
            let end = i + 1 < sorted.count ? sorted[i + 1].1 : sorted[i].1 + extent
            return max(0, min(end, extent) - max(sorted[i].1, 0))
        }
        var best: [String: Int] = [:]
        for i in sorted.indices where best[sorted[i].0].map({ shown(i) > shown($0) }) ?? true { best[sorted[i].0] = i }
        var pages = sorted.indices.filter { best[sorted[$0].0] == $0 }.map { i in
            along == .vertical ? PlacedPage(id: sorted[i].0, x: 0, y: sorted[i].1)
                : PlacedPage(id: sorted[i].0, x: sorted[i].1, y: 0)
        }
        // Dragged across the peek's axis, the peek moves along with the current page.
        if let axis, axis != peekAxis, peek > 0, let next = peekingPage, !pages.contains(where: { $0.id == next }) {
            let across = spacing(along: peekAxis).rounded()
            pages.append(axis == .vertical ? PlacedPage(id: next, x: across, y: shift) : PlacedPage(id: next, x: shift, y: across))
        }
        return pages
    }

    /// The page whose peek shows past the current one: its next page along the peek axis.
    private var peekingPage: String? { graph.neighbour(of: current, peekAxis == .vertical ? .down : .right) }
}
