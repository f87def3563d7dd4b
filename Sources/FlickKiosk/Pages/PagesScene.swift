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
    /// The kiosk it shows (the latest applied with ``apply(_:live:)``).
    public internal(set) var config: KioskConfig
    /// The config's pages and links, which the swipe follows.
    public internal(set) var graph: PageGraph
    /// The panel's density: the swipe's slop and commit distance in millimetres, and the screen unit.
    public let metrics: GestureMetrics
    /// The screen's width, in pixels (after rotation).
    public let width: Int
    /// The screen's height, in pixels (after rotation).
    public let height: Int
    /// The page at rest, or the one a completion is heading to.
    public var currentPage: String { strip.current }
    /// How far the current page is moved from rest along `axis`, in pixels (positive: right or down).
    public var offset: Double { strip.offset }
    /// The axis the pages move along; nil at rest.
    public var axis: Axis? { strip.axis }

    /// A panel of unknown size is taken to be this dense (`GestureMetrics.unknownPanel`).
    public static let defaultMetrics = GestureMetrics.unknownPanel
    /// The longest a released page takes to come to rest (a slow or still finger's): about as long as the
    /// critically damped 0.35 s spring it replaced took to look settled, and never overshooting into the neighbour.
    static let longestCompletion = 0.4

    /// A page let go at `velocity` on its way from `offset` to `target`: on at the finger's speed, then in.
    static func completion(from offset: Double, to target: Double, velocity: Double) -> Animation<Double> {
        .carrying(from: offset, to: target, velocity: velocity, longest: longestCompletion)
    }
    /// The seed's `setAnimationDuration:0.3f` with `UIViewAnimationCurveEaseOut`.
    static let easeOutDuration = 0.3

    let scene: ViewScene
    var context: PageContext!
    /// What a new context is made with when a config with another theme is applied.
    let fonts: FontCollection, stateDirectory: String?, wallClock: WallClock, log: (String) -> Void
    let perform: (KioskAction, JSONValue?) -> Void
    /// Where the pages' pictures come from.
    var images: ImageFiles { context.images }
    var controllers: [String: any PageController] = [:]
    /// One replica per to-do list the config shows, kept across reloads: what the fleet's glue shares.
    package let todoLists: TodoLists
    var strip: PageStrip
    var layers: PageLayerPolicy
    private var swipe: PageSwipe!
    /// The finger offset the drag started from.
    var dragStart = 0.0
    /// The kiosk's current language, as its tag is written in the config: the pages without a `language` of their
    /// own are in it.
    public internal(set) var languageTag: String
    /// The pages shown before the current one, latest last, for the `back` action.
    var history: [String] = []
    static let historyLimit = 64
    static let offsetKey = AnimationKey<Double>("pageOffset")
    var animationTarget: ObjectIdentifier { ObjectIdentifier(self) }

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
    ///   - live: The values of the config's `sources` that widgets draw; default: none arrived yet.
    ///   - wallClock: The local time at each moment of the scene's clock; default: the system's.
    ///   - perform: Carries out the actions pages do not: `publish`, `backlight`, `blank`, `wake`, `language`
    ///     (the pages show pages themselves); default: none.
    public init(config: KioskConfig, width: Int, height: Int, fonts: FontCollection,
                metrics: GestureMetrics = PagesScene.defaultMetrics, stateDirectory: String? = nil,
                live: LiveData? = nil, wallClock: WallClock = .system(loopNow: 0),
                perform: @escaping (KioskAction, JSONValue?) -> Void = { _, _ in },
                log: @escaping (String) -> Void = { _ in }) {
        self.config = config
        graph = PageGraph(config)
        languageTag = config.languages.defaultLanguage.tag
        self.metrics = metrics
        self.width = width
        self.height = height
        self.fonts = fonts
        self.stateDirectory = stateDirectory
        self.wallClock = wallClock
        self.perform = perform
        self.log = log
        todoLists = TodoLists(stateDirectory: stateDirectory, log: log)
        todoLists.update(for: config)
        strip = PageStrip(graph: graph, width: Double(width), height: Double(height), peek: config.swipe.peek,
                          current: config.start)
        layers = PageLayerPolicy(unprepared: strip.neighbours)
        scene = ViewScene(width: width, height: height)
        context = makeContext(live: live ?? LiveData(sources: config.sources.map { ($0.name, $0.freshness) }))
        scene.dispatcher.metrics = metrics
        swipe = PageSwipe(on: scene.root, metrics: metrics, handler: self)
        layout()
    }

    /// The page with id `id` as its kind made it (made now if it was not yet), for a test or the program around the
    /// kiosk to look at its state: `scene.page("door") as? CounterPage`. nil for an id the config does not have.
    public func page(_ id: String) -> (any PageController)? {
        config.page(id) == nil ? nil : controller(id)
    }

    /// A finger is on the pages.
    public var isTracking: Bool { scene.dispatcher.isTracking }

    /// The current page is not left for the start page when nobody touches it: its config says
    /// `"returnToStart": false`, or someone is typing on it (a to-do item being edited).
    public var currentPageStays: Bool {
        config.page(currentPage)?.returnsToStart == false
            || (controllers[currentPage] as? ReportsKioskState)?.todoState?.editing != nil
    }

    /// Views drawn over every page (a notice): children of the root, after the pages.
    var overlay: View { scene.root }

    /// The pages whose views are whole rendered layers now: what the kiosk holds in memory besides the screen.
    package var pagesWithLayers: [String] { controllers.filter { $0.value.view.isCached }.map(\.key).sorted() }

    /// The front photo card of the page shown, where its dynamics have it.
    var photoCard: DynamicItem? { (controller(currentPage) as? PhotoStackPage)?.frontItem }

    /// The run's outcome, one JSON object: the page shown, the open detail, front photo and text page of it,
    /// the to-do list (its items in order and the one being edited) of the to-do page shown, else of the
    /// config's first to-do page, and the language the page shown is in (its own `language`, else the kiosk's).
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
            ("language", .string(config.page(currentPage)?.language ?? languageTag)),
        ]).text()
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        switch event {
        case .touches:
            swipe.gesture.isEnabled = offset != 0 || !controller(currentPage).isModal
            scene.handle(event)
        case .key(let key):
            if offset == 0 { controller(currentPage).handle(key: key) }
        default:
            break
        }
    }

    public func advance(to time: Double) {
        scene.advance(to: time)
        if let value = scene.animator.value(for: animationTarget, key: Self.offsetKey) {
            strip.offset = value
            layout()
        }
        for controller in controllers.values { controller.advance(to: time) }
        todoLists.saveReceived()
        guard !isTracking, offset == 0 else { return }
        let work = layers.idleWork(neighbours: strip.neighbours, currentIsModal: controller(currentPage).isModal,
                                   isBusy: needsFrame) { [unowned self] id in
            controller(id).view.isCached && controller(id).view.parent == nil
        }
        switch work {
        case .letGo(let held)?: letGoForDetail(held)
        case .render(let id)?: becomeLayer(id)
        case nil: break
        }
    }

    public var needsFrame: Bool { scene.needsFrame || controllers.values.contains { $0.isMoving } || todoLists.needsSave }
    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { scene.draw(on: canvas, fullRedraw: fullRedraw) }
    /// Now, while neighbours wait to be rendered into their layers.
    public var nextDeadline: Double? {
        !layers.hasIdleWork || isTracking || controller(currentPage).isModal
            ? [scene.nextDeadline, controller(currentPage).nextDeadline].compactMap { $0 }.min() : scene.animator.time
    }

    // MARK: Settling

    func settle(velocity: Double) {
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
        strip.rest()
        dragStart = 0
        layout()
        endSlide()
    }

    // MARK: Views

    func controller(_ id: String) -> PageController {
        if let controller = controllers[id] { return controller }
        let controller = makeController(id)
        controllers[id] = controller
        // The peek of the next page is the swipe's, not the current page's.
        controller.view.hitArea = { [unowned self] point in strip.isOnCurrentPage(x: point.x, y: point.y) }
        if controller.view.shouldRasterize { layers.restsRasterized.insert(id) }
        return controller
    }

    private func makeController(_ id: String) -> PageController {
        guard let page = config.page(id) else { return StaticPage.blank(width: width, height: height) }
        return page.content.kind.makePage(context: context.speaking(languageOf: page, in: config.languages))
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

    func becomeLayer(_ id: String) {
        let view = controller(id).view
        view.shouldRasterize = true
        // A kiosk has memory for a few screens, not for every page twice: the layers inside are drawn into
        // the page's (or copied, when they are already cached) and let go.
        scene.tree.prepareLayer(of: view)
        scene.tree.releaseCaches(below: view)
    }

    /// At rest the current page draws its views directly again (its own animations then redraw only what
    /// moves), its neighbours stay layers for the next drag, and every other page lets go of its caches.
    func endSlide() {
        let rests = layers.rest(current: currentPage, neighbours: strip.neighbours, pages: Array(controllers.keys))
        for (id, rest) in rests {
            let view = controller(id).view
            if rest.discardsCaches { view.discardCaches() }
            view.shouldRasterize = rest.rasterizes
        }
    }

    /// Places the visible pages; whole pixels keep their layers on the copy path.
    func layout() {
        let placed = strip.placedPages()
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

extension PagesScene: PageSwipeHandler {
    func swipeAxes() -> (axes: Set<Axis>, caughtAt: Double?) {
        if strip.isMoving, let axis { return ([axis], strip.fingerOffset) }
        return (strip.allowedAxes(of: currentPage), nil)
    }

    func swipeResponse(to direction: SwipeDirection) -> DragResponse { strip.response(to: direction) }

    /// Moving pages stop where they show and the drag carries on from there; every page the drag may show
    /// becomes a layer now, so the drag only copies.
    func swipeTouchedDown() {
        if let caught = scene.animator.stop(animationTarget, key: Self.offsetKey) { strip.offset = caught.value }
        if strip.isMoving {
            dragStart = strip.fingerOffset
        } else {
            strip.rest()
            dragStart = 0
        }
        let ids = layers.layersForTouch(current: currentPage, neighbours: strip.neighbours, pagesMoving: strip.isMoving)
        for id in ids { becomeLayer(id) }
    }

    func swipeDragged(_ offset: Double, along axis: Axis) {
        if self.axis == nil {
            strip.lock(axis)
            becomeLayer(currentPage)
        }
        strip.drag(to: dragStart + offset)
        layout()
    }

    func swipeReleased(_ decision: SwipeDecision?, lockedAxis: Axis?, velocity: Vector) {
        let along = axis.map { velocity.component(along: $0) } ?? 0
        switch strip.release(decision: decision, lockedAxis: lockedAxis, velocity: along) {
        case .commit(let next, let sign, let velocity):
            remember(currentPage)
            strip.commit(to: next, sign: sign)
            dragStart = 0
            settle(velocity: velocity)
        case .settle(let velocity):
            settle(velocity: velocity)
        }
    }

    func swipeAbandoned() { settle(velocity: 0) }
}
