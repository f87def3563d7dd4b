import FlickGestures
import FlickMotion

/// Where the pages stand along the config's page graph: the current page, the axis they move along and how far
/// the current page is from rest. The one place the page offset is kept; the swipe and the completion write it,
/// placement and drawing read it. A value with no views, so a test can move it by hand.
struct PageStrip {
    /// The config's pages and links.
    let graph: PageGraph
    /// The screen's width and height, in pixels (after rotation).
    let width: Double, height: Double
    /// The share of the screen along the peek axis that the next page shows at rest (the config's `swipe.peek`).
    let peek: Double
    /// The page at rest, or the one a completion is heading to.
    private(set) var current: String
    /// The axis the pages move along; nil at rest.
    private(set) var axis: Axis?
    /// How far the current page is moved from rest along `axis`, in pixels (positive: right or down).
    var offset = 0.0
    /// The page shown on the `sign` side of the current one while a completion runs: the page just left, which
    /// one-way links may not lead back to.
    private(set) var companion: (id: String, sign: Double)?

    init(graph: PageGraph, width: Double, height: Double, peek: Double, current: String) {
        self.graph = graph
        self.width = width
        self.height = height
        self.peek = peek
        self.current = current
    }

    /// Away from rest along an axis: a completion or a snap-back runs, or a finger holds the pages there.
    var isMoving: Bool { offset != 0 && axis != nil }

    /// At rest on the current page: no axis, no offset, no companion.
    mutating func rest() {
        offset = 0; axis = nil; companion = nil
    }

    /// The drag locked to `axis`.
    mutating func lock(_ axis: Axis) { self.axis = axis }

    /// The neighbour on the `sign` side becomes the current page where it stands; the page left stays beside it.
    mutating func commit(to next: String, sign: Double) {
        let old = current
        let step = spacing
        current = next
        offset -= sign * step
        companion = (old, -sign)
    }

    // MARK: Overscroll

    /// The offset as a scroller sees it: free toward a neighbour, rubber-banded where there is none.
    var scroller: Scroller {
        Scroller(bounds: (page(on: -1) == nil ? 0 : -.infinity)...(page(on: 1) == nil ? 0 : .infinity),
                 dimension: extent(axis ?? peekAxis), offset: offset)
    }

    /// The finger's offset that shows as `offset` (past the last page the page moves less than the finger).
    var fingerOffset: Double { scroller.fingerOffset }

    /// Follows a finger `fingerOffset` pixels from rest, resisted where there is no page that way.
    mutating func drag(to fingerOffset: Double) { offset = scroller.resisted(fingerOffset) }

    // MARK: Graph

    /// The page uncovered when the current one moves toward `sign` along `axis`: moving right uncovers the
    /// left neighbour, as in the seed.
    func page(on sign: Double) -> String? {
        guard sign != 0, let axis else { return nil }
        if let companion, companion.sign == (sign > 0 ? 1 : -1) { return companion.id }
        return graph.neighbour(of: current, Self.direction(uncoveredMoving: sign, along: axis))
    }

    static func direction(uncoveredMoving sign: Double, along axis: Axis) -> PageGraph.Direction {
        switch (axis, sign > 0) {
        case (.horizontal, true): .left
        case (.horizontal, false): .right
        case (.vertical, true): .up
        case (.vertical, false): .down
        }
    }

    /// Which way the pages move for a swipe in `direction`: positive is right or down.
    static func sign(_ direction: SwipeDirection) -> Double {
        direction == .right || direction == .down ? 1 : -1
    }

    /// The axes a drag on page `id` may move the pages along.
    func allowedAxes(of id: String) -> Set<Axis> {
        switch graph.axes(of: id) {
        case .both: [.horizontal, .vertical]
        case .horizontal: [.horizontal]
        case .vertical: [.vertical]
        }
    }

    /// The current page's neighbours, each once, in the graph's direction order.
    var neighbours: [String] {
        var ids: [String] = []
        for direction in PageGraph.Direction.allCases {
            if let id = graph.neighbour(of: current, direction), id != current, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    // MARK: Spacing

    /// The screen's extent along `axis`.
    func extent(_ axis: Axis) -> Double { axis == .vertical ? height : width }

    /// The axis along which the next page peeks: across a vertical-only page, else sideways.
    var peekAxis: Axis { graph.axes(of: current) == .vertical ? .vertical : .horizontal }

    /// The distance between neighbouring pages along `axis`: the screen, less the peek along the peek axis.
    func spacing(along axis: Axis) -> Double {
        extent(axis) * (axis == peekAxis ? 1 - peek : 1)
    }

    /// The spacing along the axis the pages move on, or the peek axis at rest.
    var spacing: Double { spacing(along: axis ?? peekAxis) }

    /// The part of the screen the current page shows at rest (the peek covers the rest), in page coordinates.
    func isOnCurrentPage(x: Double, y: Double) -> Bool {
        (peekAxis == .vertical ? y : x) < spacing(along: peekAxis)
    }
}
