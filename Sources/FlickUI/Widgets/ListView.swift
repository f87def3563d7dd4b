import FlickGestures
import FlickMotion
import FlickRaster
import FlickText

/// A vertical list of titled rows, UITableView's plain style: it scrolls with a `VerticalScroller` (1:1, coasting,
/// rubber-banding at the ends), and a finger on a moving list catches it where it shows. A tap on a row highlights
/// it and calls `onSelect`.
///
/// Only the rows on screen have views: a row scrolled off is reused for the next one scrolling in. Its gestures
/// are attached to `view`; a `ViewScene`'s dispatcher gives them their touches.
public final class ListView {
    /// How a list looks; sizes in pixels.
    public struct Style {
        /// The least height of a row: a title that needs more (a large text size, a title wrapping onto
        /// `maxLines`) makes its row taller.
        public var rowHeight: Double
        /// A row's background.
        public var rowFill: Color
        /// A pressed row's background.
        public var highlightFill: Color
        /// The line along the bottom of each row.
        public var separator: Color
        /// The titles' colour.
        public var title: Color
        /// The disclosure chevron's colour.
        public var chevron: Color
        /// Shows where there are no rows: below the last, and in the gap a rubber-banded end opens.
        public var background: Color
        /// The titles' font.
        public var face: FontFace
        /// The titles' font size in pixels.
        public var pixelSize: Double
        /// From the reading side's edge to the title, and from the chevron to the other edge.
        public var inset: Double
        /// Lines a long title wraps onto before it ends in an ellipsis.
        public var maxLines: Int
        /// Which way the rows read: right to left, each row is mirrored (the title against the right edge, the
        /// chevron on the left pointing left, the separator inset on the right).
        public var direction: TextDirection

        /// A style; titles wrap onto two lines unless `maxLines` says otherwise, and rows read left to right unless
        /// `direction` says otherwise.
        public init(rowHeight: Double, rowFill: Color, highlightFill: Color, separator: Color, title: Color,
                    chevron: Color, background: Color, face: FontFace, pixelSize: Double, inset: Double,
                    maxLines: Int = 2, direction: TextDirection = .leftToRight) {
            self.direction = direction
            self.rowHeight = rowHeight; self.rowFill = rowFill; self.highlightFill = highlightFill
            self.separator = separator; self.title = title; self.chevron = chevron; self.background = background
            self.face = face; self.pixelSize = pixelSize; self.inset = inset; self.maxLines = maxLines
        }
    }

    /// Below this a coasting list reads as stopped: a tap on it selects the row instead of only stopping it.
    public static let restingSpeed = VerticalScroller.restingSpeed

    /// Clips the rows; place it with its frame.
    public let view: View
    /// How it looks.
    public let style: Style
    /// The rows' titles, one row each; setting them measures and shows the rows again.
    public var titles: [String] { didSet { reload() } }
    /// Called on the frame loop's thread with a row's index when a tap on it ends.
    public var onSelect: (Int) -> Void = { _ in }
    /// How far the rows are scrolled up, in pixels; below 0 or past `maximumOffset` while rubber-banded.
    public var contentOffset: Double { scroller.offset }
    /// The pressed or selected row's index.
    public private(set) var highlightedIndex: Int?
    /// The rows on screen, in no particular order.
    public private(set) var visibleRows: [ListRow] = []
    /// Where each row starts from the top of the first, and after the last where the rows end.
    private var rowTops: [Double] = [0]

    private let content = View()
    private var reusableRows: [ListRow] = []
    private let metrics: GestureMetrics
    private var scroller: VerticalScroller!

    /// A list at `frame` showing `titles`. `metrics` is the panel's density (slop, coasting), and `scene` the scene
    /// whose animator moves it: the list's view must be shown in that scene's tree.
    public init(frame: Rect, titles: [String], style: Style, metrics: GestureMetrics, scene: ViewScene) {
        view = View(frame: frame, background: .solid(style.background))
        view.clipsToBounds = true
        view.addChild(content)
        self.titles = titles
        self.style = style
        self.metrics = metrics
        scroller = VerticalScroller(view: view, contentHeight: 0, metrics: metrics, scene: scene)
        scroller.onOffset = { [weak self] offset in
            guard let self else { return }
            // Whole pixels keep the rasterized rows on the copy path.
            content.frame.origin.y = -offset.rounded()
            layoutRows()
        }
        scroller.onCatch = { [weak self] point, stoppedMotion in
            guard let self else { return }
            highlight(stoppedMotion ? nil : point.flatMap(rowIndex(at:)))
        }
        scroller.onDragBegan = { [weak self] in self?.highlight(nil) }
        reload()
        attachTap()
    }

    /// The furthest the rows scroll at rest, in pixels: what is left of their height below the view's.
    public var maximumOffset: Double { scroller.maximumOffset }

    private var contentHeight: Double { rowTops[rowTops.count - 1] }

    /// Row `index`'s top and height within the rows, in pixels.
    public func rowFrame(_ index: Int) -> (top: Double, height: Double) {
        (rowTops[index], rowTops[index + 1] - rowTops[index])
    }

    /// A finger drags the list or it coasts.
    public var isScrolling: Bool { scroller.isScrolling }

    /// Jumps to `offset` (clamped to the content), stopping any motion.
    public func scroll(to offset: Double) { scroller.scroll(to: offset) }

    /// Shows no row as pressed or selected.
    public func clearSelection() { highlight(nil) }

    // MARK: Touches

    /// A tap selects the row it landed on, unless the touch only stopped the list.
    private func attachTap() {
        let tap = Gesture(TapRecognizer(metrics: metrics))
        tap.onPhase = { [weak self] phase in
            guard let self else { return }
            switch phase {
            case .ended:
                if let index = highlightedIndex { onSelect(index) } else { scroller.coast(velocity: 0) }
            case .failed, .cancelled:
                highlight(nil)
                // Neither scrolled nor tapped: a list caught in its rubber band goes back.
                if !isScrolling { scroller.coast(velocity: 0) }
            case .touchDown, .possible, .began, .changed: break
            }
        }
        view.addGesture(tap)
    }

    private func rowIndex(at root: Point) -> Int? {
        guard let local = view.convertFromRoot(root), view.bounds.contains(local) else { return nil }
        return row(at: local.y + contentOffset.rounded())
    }

    /// The row at `y` within the rows; nil above the first and below the last.
    private func row(at y: Double) -> Int? {
        guard y >= 0, y < contentHeight else { return nil }
        // The last row starting at or above y (binary search: a list may be long).
        var low = 0, high = titles.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if rowTops[mid] <= y { low = mid } else { high = mid }
        }
        return low
    }

    // MARK: Rows

    private func highlight(_ index: Int?) {
        highlightedIndex = index
        for row in visibleRows { row.setHighlighted(row.index == index) }
    }

    private func reload() {
        measureRows()
        scroller?.contentHeight = contentHeight
        content.frame = Rect(x: 0, y: -contentOffset.rounded(), width: view.frame.width,
                             height: max(view.frame.height, contentHeight))
        for row in visibleRows { recycle(row) }
        visibleRows = []
        if let highlightedIndex, !titles.indices.contains(highlightedIndex) { self.highlightedIndex = nil }
        layoutRows()
    }

    /// Each row as tall as its title needs, and never less than the style's row height.
    private func measureRows() {
        rowTops = [0]
        rowTops.reserveCapacity(titles.count + 1)
        for title in titles {
            rowTops.append(rowTops[rowTops.count - 1] + ListRow.height(of: title, style: style, width: view.frame.width))
        }
    }

    /// Gives every row index in view a row, taking rows that left the view for the ones that entered.
    private func layoutRows() {
        let top = contentOffset.rounded(), bottom = top + view.frame.height
        let first = row(at: max(0, top)) ?? (top < 0 ? 0 : titles.count)
        var end = first
        while end < titles.count && rowTops[end] < bottom { end += 1 }
        let shown = first < end ? first..<end : 0..<0
        visibleRows.removeAll { row in
            guard !shown.contains(row.index) else { return false }
            recycle(row)
            return true
        }
        for index in shown where !visibleRows.contains(where: { $0.index == index }) {
            let row = reusableRows.popLast() ?? ListRow(style: style, width: view.frame.width)
            let frame = rowFrame(index)
            row.show(index, title: titles[index], height: frame.height, highlighted: index == highlightedIndex)
            row.view.frame.origin.y = frame.top
            content.addChild(row.view)
            visibleRows.append(row)
        }
    }

    private func recycle(_ row: ListRow) {
        row.view.removeFromParent()
        reusableRows.append(row)
    }
}
