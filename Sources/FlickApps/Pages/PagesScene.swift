import FlickGestures
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
    private let artwork: PageArtwork
    private var layers: [String: Surface] = [:]
    private var views: [String: View] = [:]
    /// The page shown on the `sign` side of the current one while a completion runs: the page just left,
    /// which one-way links may not lead back to.
    private var companion: (id: String, sign: Double)?
    private var swipe: SwipeRecognizer
    private var finger: TouchID?
    /// The unresisted offset the drag started from.
    private var dragStart = 0.0
    private static let offsetKey = AnimationKey<Double>("pageOffset")
    private var animationTarget: ObjectIdentifier { ObjectIdentifier(self) }

    public init(config: KioskConfig, width: Int, height: Int, fonts: FontCollection,
                metrics: GestureMetrics = PagesScene.defaultMetrics) {
        self.config = config
        graph = PageGraph(config)
        self.metrics = metrics
        self.width = width
        self.height = height
        currentPage = config.start
        scene = ViewScene(width: width, height: height)
        scene.tree.clearColor = config.theme.background
        artwork = PageArtwork(theme: config.theme, fonts: fonts, width: width, height: height)
        swipe = SwipeRecognizer(metrics: metrics)
        scene.onAdvance = { [unowned self] _ in
            if let value = scene.animator.value(for: animationTarget, key: Self.offsetKey) {
                offset = value
                layout()
            }
        }
        layout()
    }

    /// A finger is on the pages.
    public var isTracking: Bool { finger != nil }

    /// The run's outcome, one JSON object: the page shown, and the app states later issues fill in.
    public func finalStateJSON() -> String {
        "{\"page\": \(Self.jsonString(currentPage)), \"detail\": null, \"photo\": null, \"todo\": null}"
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        guard case .touches(let frame) = event else { return }
        if finger == nil, let down = frame.events.first(where: { $0.phase == .down }) { touchDown(down.id) }
        guard let finger else { return }
        let mine = frame.events.filter { $0.id == finger }
        guard !mine.isEmpty else { return }
        swipe.handle(TouchFrame(time: frame.time, events: mine))
        if mine.contains(where: { $0.phase == .up || $0.phase == .cancel }) {
            release()
        } else if swipe.state.isActive, let locked = swipe.axis {
            follow(locked)
        }
    }

    public func advance(to time: Double) { scene.advance(to: time) }
    public var needsFrame: Bool { scene.needsFrame }
    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { scene.draw(on: canvas, fullRedraw: fullRedraw) }
    public var nextDeadline: Double? { nil }

    // MARK: Swiping

    private func touchDown(_ id: TouchID) {
        finger = id
        if let caught = scene.animator.stop(animationTarget, key: Self.offsetKey) { offset = caught.value }
        let axes: Set<Axis>
        if offset != 0, let axis {
            // Caught mid-flight: the drag continues along the axis the pages are already moving on.
            axes = [axis]
            dragStart = page(on: offset) != nil ? offset : offset / Self.rubberBandFactor
        } else {
            offset = 0; axis = nil; companion = nil; dragStart = 0
            axes = allowedAxes(of: currentPage)
        }
        swipe = SwipeRecognizer(metrics: metrics, axes: axes)
        prepareNeighbours()
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
        currentPage = next
        offset -= sign * extent
        companion = (old, -sign)
        dragStart = 0
        settle(velocity: velocity)
        prepareNeighbours()
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
        let s: Double = sign > 0 ? 1 : -1
        if let companion, companion.sign == s { return companion.id }
        let direction: PageGraph.Direction = switch (axis, s > 0) {
        case (.horizontal, true): .left
        case (.horizontal, false): .right
        case (.vertical, true): .up
        case (.vertical, false): .down
        }
        return graph.neighbour(of: currentPage, direction)
    }

    private func resisted(_ raw: Double) -> Double {
        page(on: raw) == nil ? raw * Self.rubberBandFactor : raw
    }

    private var extent: Double { Double(axis == .vertical ? height : width) }

    // MARK: Views

    private func prepareNeighbours() {
        _ = layer(currentPage)
        for direction in PageGraph.Direction.allCases {
            if let id = graph.neighbour(of: currentPage, direction) { _ = layer(id) }
        }
    }

    private func layer(_ id: String) -> Surface {
        if let layer = layers[id] { return layer }
        let layer = config.page(id).map(artwork.render) ?? Surface(width: width, height: height)
        layers[id] = layer
        return layer
    }

    private func view(_ id: String) -> View {
        if let view = views[id] { return view }
        let view = View(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        view.content = ViewContent { [unowned self] canvas, _ in canvas.draw(layer(id), at: .zero) }
        views[id] = view
        return view
    }

    /// Places the current page at `offset` and the page it uncovers beside it; whole pixels keep the layers on
    /// the copy path.
    private func layout() {
        let shift = offset.rounded()
        var placed: [(String, Double)] = [(currentPage, shift)]
        if shift != 0, let other = page(on: shift), other != currentPage {
            placed.append((other, shift - (shift > 0 ? 1 : -1) * extent))
        }
        for (id, view) in views where !placed.contains(where: { $0.0 == id }) && view.parent != nil {
            view.removeFromParent()
        }
        for (id, position) in placed {
            let v = view(id)
            v.frame = Rect(x: axis == .vertical ? 0 : position, y: axis == .vertical ? position : 0,
                           width: Double(width), height: Double(height))
            if v.parent == nil { scene.root.addChild(v) }
        }
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
