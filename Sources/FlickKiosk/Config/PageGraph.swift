/// The pages of a validated config as a graph: who is next to whom, and which way a page may be swiped.
/// Links are one-way (going up then down may reach a different page) and cycles are fine. [swiping-multi-view-framework]
public struct PageGraph: Sendable, Equatable {
    /// A side of a page, as its config names its neighbour there (`"up"`, `"down"`, `"left"`, `"right"`). The
    /// neighbour on the right is revealed by dragging the page to the left.
    public enum Direction: String, Sendable, CaseIterable, Hashable {
        /// `up`: the page above.
        case up
        /// `down`: the page below.
        case down
        /// `left`: the page to the left.
        case left
        /// `right`: the page to the right.
        case right
        /// Whether the side is left or right.
        public var isHorizontal: Bool { self == .left || self == .right }
    }

    /// The id of the page shown first (the config's `start`).
    public let start: String
    /// Page ids in file order.
    public let pageIDs: [String]
    private let links: [String: [Direction: String]]
    private let axes: [String: KioskConfig.Axes]
    /// The pages each page's controls show (`{"page": id}` actions).
    private let shown: [String: [String]]
    /// Pages outside their `shown` times now: the swipe passes over them.
    public let hidden: Set<String>

    /// The graph of `config`'s pages and their links, each page swiped along its own `axis` or else the swipe's.
    ///
    /// `hidden` pages (outside their `shown` times) are passed over: a link to one leads on to its own link on the
    /// same side.
    public init(_ config: KioskConfig, hidden: Set<String> = []) {
        self.hidden = hidden
        start = config.start
        pageIDs = config.pages.map(\.id)
        links = Dictionary(uniqueKeysWithValues: config.pages.map { ($0.id, $0.neighbours) })
        axes = Dictionary(uniqueKeysWithValues: config.pages.map { ($0.id, $0.axes ?? config.swipe.axes) })
        shown = Dictionary(uniqueKeysWithValues: config.pages.map { page in
            (page.id, page.content.kind.actions.compactMap { if case .page(let id) = $0 { id } else { nil } })
        })
    }

    /// Which way `id` may be swiped: the page's own `axis`, else the graph's.
    public func axes(of id: String) -> KioskConfig.Axes { axes[id] ?? .both }

    /// Whether a drag toward `direction` moves page `id` at all (a restricted page does not even bounce across its axis).
    public func allows(_ direction: Direction, on id: String) -> Bool {
        switch axes(of: id) {
        case .both: true
        case .horizontal: direction.isHorizontal
        case .vertical: !direction.isHorizontal
        }
    }

    /// The page the config names on `id`'s `direction` side, whether or not the axis allows reaching it.
    public func link(of id: String, _ direction: Direction) -> String? { links[id]?[direction] }

    /// The page revealed on `id`'s `direction` side, or nil when there is none or the axis forbids it.
    public func neighbour(of id: String, _ direction: Direction) -> String? {
        guard allows(direction, on: id) else { return nil }
        var next = link(of: id, direction), passed: Set<String> = []
        while let page = next, hidden.contains(page) {
            guard passed.insert(page).inserted else { return nil }
            next = link(of: page, direction)
        }
        // Passing over hidden pages may come round to the page itself: then there is none that way.
        return passed.isEmpty || next != id ? next : nil
    }

    /// Pages no sequence of allowed swipes and buttons (a panel's `{"page": id}` actions) from `start` reaches, in
    /// file order. Worth a warning, not an error.
    public var unreachable: [String] {
        var seen: Set<String> = [start], queue = [start]
        while let id = queue.popLast() {
            let next = Direction.allCases.compactMap { neighbour(of: id, $0) } + (shown[id] ?? [])
            for n in next where seen.insert(n).inserted { queue.append(n) }
        }
        return pageIDs.filter { !seen.contains($0) }
    }
}
