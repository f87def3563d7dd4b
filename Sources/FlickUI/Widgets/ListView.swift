import FlickGestures
import FlickMotion
import FlickRaster
import FlickText

/// A vertical list of titled rows, UITableView's plain style: it scrolls 1:1 with a vertical drag, coasts
/// on from the finger's velocity when released (`Decay` at UIScrollView's normal rate), resists past either
/// end (`RubberBand`) and springs back (`BoundedDecay`); every motion runs on the scene's animator. A finger
/// on a moving list catches it where it shows. A tap on a row highlights it and calls `onSelect`.
///
/// Only the rows on screen have views: a row scrolled off is reused for the next one scrolling in. Its gestures
/// are attached to `view`; a `ViewScene`'s dispatcher gives them their touches.
public final class ListView {
    public struct Style {
        /// The least height of a row: a title that needs more (a large text size, a title wrapping onto
        /// `maxLines`) makes its row taller.
        public var rowHeight: Double
        public var rowFill: Color
        public var highlightFill: Color
        public var separator: Color
        public var title: Color
        public var chevron: Color
        /// Shows where there are no rows: below the last, and in the gap a rubber-banded end opens.
        public var background: Color
        /// nil: rows without titles.
        public var face: FontFace?
        public var pixelSize: Double
        /// From the left edge to the title, and from the chevron to the right edge.
        public var inset: Double
        /// Lines a long title wraps onto before it ends in an ellipsis.
        public var maxLines: Int

        public init(rowHeight: Double, rowFill: Color, highlightFill: Color, separator: Color, title: Color,
                    chevron: Color, background: Color, face: FontFace?, pixelSize: Double, inset: Double,
                    maxLines: Int = 2) {
            self.rowHeight = rowHeight; self.rowFill = rowFill; self.highlightFill = highlightFill
            self.separator = separator; self.title = title; self.chevron = chevron; self.background = background
            self.face = face; self.pixelSize = pixelSize; self.inset = inset; self.maxLines = maxLines
        }
    }

    /// Below this a coasting list reads as stopped: a tap on it selects the row instead of only stopping
    /// the list (iOS stops a list that moves visibly and leaves the tap unanswered). Our choice: about 2 px
    /// a frame at 160 dpi.
    public static let restingSpeed = MillimetresPerSecond(20)

    /// Clips the rows; place it with its frame.
    public let view: View
    public let style: Style
    public var titles: [String] { didSet { reload() } }
    public var onSelect: (Int) -> Void = { _ in }
    /// How far the rows are scrolled up, in pixels; below 0 or past `maximumOffset` while rubber-banded.
    public private(set) var contentOffset = 0.0
    /// The pressed or selected row's index.
    public private(set) var highlightedIndex: Int?
    /// The rows on screen, in no particular order.
    public private(set) var visibleRows: [ListRow] = []
    /// Where each row starts from the top of the first, and after the last where the rows end.
    private var rowTops: [Double] = [0]

    private let content = View()
    private var reusableRows: [ListRow] = []
    private let scene: ViewScene
    private let metrics: GestureMetrics
    /// The unresisted offset the finger took the list at.
    private var grabbedOffset = 0.0
    /// The pan's translation when it began: subtracted, so the rows start moving from where they are instead of
    /// jumping by the slop.
    private var grab = 0.0
    private var isDragging = false
    private static let offsetKey = AnimationKey<Double>("contentOffset")

    public init(frame: Rect, titles: [String], style: Style, metrics: GestureMetrics, scene: ViewScene) {
        view = View(frame: frame, background: .solid(style.background))
        view.clipsToBounds = true
        view.addChild(content)
        self.titles = titles
        self.style = style
        self.metrics = metrics
        self.scene = scene
        reload()
        attachGestures()
    }

    public var maximumOffset: Double { max(0, contentHeight - view.frame.height) }

    private var contentHeight: Double { rowTops[rowTops.count - 1] }

    /// Row `index`'s top and height within the rows.
    public func rowFrame(_ index: Int) -> (top: Double, height: Double) {
        (rowTops[index], rowTops[index + 1] - rowTops[index])
    }

    /// A finger drags the list or it coasts.
    public var isScrolling: Bool { isDragging || isCoasting }

    private var isCoasting: Bool { scene.animator.isAnimating(ObjectIdentifier(view), key: Self.offsetKey) }
    private var bounds: ClosedRange<Double> { 0...maximumOffset }
    private var rubberBand: RubberBand { RubberBand(dimension: max(1, view.frame.height)) }

    /// Jumps to `offset` (clamped to the content), stopping any motion.
    public func scroll(to offset: Double) {
        scene.animator.stop(ObjectIdentifier(view), key: Self.offsetKey)
        setOffset(min(max(offset, 0), maximumOffset))
    }

    public func clearSelection() { highlight(nil) }

    // MARK: Touches

    /// A vertical pan scrolls (leaving the touch to an enclosing pager where the list cannot move that way); a
    /// tap selects the row it landed on, unless the touch only stopped the list.
    private func attachGestures() {
        let pan = Gesture(PanRecognizer(metrics: metrics, axisLock: .only(.vertical)))
        pan.dragResponse = { [unowned self] direction in response(to: direction) }
        pan.onPhase = { [unowned self, unowned pan] phase in
            let recognizer = pan.recognizer
            switch phase {
            case .touchDown: catchMotion(at: recognizer.startLocation)
            case .possible, .failed: break
            case .began:
                grab = recognizer.translation.y
                isDragging = true
                highlight(nil)
                fallthrough
            case .changed:
                setOffset(rubberBand.resisted(grabbedOffset - (recognizer.translation.y - grab), within: bounds))
            case .ended:
                isDragging = false
                coast(velocity: -recognizer.velocity.y)
            case .cancelled:
                isDragging = false
                coast(velocity: 0)
            }
        }
        let tap = Gesture(TapRecognizer(metrics: metrics))
        tap.onPhase = { [unowned self] phase in
            switch phase {
            case .ended:
                if let index = highlightedIndex { onSelect(index) } else { coast(velocity: 0) }
            case .failed, .cancelled:
                highlight(nil)
                // Neither scrolled nor tapped: a list caught in its rubber band goes back.
                if !isScrolling { coast(velocity: 0) }
            case .touchDown, .possible, .began, .changed: break
            }
        }
        view.addGesture(pan)
        view.addGesture(tap)
    }

    /// Whether a drag that way scrolls the rows: a list at an end, or too short to scroll, only resists.
    private func response(to direction: SwipeDirection) -> DragResponse {
        switch direction {
        case .up: contentOffset < maximumOffset ? .moves : .resists
        case .down: contentOffset > 0 ? .moves : .resists
        case .left, .right: .ignores
        }
    }

    /// A finger landed: a moving list stops where it shows, and the row under the finger lights up unless the
    /// touch only stopped the list.
    private func catchMotion(at point: ScreenPoint?) {
        let caught = scene.animator.stop(ObjectIdentifier(view), key: Self.offsetKey)
        let stopsOnly = caught.map { abs($0.velocity) >= metrics.pixelsPerSecond(Self.restingSpeed) } ?? false
            || !bounds.contains(contentOffset)
        grabbedOffset = rubberBand.unresisted(contentOffset, within: bounds)
        highlight(stopsOnly ? nil : point.flatMap(rowIndex(at:)))
    }

    /// Released at `velocity` (offset pixels per second): coasts, bounces off an end, or springs back into
    /// the content; nothing when at rest inside.
    private func coast(velocity: Double) {
        let shownVelocity = velocity * rubberBand.slope(at: rubberBand.unresisted(contentOffset, within: bounds),
                                                        within: bounds)
        if bounds.contains(contentOffset) && abs(shownVelocity) <= Decay.pixelStopSpeed { return }
        let motion = BoundedDecay(from: contentOffset, velocity: shownVelocity, bounds: bounds)
        scene.animate(view, key: Self.offsetKey, with: motion, apply: { [unowned self] _, offset in setOffset(offset) },
                      completion: { [unowned self] finished in
                          // A spring back settles within a fraction of a pixel of the end: it rests on it, or a
                          // later touch would take the list for one still in its rubber band.
                          if finished { setOffset(min(max(contentOffset, bounds.lowerBound), bounds.upperBound)) }
                      })
    }

    private func rowIndex(at root: ScreenPoint) -> Int? {
        guard let local = view.convertFromRoot(Point(root.x, root.y)), view.bounds.contains(local) else { return nil }
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

    private func setOffset(_ offset: Double) {
        contentOffset = offset
        // Whole pixels keep the rasterized rows on the copy path.
        content.frame.origin.y = -offset.rounded()
        layoutRows()
    }

    private func reload() {
        measureRows()
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
