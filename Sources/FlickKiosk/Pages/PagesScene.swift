import FlickGestures
import FlickJSON
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickUI

/// The kiosk's pages, full-screen, swiped between along the config's page graph [swiping-multi-view-framework].
///
/// On touch down the current page and its neighbours are rendered into their layers; at the slop the drag locks
/// to the dominant allowed axis and the current page and the neighbour it uncovers follow the finger 1:1. On
/// release the page commits to that neighbour when dragged past the commit distance or flicked that way, else
/// snaps back; with no neighbour that way it rubber-bands and snaps back. A touch during the completion catches
/// the pages where they are and the drag carries on from there.
///
/// The page swipe is a navigation gesture on the root view: it competes through the scene's `TouchDispatcher`
/// with the gestures of the page under the finger (rows, lists, buttons, the photo card), which win what is
/// theirs; it has every drag from a screen edge, and every drag that the page's own scrollers cannot move. While
/// a page is modal (an open detail, a to-do being edited) it takes no part. With `peek` the next page shows past
/// the end of the current one, at rest and while dragging.
public final class PagesScene: Scene {
    /// The kiosk it shows.
    public let config: KioskConfig
    /// The config's pages and links, which the swipe follows.
    public let graph: PageGraph
    /// The panel's density: the swipe's slop and commit distance in millimetres, and the screen unit.
    public let metrics: GestureMetrics
    /// The screen's width, in pixels (after rotation).
    public let width: Int
    /// The screen's height, in pixels (after rotation).
    public let height: Int
    /// The page at rest, or the one a completion is heading to.
    public private(set) var currentPage: String
    /// How far the current page is moved from rest along `axis`, in pixels (positive: right or down).
    public private(set) var offset = 0.0
    /// The axis the pages move along; nil at rest.
    public private(set) var axis: Axis?

    /// A panel of unknown size is taken to be this dense (`GestureMetrics.unknownPanel`).
    public static let defaultMetrics = GestureMetrics.unknownPanel
    /// Past the last page the page moves this share of the finger's travel, as UIScrollView's edge roughly does.
    static let rubberBandFactor = 0.3
    /// The longest a released page takes to come to rest (a slow or still finger's): about as long as the
    /// critically damped 0.35 s spring it replaced took to look settled, and never overshooting into the neighbour.
    static let longestCompletion = 0.4

    /// A page let go at `velocity` on its way from `offset` to `target`: on at the finger's speed, then in.
    static func completion(from offset: Double, to target: Double, velocity: Double) -> Animation<Double> {
        .carrying(from: offset, to: target, velocity: velocity, longest: longestCompletion)
    }
    /// The seed's `setAnimationDuration:0.3f` with `UIViewAnimationCurveEaseOut`.
    static let easeOutDuration = 0.3

    private let scene: ViewScene
    private let context: PageContext
    /// Where the pages' pictures come from.
    var images: ImageFiles { context.images }
    private var controllers: [String: any PageController] = [:]
    /// Pages whose view is one layer even at rest (nothing on them changes).
    private var restsRasterized: Set<String> = []
    /// Neighbours of the page at rest still to be rendered into their layers.
    private var unprepared: [String] = []
    /// The page shown on the `sign` side of the current one while a completion runs: the page just left,
    /// which one-way links may not lead back to.
    private var companion: (id: String, sign: Double)?
    private var swipe: Gesture<SwipeRecognizer>!
    /// The unresisted offset the drag started from.
    private var dragStart = 0.0
    private static let offsetKey = AnimationKey<Double>("pageOffset")
    private var animationTarget: ObjectIdentifier { ObjectIdentifier(self) }

    /// `stateDirectory` keeps each to-do page's items, in the file its list names (`<list>.json`); nil keeps them
    /// in memory only (benchmarks, previews of an empty list). `log` takes one line for each problem met while
    /// running (a picture that cannot be read, a to-do change not saved).
    ///
    /// - Parameters:
    ///   - config: The kiosk; it starts on its `start` page.
    ///   - width: The screen's width in pixels, as the scene sees it (after rotation).
    ///   - height: The screen's height in pixels, as the scene sees it (after rotation).
    ///   - fonts: The fonts to draw text with; the theme's fonts are set on it (one that cannot be opened now is
    ///     logged and left out).
    ///   - metrics: The panel's density, as `Board.run` hands it to the scene; default ``defaultMetrics``.
    ///   - stateDirectory: Where pages keep what people change (``PageContext/stateDirectory``); a to-do page
    ///     creates it when it first saves.
    ///   - log: Takes one line per problem met while running; called on the thread that drives the scene.
    public init(config: KioskConfig, width: Int, height: Int, fonts: FontCollection,
                metrics: GestureMetrics = PagesScene.defaultMetrics, stateDirectory: String? = nil,
                log: @escaping (String) -> Void = { _ in }) {
        self.config = config
        graph = PageGraph(config)
        self.metrics = metrics
        self.width = width
        self.height = height
        currentPage = config.start
        scene = ViewScene(width: width, height: height)
        scene.tree.clearColor = config.theme.background
        // The config checked its theme fonts when it was read; one that fails now (removed since) leaves DejaVu.
        do { try fonts.useTheme(config.theme.fonts, fallbacks: config.theme.fallbackFonts) } catch { log("theme fonts: \(error)") }
        context = PageContext(scene: scene, theme: config.theme, fonts: fonts, metrics: metrics, width: width, height: height,
                              scale: config.display?.scale ?? 1, stateDirectory: stateDirectory, log: log)
        scene.dispatcher.metrics = metrics
        scene.onAdvance = { [unowned self] time in
            if let value = scene.animator.value(for: animationTarget, key: Self.offsetKey) {
                offset = value
                layout()
            }
            for controller in controllers.values { controller.advance(to: time) }
        }
        attachSwipe()
        layout()
        unprepared = neighbours
    }

    /// The page with id `id` as its kind made it (made now if it was not yet), for a test or the program around the
    /// kiosk to look at its state: `scene.page("door") as? CounterPage`. nil for an id the config does not have.
    public func page(_ id: String) -> (any PageController)? {
        config.page(id) == nil ? nil : controller(id)
    }

    /// A finger is on the pages.
    public var isTracking: Bool { scene.dispatcher.isTracking }

    /// The pages whose views are whole rendered layers now: what the kiosk holds in memory besides the screen.
    package var pagesWithLayers: [String] { controllers.filter { $0.value.view.isCached }.map(\.key).sorted() }

    /// The front photo card of the page shown, where its dynamics have it.
    var photoCard: DynamicItem? { (controller(currentPage) as? PhotoStackPage)?.frontItem }

    /// The run's outcome, one JSON object: the page shown, the open detail, front photo and text page of it,
    /// and the to-do list (its items in order and the one being edited) of the to-do page shown, else of the
    /// config's first to-do page.
    public func finalStateJSON() -> String {
        let current = controller(currentPage) as? ReportsKioskState
        func number(_ n: Int?) -> JSONValue { n.map { .number(Double($0)) } ?? .null }
        var todo = JSONValue.null, editing = JSONValue.null
        if let id = config.page(currentPage)?.content.kind is KioskConfig.Todo ? currentPage : config.pages.first(where: { $0.content.kind is KioskConfig.Todo })?.id,
           let state = (controller(id) as? ReportsKioskState)?.todoState {
            todo = .array(state.items.map { .object([("text", .string($0.text)), ("completed", .bool($0.completed))]) })
            editing = number(state.editing)
        }
        return JSONValue.object([
            ("page", .string(currentPage)), ("detail", number(current?.detailIndex)), ("photo", number(current?.photoIndex)),
            ("text", number(current?.textIndex)), ("todo", todo), ("editing", editing),
        ]).text()
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        switch event {
        case .touches:
            swipe.isEnabled = offset != 0 || !controller(currentPage).isModal
            scene.handle(event)
        case .key(let key):
            if offset == 0 { controller(currentPage).handle(key: key) }
        default:
            break
        }
    }

    public func advance(to time: Double) {
        scene.advance(to: time)
        guard !isTracking, offset == 0 else { return }
        if controller(currentPage).isModal {
            // No swipe can start: the neighbours' memory goes to what the page shows, and comes back after.
            let held = neighbours.filter { controller($0).view.isCached && controller($0).view.parent == nil }
            guard !held.isEmpty else { return }
            letGoForDetail(held)
            unprepared = neighbours
        } else if !needsFrame, !unprepared.isEmpty {
            // One neighbour per wake, and only while nothing moves: a frame never waits for it.
            becomeLayer(unprepared.removeFirst())
        }
    }

    public var needsFrame: Bool { scene.needsFrame || controllers.values.contains { $0.isMoving } }
    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { scene.draw(on: canvas, fullRedraw: fullRedraw) }
    /// Now, while neighbours wait to be rendered into their layers.
    public var nextDeadline: Double? {
        unprepared.isEmpty || isTracking || controller(currentPage).isModal ? scene.nextDeadline
            : scene.animator.time
    }

    // MARK: Swiping

    private func attachSwipe() {
        swipe = Gesture { [unowned self] in
            // Caught mid-flight, the drag carries on along the axis the pages are moving on, from where they are.
            if isMoving, let axis { return SwipeRecognizer(metrics: metrics, axes: [axis], initialOffset: unresistedOffset) }
            return SwipeRecognizer(metrics: metrics, axes: allowedAxes(of: currentPage))
        }
        swipe.isNavigation = true
        swipe.dragResponse = { [unowned self] direction in response(to: direction) }
        swipe.onPhase = { [unowned self] phase in
            switch phase {
            case .touchDown: catchPages()
            case .possible: break
            case .began, .changed: follow()
            case .ended: release()
            case .cancelled, .failed: settle(velocity: 0) // a touch that never dragged lets caught pages carry on
            }
        }
        scene.root.addGesture(swipe)
    }

    /// The pages are away from rest (a completion or a snap-back runs).
    private var isMoving: Bool { offset != 0 && axis != nil }

    /// The finger-driven offset that shows as `offset` (past the last page the page moves less than the finger).
    private var unresistedOffset: Double { page(on: offset) != nil ? offset : offset / Self.rubberBandFactor }

    /// A finger landed: moving pages stop where they show and the drag carries on from there.
    private func catchPages() {
        if let caught = scene.animator.stop(animationTarget, key: Self.offsetKey) { offset = caught.value }
        if isMoving {
            dragStart = unresistedOffset
        } else {
            offset = 0; axis = nil; companion = nil; dragStart = 0
        }
        prepareSlide(includingCurrent: isMoving)
    }

    /// What a drag that way does to the pages: moves them to a neighbour, or only rubber-bands.
    private func response(to direction: SwipeDirection) -> DragResponse {
        let along: Axis = direction == .left || direction == .right ? .horizontal : .vertical
        if isMoving { return along == axis ? .moves : .ignores }
        guard allowedAxes(of: currentPage).contains(along) else { return .ignores }
        let sign: Double = direction == .right || direction == .down ? 1 : -1
        return graph.neighbour(of: currentPage, Self.direction(uncoveredMoving: sign, along: along)) != nil ? .moves : .resists
    }

    private func follow() {
        guard let locked = swipe.recognizer.axis else { return }
        if axis == nil {
            axis = locked
            becomeLayer(currentPage)
        }
        offset = resisted(dragStart + swipe.recognizer.offset)
        layout()
    }

    /// The swipe's decision: on to the neighbour that way, else back (with the rubber band's share of the speed
    /// past the last page).
    private func release() {
        let recognizer = swipe.recognizer
        guard let axis, recognizer.axis != nil else { return settle(velocity: 0) }
        let velocity = recognizer.velocity.component(along: axis)
        if case .commit(let direction)? = recognizer.decision, let next = page(on: Self.sign(direction)) {
            commit(to: next, sign: Self.sign(direction), velocity: velocity)
        } else {
            settle(velocity: page(on: offset) == nil ? velocity * Self.rubberBandFactor : velocity)
        }
    }

    /// Which way the pages move for a swipe in `direction`: positive is right or down.
    private static func sign(_ direction: SwipeDirection) -> Double {
        direction == .right || direction == .down ? 1 : -1
    }

    /// The neighbour becomes the current page where it stands, and the completion carries it to rest.
    private func commit(to next: String, sign: Double, velocity: Double) {
        let old = currentPage
        let step = spacing
        currentPage = next
        offset -= sign * step
        companion = (old, -sign)
        dragStart = 0
        settle(velocity: velocity)
    }

    private func settle(velocity: Double) {
        guard offset != 0 else { return finish() }
        let done: Animator<ObjectIdentifier>.Completion = { [weak self] finished in if finished { self?.finish() } }
        switch config.swipe.completion {
        case .spring:
            scene.animator.add(Self.completion(from: offset, to: 0, velocity: velocity),
                               for: animationTarget, key: Self.offsetKey, completion: done)
        case .easeOut:
            scene.animator.add(Animation(from: offset, to: 0.0, duration: Self.easeOutDuration, curve: .easeOut),
                               for: animationTarget, key: Self.offsetKey, completion: done)
        }
    }

    private func finish() {
        offset = 0; axis = nil; companion = nil; dragStart = 0
        layout()
        endSlide()
    }

    // MARK: Graph

    private func allowedAxes(of id: String) -> Set<Axis> {
        switch graph.axes(of: id) {
        case .both: [.horizontal, .vertical]
        case .horizontal: [.horizontal]
        case .vertical: [.vertical]
        }
    }

    /// The page uncovered when the current one moves toward `sign` along `axis`: moving right uncovers the
    /// left neighbour, as in the seed.
    private func page(on sign: Double) -> String? {
        guard sign != 0, let axis else { return nil }
        if let companion, companion.sign == (sign > 0 ? 1 : -1) { return companion.id }
        return graph.neighbour(of: currentPage, Self.direction(uncoveredMoving: sign, along: axis))
    }

    private static func direction(uncoveredMoving sign: Double, along axis: Axis) -> PageGraph.Direction {
        switch (axis, sign > 0) {
        case (.horizontal, true): .left
        case (.horizontal, false): .right
        case (.vertical, true): .up
        case (.vertical, false): .down
        }
    }

    private func resisted(_ raw: Double) -> Double {
        page(on: raw) == nil ? raw * Self.rubberBandFactor : raw
    }

    private func screenExtent(_ axis: Axis) -> Double { Double(axis == .vertical ? height : width) }

    /// The axis along which the next page peeks: across a vertical-only page, else sideways.
    private var peekAxis: Axis { graph.axes(of: currentPage) == .vertical ? .vertical : .horizontal }

    /// The distance between neighbouring pages along `axis`: the screen, less the peek along the peek axis.
    private func spacing(along axis: Axis) -> Double {
        screenExtent(axis) * (axis == peekAxis ? 1 - config.swipe.peek : 1)
    }

    private var spacing: Double { spacing(along: axis ?? peekAxis) }

    /// The part of the screen the current page shows at rest (the peek covers the rest).
    private func isOnCurrentPage(_ point: Point) -> Bool {
        (peekAxis == .vertical ? point.y : point.x) < spacing(along: peekAxis)
    }

    // MARK: Views

    func controller(_ id: String) -> PageController {
        if let controller = controllers[id] { return controller }
        let controller = makeController(id)
        controllers[id] = controller
        // The peek of the next page is the swipe's, not the current page's.
        controller.view.hitArea = { [unowned self] point in isOnCurrentPage(point) }
        if controller.view.shouldRasterize { restsRasterized.insert(id) }
        return controller
    }

    private func makeController(_ id: String) -> PageController {
        guard let page = config.page(id) else { return StaticPage.blank(width: width, height: height) }
        return page.content.kind.makePage(context: context)
    }

    /// Every neighbour is one layer by touch down, so a drag only copies it and never waits for one: rendered
    /// while the screen is idle after the page settled, or now if the finger came first. The current page
    /// follows when the swipe claims the touch: until then the touch may be the page's own (a list
    /// scrolling), which a page-sized layer would have to redraw every frame.
    private func prepareSlide(includingCurrent: Bool) {
        for id in neighbours { becomeLayer(id) }
        unprepared = []
        if includingCurrent { becomeLayer(currentPage) }
    }

    private var neighbours: [String] {
        var ids: [String] = []
        for direction in PageGraph.Direction.allCases {
            if let id = graph.neighbour(of: currentPage, direction), id != currentPage, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// Page `id` drawn from nothing into its layer, as when it is first shown or prepared after its layer was let
    /// go (what `flick bench` times).
    package func renderLayerFromNothing(_ id: String) {
        letGoForDetail([id])
        becomeLayer(id)
    }

    /// The layers of pages `ids` let go while a detail is shown, which needs their memory; their pictures are
    /// kept, cut out of them at the size they showed, for drawing them again as the detail closes.
    private func letGoForDetail(_ ids: [String]) {
        context.images.keep(from: ids.compactMap { controller($0).view.layer })
        for id in ids { controller(id).view.discardCaches() }
    }

    private func becomeLayer(_ id: String) {
        let view = controller(id).view
        view.shouldRasterize = true
        // A kiosk has memory for a few screens, not for every page twice: the layers inside are drawn into
        // the page's (or copied, when they are already cached) and let go.
        scene.tree.prepareLayer(of: view)
        scene.tree.releaseCaches(below: view)
    }

    /// At rest the current page draws its views directly again (its own animations then redraw only what
    /// moves), its neighbours stay layers for the next drag (those missing are rendered while idle), and every
    /// other page lets go of its caches: a kiosk keeps a few screens of memory, not one per page.
    private func endSlide() {
        let near = neighbours
        for (id, controller) in controllers where !near.contains(id) {
            if id != currentPage { controller.view.discardCaches() }
            controller.view.shouldRasterize = restsRasterized.contains(id)
        }
        unprepared = near
    }

    /// The pages visible along the moving axis: the current one at `offset` and its neighbours chained both
    /// ways `spacing` apart, back to front (a later page covers the peek of an earlier one).
    private func placedPages() -> [(id: String, x: Double, y: Double)] {
        let along = axis ?? peekAxis
        let step = spacing(along: along), extent = screenExtent(along)
        let shift = offset.rounded()
        var placed: [(String, Double)] = [(currentPage, shift)]
        for sign in [1.0, -1.0] {
            var id = currentPage, position = shift, first = true
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
        if axis == nil, config.swipe.peek > 0,
           let next = graph.neighbour(of: currentPage, peekAxis == .vertical ? .down : .right) {
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
            along == .vertical ? (id: sorted[i].0, x: 0.0, y: sorted[i].1) : (id: sorted[i].0, x: sorted[i].1, y: 0.0)
        }
        // Dragged across the peek's axis, the peek moves along with the current page.
        if let axis, axis != peekAxis, config.swipe.peek > 0,
           let next = graph.neighbour(of: currentPage, peekAxis == .vertical ? .down : .right),
           !pages.contains(where: { $0.id == next }) {
            let across = spacing(along: peekAxis).rounded()
            pages.append(axis == .vertical ? (next, across, shift) : (next, shift, across))
        }
        return pages
    }

    /// Places the visible pages; whole pixels keep their layers on the copy path.
    private func layout() {
        let placed = placedPages()
        for (id, controller) in controllers where controller.view.parent != nil && !placed.contains(where: { $0.id == id }) {
            controller.view.removeFromParent()
        }
        for (index, page) in placed.enumerated() {
            let view = controller(page.id).view
            view.frame = Rect(x: page.x, y: page.y, width: Double(width), height: Double(height))
            if view.parent == nil || scene.root.children.firstIndex(where: { $0 === view }) != index {
                scene.root.insertChild(view, at: index)
            }
            // Only the page at rest has touches of its own; moving pages are the swipe's.
            view.isUserInteractionEnabled = page.id == currentPage && axis == nil && offset == 0
        }
    }
}
