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
    private let buttonTargets: [String: [String]]

    /// The graph of `config`'s pages and their links, each page swiped along its own `axis` or else the swipe's.
    public init(_ config: KioskConfig) {
        start = config.start
        pageIDs = config.pages.map(\.id)
        links = Dictionary(uniqueKeysWithValues: config.pages.map { ($0.id, $0.neighbours) })
        axes = Dictionary(uniqueKeysWithValues: config.pages.map { ($0.id, $0.axes ?? config.swipe.axes) })
        buttonTargets = Dictionary(uniqueKeysWithValues: config.pages.map { ($0.id, $0.buttonTargets) })
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
        allows(direction, on: id) ? link(of: id, direction) : nil
    }

    /// Pages no sequence of allowed swipes and buttons (`{"page": id}` actions) from `start` reaches, in file order.
    /// Worth a warning, not an error.
    public var unreachable: [String] {
        var seen: Set<String> = [start], queue = [start]
        while let id = queue.popLast() {
            let next = Direction.allCases.compactMap { neighbour(of: id, $0) } + (buttonTargets[id] ?? [])
            for n in next where seen.insert(n).inserted { queue.append(n) }
        }
        return pageIDs.filter { !seen.contains($0) }
    }
}
