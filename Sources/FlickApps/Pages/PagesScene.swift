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
/// Each page's `PageController` handles the touches that are its own: it takes a touch whole (an open detail,
/// a grabbed photo) or shares it (a tap on a row, a list scrolling across the swipe axis) until the swipe
/// claims it at the slop. With `peek` the next page shows past the end of the current one at rest.
public final class PagesScene: Scene {
    public let config: KioskConfig
    public let graph: PageGraph
    public let metrics: GestureMetrics
    public let width: Int
    public let height: Int
    /// The page at rest, or the one a completion is heading to.
    public private(set) var currentPage: String
    /// How far the current page is moved from rest along `axis`, in pixels (positive: right or down).
    public private(set) var offset = 0.0
    /// The axis the pages move along; nil at rest.
    public private(set) var axis: Axis?

    /// A panel of unknown size is taken to be this dense.
    public static let defaultMetrics = GestureMetrics(dotsPerInch: 160)
    /// Past the last page the page moves this share of the finger's travel, as UIScrollView's edge roughly does.
    public static let rubberBandFactor = 0.3
    /// Critically damped: the fastest settle that never overshoots into the neighbour.
    public static let completionSpring = Spring(dampingRatio: 1, response: 0.35)
    /// The seed's `setAnimationDuration:0.3f` with `UIViewAnimationCurveEaseOut`.
    public static let easeOutDuration = 0.3

    private let scene: ViewScene
    private let context: PageContext
    private let artwork: PageArtwork
    private var controllers: [String: PageController] = [:]
    /// Pages whose view is one layer even at rest (nothing on them changes).
    private var restsRasterized: Set<String> = []
    /// Neighbours of the page at rest still to be rendered into their layers.
    private var unprepared: [String] = []
    /// The page shown on the `sign` side of the current one while a completion runs: the page just left,
    /// which one-way links may not lead back to.
    private var companion: (id: String, sign: Double)?
    private var swipe: SwipeRecognizer
    private var finger: TouchID?
    private var route = Route.swipe
    /// The fingers on a page that took the touch.
    private var pageTouches: Set<TouchID> = []
    /// The unresisted offset the drag started from.
    private var dragStart = 0.0
    private static let offsetKey = AnimationKey<Double>("pageOffset")
    private var animationTarget: ObjectIdentifier { ObjectIdentifier(self) }

    /// Who a touch belongs to.
    private enum Route {
        /// The page swipe alone (a touch on moving pages or on the peek).
        case swipe
        /// The current page alone.
        case page
        /// The page until the swipe claims the touch at the slop.
        case shared
    }

    /// `store` keeps the to-do page's items; nil keeps them in memory only (renders, benchmarks).
    public init(config: KioskConfig, width: Int, height: Int, fonts: FontCollection,
                metrics: GestureMetrics = PagesScene.defaultMetrics, store: TodoStore? = nil) {
        self.config = config
        graph = PageGraph(config)
        self.metrics = metrics
        self.width = width
        self.height = height
        currentPage = config.start
        scene = ViewScene(width: width, height: height)
        scene.tree.clearColor = config.theme.background
        context = PageContext(scene: scene, theme: config.theme, fonts: fonts, metrics: metrics, width: width, height: height,
                              store: store)
        artwork = PageArtwork(theme: config.theme, fonts: fonts, width: width, height: height)
        swipe = SwipeRecognizer(metrics: metrics)
        scene.onAdvance = { [unowned self] time in
            if let value = scene.animator.value(for: animationTarget, key: Self.offsetKey) {
                offset = value
                layout()
            }
            for controller in controllers.values { controller.advance(to: time) }
        }
        layout()
        unprepared = neighbours
    }

    /// A finger is on the pages.
    public var isTracking: Bool { finger != nil }

    /// The pages whose views are whole rendered layers now: what the kiosk holds in memory besides the screen.
    public var pagesWithLayers: [String] { controllers.filter { $0.value.view.isCached }.map(\.key).sorted() }

    /// The run's outcome, one JSON object: the page shown, the open detail, front photo and text page of it,
    /// and the to-do list (its items in order and the one being edited) of the config's to-do page.
    public func finalStateJSON() -> String {
        let current = controller(currentPage)
        func number(_ n: Int?) -> String { n.map(String.init) ?? "null" }
        var todo = "null", editing = "null"
        if let id = config.pages.first(where: { $0.content == .todo })?.id, let state = controller(id).todoState {
            todo = "[" + state.items.map {
                "{\"text\": \(jsonQuoted($0.text)), \"completed\": \($0.completed)}"
            }.joined(separator: ", ") + "]"
            editing = number(state.editing)
        }
        return "{\"page\": \(jsonQuoted(currentPage)), \"detail\": \(number(current.detailIndex)), "
            + "\"photo\": \(number(current.photoIndex)), \"text\": \(number(current.textIndex)), "
            + "\"todo\": \(todo), \"editing\": \(editing)}"
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        let frame: TouchFrame
        switch event {
        case .touches(let touches): frame = touches
        case .key(let key):
            if offset == 0 { controller(currentPage).handle(key: key) }
            return
        default: return
        }
        if finger == nil, let down = frame.events.first(where: { $0.phase == .down }) { touchDown(down) }
        guard let finger else { return }
        if route == .page { return handOver(frame) }
        guard let mine = frame.only(finger) else { return }
        let ended = mine.events.contains { $0.phase == .up || $0.phase == .cancel }
        switch route {
        case .page:
            return
        case .shared:
            swipe.handle(mine)
            if swipe.state.isActive {
                let last = mine.events[mine.events.count - 1]
                controller(currentPage).handle(.cancelling(finger, at: last.position, time: mine.time))
                route = .swipe
                becomeLayer(currentPage)
            } else {
                controller(currentPage).handle(mine)
                if ended { release() }
                return
            }
        case .swipe:
            swipe.handle(mine)
        }
        if ended {
            release()
        } else if swipe.state.isActive, let locked = swipe.axis {
            follow(locked)
        }
    }

    /// A page that took the touch gets every finger (a pinch) until the last one lifts.
    private func handOver(_ frame: TouchFrame) {
        controller(currentPage).handle(frame)
        for event in frame.events {
            switch event.phase {
            case .down, .move: pageTouches.insert(event.id)
            case .up, .cancel: pageTouches.remove(event.id)
            }
        }
        if pageTouches.isEmpty { finger = nil }
    }

    public func advance(to time: Double) {
        scene.advance(to: time)
        guard finger == nil, offset == 0 else { return }
        if controller(currentPage).isModal {
            // No swipe can start: the neighbours' memory goes to what the page shows, and comes back after.
            let held = neighbours.filter { controller($0).view.isCached && controller($0).view.parent == nil }
            guard !held.isEmpty else { return }
            for id in held { controller(id).view.discardCaches() }
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
        unprepared.isEmpty || finger != nil || controller(currentPage).isModal ? nil : scene.animator.time
    }

    // MARK: Swiping

    private func touchDown(_ down: TouchEvent) {
        finger = down.id
        if let caught = scene.animator.stop(animationTarget, key: Self.offsetKey) { offset = caught.value }
        var axes: Set<Axis>
        if offset != 0, let axis {
            // Caught mid-flight: the drag continues along the axis the pages are already moving on.
            axes = [axis]
            dragStart = page(on: offset) != nil ? offset : offset / Self.rubberBandFactor
            route = .swipe
        } else {
            offset = 0; axis = nil; companion = nil; dragStart = 0
            axes = allowedAxes(of: currentPage)
            route = .swipe
            let point = down.position.point
            if isOnCurrentPage(point) {
                let current = controller(currentPage)
                if current.takesTouch(at: point) {
                    route = .page
                } else {
                    axes.subtract(current.ownAxes)
                    route = axes.isEmpty ? .page : .shared
                }
            }
        }
        swipe = SwipeRecognizer(metrics: metrics, axes: axes)
        if route != .page { prepareSlide(includingCurrent: route == .swipe) }
    }

    private func follow(_ locked: Axis) {
        if axis == nil { axis = locked }
        offset = resisted(dragStart + swipe.offset)
        layout()
    }

    private func release() {
        finger = nil
        // A touch that never dragged lets a caught page carry on to where it was going.
        guard let axis, swipe.axis != nil else { return settle(velocity: 0) }
        let raw = dragStart + swipe.offset
        let velocity = swipe.velocity.component(along: axis)
        if let sign = commitSign(offset: raw, velocity: velocity), let next = page(on: sign) {
            commit(to: next, sign: sign, velocity: velocity)
        } else {
            settle(velocity: page(on: offset) == nil ? velocity * Self.rubberBandFactor : velocity)
        }
    }

    /// SwipeRecognizer's rule on the whole displacement (which a caught page starts away from zero): a flick
    /// decides by its direction, otherwise the distance does.
    private func commitSign(offset: Double, velocity: Double) -> Double? {
        if abs(velocity) >= metrics.pixelsPerSecond(SwipeRecognizer.flickVelocity) {
            // A flick back against the drag is the user changing their mind.
            return offset != 0 && (offset > 0) == (velocity > 0) ? (velocity > 0 ? 1 : -1) : nil
        }
        return abs(offset) >= metrics.pixels(SwipeRecognizer.commitDistance) ? (offset > 0 ? 1 : -1) : nil
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
            scene.animator.add(SpringAnimation(Self.completionSpring, from: offset, to: 0.0, initialVelocity: velocity,
                                               threshold: .pixels),
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

    private func controller(_ id: String) -> PageController {
        if let controller = controllers[id] { return controller }
        let controller = makeController(id)
        controllers[id] = controller
        if controller.view.shouldRasterize { restsRasterized.insert(id) }
        return controller
    }

    private func makeController(_ id: String) -> PageController {
        guard let page = config.page(id) else { return StaticPage.blank(width: width, height: height) }
        switch page.content {
        case .text: return StaticPage(page, artwork: artwork)
        case .todo: return TodoPage(page, context: context, artwork: artwork)
        case .list(let list): return ListPage(page, content: list, context: context, artwork: artwork)
        case .pagedText(let paged): return PagedTextPage(page, content: paged, context: context, artwork: artwork)
        case .photos(let photos): return PhotoStackPage(page, content: photos, context: context, artwork: artwork)
        }
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
        var seen: Set<String> = []
        return placed.sorted { $0.1 < $1.1 }.filter { seen.insert($0.0).inserted }.map {
            along == .vertical ? ($0.0, 0, $0.1) : ($0.0, $0.1, 0)
        }
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
        }
    }
}
