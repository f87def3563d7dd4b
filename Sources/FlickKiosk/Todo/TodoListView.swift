import FlickMotion
import FlickRaster
import FlickText
import FlickUI

/// The rows of the to-do list in a clipped area, and every way they move: scrolling (1:1, coasting,
/// rubber-banding past the end), the pull above the first row, a row sliding sideways and snapping back or
/// leaving while the rows below shuffle up, rows parting for a pinch and closing again, and the edited row
/// travelling to the top while the others dim. Every motion runs on the scene's animator. Only rows on screen
/// have views; each row's face is one layer, so all of this moves copies.
///
/// It shows what it is told (`show`, `insert`, `remove`): the page owns the items and saves them.
final class TodoListView {
    let view: View
    private let content = View()
    private let look: TodoLook
    private let scene: ViewScene
    private(set) var items: [TodoItem] = []
    /// How far the rows are scrolled up; below 0 while pulled down past the top.
    private(set) var contentOffset = 0.0
    /// The item being edited: its row shows the caret and the other rows are dimmed.
    private(set) var focused: Int?
    /// Where the caret is in the edited item's text, in Unicode scalars.
    private(set) var caret = 0
    /// The rows on screen, one per item shown.
    private var rows: [TodoRow] = []
    private var spareRows: [TodoRow] = []
    /// Deleted rows sliding off.
    private var leavingRows: [TodoRow] = []
    private let pullPlaceholder: TodoRow
    private let gapPlaceholder: TodoRow
    /// The rows a pinch parts: the upper one's index (the lower is the next).
    private var partedAbove: Int?

    /// The tutorial's shuffle after a delete: each row below moves up in 0.3 s, ease-in-out, 0.03 s after the one above.
    static let shuffleDuration = 0.3, shuffleStagger = 0.03
    /// The tutorial's 0.2 s ease-in-out that closes a pinch that was let go too early.
    static let closeDuration = 0.2
    /// The tutorial's 0.3 s for the edited row to move up and the others to dim.
    static let focusDuration = 0.3
    /// Critically damped: a row or the list lands where it belongs from the finger's speed, never past it.
    static let settleSpring = Spring(dampingRatio: 1, response: 0.3)

    private static let offsetKey = AnimationKey<Double>("todoOffset")
    private static let gapKey = AnimationKey<Double>("todoGap")
    private static let slideKey = AnimationKey<Double>("todoSlide")
    private static let displacementKey = AnimationKey<Double>("todoDisplacement")

    init(frame: Rect, look: TodoLook, scene: ViewScene) {
        self.look = look
        self.scene = scene
        view = View(frame: frame)
        view.clipsToBounds = true
        view.background = .solid(look.background)
        content.frame = Rect(origin: .zero, size: frame.size)
        view.addChild(content)
        pullPlaceholder = TodoRow(look: look, content: RowFace(text: look.words[.pullToAdd], fill: TodoLook.rowFill(index: 0, count: 1)))
        gapPlaceholder = TodoRow(look: look, content: RowFace(text: look.words[.pullToAdd], fill: TodoLook.rowFill(index: 0, count: 1)))
        for placeholder in [pullPlaceholder, gapPlaceholder] {
            placeholder.view.alpha = 0
            content.addChild(placeholder.view)
        }
        pullPlaceholder.index = -1
        view.content = ViewContent { [unowned self] canvas, bounds in drawEmptyHint(on: canvas, in: bounds) }
    }

    var rowHeight: Double { look.rowHeight }

    /// The row showing item `index`, if on screen.
    func row(_ index: Int) -> TodoRow? { rows.first { $0.index == index } }

    /// The item under `point` (root coordinates), the scroll included.
    func index(at point: Point) -> Int? {
        guard let local = view.convertFromRoot(point), view.bounds.contains(local) else { return nil }
        let index = Int(((local.y + contentOffset.rounded()) / rowHeight).rounded(.down))
        return items.indices.contains(index) ? index : nil
    }

    // MARK: Items

    /// Shows `items` where they are: text, completion and colour change in place.
    func show(_ items: [TodoItem]) {
        if items.isEmpty != self.items.isEmpty { view.setNeedsDisplay() }
        self.items = items
        layoutRows()
    }

    /// The same while item `focused` is edited, with its caret at `caret`. When the edited item moved (a change
    /// from another kiosk above it), the list follows it, so its row stays at the top.
    func show(_ items: [TodoItem], focused: Int, caret: Int) {
        self.caret = caret
        let moved = focused != self.focused
        self.focused = focused
        show(items)
        if moved { springOffset(to: Double(focused) * rowHeight) }
    }

    /// A new row at the top where the pull's placeholder was: the list moves by one row, so nothing jumps.
    func insertAtTop(_ item: TodoItem) {
        show([item] + items)
        setOffset(contentOffset + rowHeight)
    }

    /// A new row at `at`, where a pinch parted the list, as big as the placeholder was; the rows close onto it.
    func insertAtGap(_ item: TodoItem, at: Int) {
        let delta = gapDisplacement
        scene.animator.stop(ObjectIdentifier(content), key: Self.gapKey)
        hideGap()
        var grown = items
        grown.insert(item, at: at)
        show(grown)
        for row in rows {
            let from = row.index < at ? -delta : row.index == at ? -rowHeight / 2 : delta - rowHeight
            move(row, from: from, duration: Self.closeDuration)
        }
    }

    /// The item leaves: its row slides off to the left (on from `velocity`) and the rows below move up one by one.
    func remove(at index: Int, velocity: Double = 0) {
        guard items.indices.contains(index) else { return }
        let id = items[index].id
        if let r = rows.firstIndex(where: { $0.itemID == id }) {
            let row = rows.remove(at: r)
            leavingRows.append(row)
            content.insertChild(row.view, at: 0)
            let gone = -(look.width + look.cueMargin + look.cueWidth)
            animateSlide(row, to: gone, velocity: velocity) { [weak self, weak row] _ in
                guard let self, let row else { return }
                leavingRows.removeAll { $0 === row }
                recycle(row)
            }
        }
        var remaining = items
        remaining.remove(at: index)
        show(remaining)
        for row in rows where row.index >= index {
            let order = Double(row.index - index)
            move(row, from: row.displacement + rowHeight, duration: Self.shuffleDuration, delay: order * Self.shuffleStagger)
        }
    }

    // MARK: Scrolling

    var maximumOffset: Double { max(0, Double(items.count) * rowHeight - view.frame.height) }
    /// Where the rows may rest.
    var scrollBounds: ClosedRange<Double> { 0...maximumOffset }
    /// The rows' offset as scrolling sees it: 1:1 through the rows and one row's pull above them, resisted beyond.
    private var scroller: Scroller {
        Scroller(bounds: scrollBounds, dragBounds: -rowHeight...maximumOffset, dimension: view.frame.height,
                 offset: contentOffset)
    }

    /// How far the list is pulled down past its top.
    var pullDistance: Double { max(0, -contentOffset) }
    /// A release now adds an item: pulled past one row height.
    var isPulledToAdd: Bool { pullDistance > rowHeight }

    /// The finger-driven offset that shows as the current one (a drag caught in the band carries on from there).
    var dragOffset: Double { scroller.fingerOffset }

    /// Follows a drag: 1:1 through the rows and one row height of pull, resisting beyond.
    func drag(to offset: Double) {
        setOffset(scroller.resisted(offset))
    }

    /// Stops the list where it shows and returns how fast it was moving (offset pixels per second).
    @discardableResult
    func catchScroll() -> Double {
        scene.animator.stop(ObjectIdentifier(content), key: Self.offsetKey)?.velocity ?? 0
    }

    /// Released at `velocity` (offset pixels per second): coasts, bounces off an end or springs back into the
    /// rows; nothing when at rest inside them.
    func coast(velocity: Double) {
        if let coast = scroller.release(velocity: velocity) { animateOffset(coast) }
    }

    private func animateOffset(_ motion: some Motion<Double>) {
        scene.animate(content, key: Self.offsetKey, with: motion) { [unowned self] _, offset in setOffset(offset) }
    }

    /// Springs to `offset` from where the list is, at the speed it has.
    private func springOffset(to offset: Double) {
        let velocity = catchScroll()
        animateOffset(SpringAnimation(Self.settleSpring, from: contentOffset, to: offset, initialVelocity: velocity,
                                      threshold: .pixels))
    }

    private func setOffset(_ offset: Double) {
        contentOffset = offset
        // Whole pixels keep the rows' layers on the copy path.
        content.frame.origin.y = -offset.rounded()
        let pull = focused == nil ? pullDistance : 0
        pullPlaceholder.view.alpha = min(1, pull / rowHeight)
        pullPlaceholder.content.text = look.words[isPulledToAdd ? .releaseToAdd : .pullToAdd]
        layoutRows()
    }

    // MARK: Sliding a row

    /// Stops the row's slide where it shows (a finger caught it) and returns it.
    func catchSlide(_ index: Int) -> Double {
        guard let row = row(index) else { return 0 }
        scene.animator.stop(ObjectIdentifier(row.view), key: Self.slideKey)
        return row.slide
    }

    func slide(_ index: Int, to x: Double) { row(index)?.slide = x }

    func snapBack(_ index: Int, velocity: Double) {
        guard let row = row(index), row.slide != 0 else { return }
        animateSlide(row, to: 0, velocity: velocity)
    }

    private func animateSlide(_ row: TodoRow, to x: Double, velocity: Double, completion: ((Bool) -> Void)? = nil) {
        let spring = SpringAnimation(Self.settleSpring, from: row.slide, to: x, initialVelocity: velocity, threshold: .pixels)
        scene.animate(row.view, key: Self.slideKey, with: spring, apply: { [weak row] _, x in row?.slide = x },
                      completion: completion)
    }

    // MARK: Parting for a pinch

    /// Moves the rows down to `above` up and the rest down by `delta` each, the placeholder opening between them
    /// (the tutorial's pinchChanged). Fingers parting rows that are still closing take them where they are.
    func part(above: Int, by delta: Double) {
        scene.animator.stop(ObjectIdentifier(content), key: Self.gapKey)
        if partedAbove != above {
            partedAbove = above
            for row in rows { scene.animator.stop(ObjectIdentifier(row.view), key: Self.displacementKey) }
        }
        layoutGap(above: above, delta: delta)
    }

    private func layoutGap(above: Int, delta: Double) {
        for row in rows { row.displacement = row.index <= above ? -delta : delta }
        let gap = 2 * delta
        gapPlaceholder.index = above
        gapPlaceholder.displacement = rowHeight / 2
        gapPlaceholder.content.fill = TodoLook.rowFill(index: above + 1, count: items.count + 1)
        gapPlaceholder.content.text = look.words[gap > rowHeight ? .releaseToAdd : .pullToAdd]
        gapPlaceholder.view.transform = .scale(1, min(gap, rowHeight) / rowHeight)
        gapPlaceholder.view.alpha = min(1, gap / rowHeight)
    }

    /// Fingers landing on the rows a closing gap still parts take them where they are: how far apart that is
    /// (0 for any other rows), the closing stopped.
    func catchGap(above: Int) -> Double {
        guard partedAbove == above else { return 0 }
        scene.animator.stop(ObjectIdentifier(content), key: Self.gapKey)
        return gapDisplacement
    }

    /// How far the rows are parted.
    var gapDisplacement: Double { rows.first { $0.index == (partedAbove ?? -1) + 1 }?.displacement ?? 0 }

    /// The rows close again.
    func closeGap() {
        guard let above = partedAbove else { return }
        let close = Animation(from: gapDisplacement, to: 0.0, duration: Self.closeDuration, curve: .easeInEaseOut)
        scene.animate(content, key: Self.gapKey, with: close, apply: { [unowned self] _, delta in layoutGap(above: above, delta: delta) },
                      completion: { [weak self] finished in if finished { self?.hideGap() } })
    }

    private func hideGap() {
        partedAbove = nil
        gapPlaceholder.view.alpha = 0
        gapPlaceholder.view.transform = .identity
    }

    // MARK: Editing

    /// Item `index` is edited, its caret at `caret`: its row moves to the top of the list (past the end if it
    /// must) and the others dim.
    func focus(_ index: Int, caret: Int) {
        focused = index
        self.caret = caret
        layoutRows()
        for row in rows { fade(row, to: row.index == index ? 1 : TodoLook.dimmedAlpha) }
        springOffset(to: Double(index) * rowHeight)
    }

    /// Editing is over: the rows brighten and the list goes back to `offset` (kept within the rows).
    func unfocus(returningTo offset: Double) {
        focused = nil
        layoutRows()
        for row in rows { fade(row, to: 1) }
        springOffset(to: min(max(offset, 0), maximumOffset))
    }

    /// The edited item's line as its row shows it.
    var focusedLine: TextLayout.Line? { focused.flatMap(row)?.editedLine }

    /// The caret offset in the edited item nearest to `point` (root coordinates).
    func caretOffset(at point: Point) -> Int? {
        guard let row = focused.flatMap(row), let local = row.view.convertFromRoot(point) else { return nil }
        return row.caretOffset(atX: local.x)
    }

    private func fade(_ row: TodoRow, to alpha: Double) {
        guard row.view.alpha != alpha else { return }
        scene.animate(row.view, key: .opacity, with: Animation(from: row.view.alpha, to: alpha, duration: Self.focusDuration),
                      apply: { view, alpha in view.alpha = alpha })
    }

    // MARK: Rows

    private func move(_ row: TodoRow, from displacement: Double, duration: Double, delay: Double = 0) {
        row.displacement = displacement
        let motion = Animation(from: displacement, to: 0.0, duration: duration, curve: .easeInEaseOut, delay: delay)
        scene.animate(row.view, key: Self.displacementKey, with: motion, apply: { [weak row] _, d in row?.displacement = d })
    }

    private func face(_ index: Int) -> RowFace {
        let item = items[index]
        return RowFace(text: item.text, fill: TodoLook.rowFill(index: index, count: items.count), completed: item.completed,
                       caret: index == focused ? caret : nil)
    }

    /// Gives each item in view a row (with one row to spare at either end for rows moving in) and lets go of
    /// the rest.
    private func layoutRows() {
        let top = contentOffset.rounded(), h = rowHeight
        let first = max(0, Int((top / h).rounded(.down)) - 1)
        let end = min(items.count, Int(((top + view.frame.height) / h).rounded(.up)) + 1)
        var place: [UInt64: Int] = [:]
        for index in first..<max(first, end) { place[items[index].id] = index }
        rows.removeAll { row in
            guard let id = row.itemID, let index = place.removeValue(forKey: id) else {
                recycle(row)
                return true
            }
            row.index = index
            row.content = face(index)
            return false
        }
        for (id, index) in place.sorted(by: { $0.value < $1.value }) {
            let row = spareRows.popLast() ?? TodoRow(look: look, content: face(index))
            row.itemID = id
            row.index = index
            row.content = face(index)
            row.view.alpha = focused.map { $0 == index ? 1 : TodoLook.dimmedAlpha } ?? 1
            content.addChild(row.view)
            rows.append(row)
        }
    }

    private func recycle(_ row: TodoRow) {
        scene.animator.removeAll(for: ObjectIdentifier(row.view))
        row.view.removeFromParent()
        row.itemID = nil
        row.slide = 0
        row.displacement = 0
        spareRows.append(row)
    }

    private func drawEmptyHint(on canvas: Canvas, in bounds: Rect) {
        guard items.isEmpty else { return }
        let hint = TextLayout(look.words[.emptyList], face: look.regular, pixelSize: look.textSize,
                              options: .init(maxWidth: bounds.width - 2 * look.inset, maxLines: 2, alignment: .center))
        canvas.draw(hint, at: Point(look.inset, (bounds.height / 2 - hint.size.height / 2).rounded()), color: look.theme.secondaryText)
    }
}
