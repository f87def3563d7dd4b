import FlickGestures
import FlickMotion
import FlickRaster
import FlickUI

/// A list of items and their details [flick-between-detail-views], under a navigation bar that stays still. The
/// list scrolls vertically (horizontal drags on it still swipe the kiosk's pages); a tap on a row pushes its
/// detail in from the right. On a detail a horizontal drag pulls the next item in from the right or the previous
/// one from the left, 1:1 from where the finger landed, and on release pushes it home or snaps back; past the
/// first or last item the view resists, and a flick there gets the seed's bounce. The back control, or a drag
/// from the left edge, pushes the list back in from the left. A tap's push is the seed's 0.3 s ease-out, a
/// released drag carries on at the finger's speed, both on the scene's animator; a touch that lands while one
/// runs is ignored. A tap on a list still coasting only stops it, as on iOS (`ListView`).
final class ListPage: PageController, ReportsKioskState {
    static let pushTiming = Timing(duration: 0.3, curve: .easeOut) // the seed's CATransition push, kCAMediaTimingFunctionEaseOut
    /// A drag right that starts this close to the left edge goes back to the list (iOS's back swipe); about
    /// half a fingertip, so a drag on the text itself still turns to the previous item.
    static let backEdge = Millimetres(5)

    let view: View
    /// The open item (or the one a push is heading to); nil on the list.
    private(set) var detailIndex: Int?
    private let items: [KioskConfig.ListItem]
    private let context: PageContext
    let screen: ListScreen
    let bar: ListBar
    private var shownDetail: DetailView
    /// Shows the item a drag or flick brings in.
    private var spareDetail: DetailView
    /// Layers in motion, following a finger or animated.
    private var move: DetailMove?
    private var isAnimating = false
    /// The drag on a detail: to the next or previous item, or from the left edge back to the list.
    private let detailSwipe: Gesture<SwipeRecognizer>
    /// The detail's touch landed while a push ran: it is ignored.
    private var touchLandedMoving = false

    init(content: KioskConfig.ListPage, context: PageContext) {
        let style = ListStyle(context)
        self.context = context
        items = content.items
        view = View(frame: style.bounds, background: .solid(context.theme.background))
        view.clipsToBounds = true
        screen = ListScreen(items: items, style: style, context: context)
        bar = ListBar(listTitle: content.title, style: style, metrics: context.metrics)
        shownDetail = DetailView(style: style)
        spareDetail = DetailView(style: style)
        detailSwipe = Gesture(SwipeRecognizer(metrics: context.metrics, axes: [.horizontal]))
        view.addChild(screen.view)
        view.addChild(bar.view)
        screen.list.onSelect = { [unowned self] in open($0) }
        bar.back.action = { [unowned self] in goBack() }
        attachDetailSwipe()
    }

    var isModal: Bool { detailIndex != nil || move != nil }

    /// Where the layer a push or a drag moves out stands, while one does.
    var leavingLayerX: Double? { move?.shown.frame.minX }

    func advance(to time: Double) { screen.updateLayer(pushed: move != nil) }

    // MARK: Detail touches

    /// The detail is a screen of its own: the page swipe waits until the list is back, so this drag is the
    /// detail's navigation, the edge swipe back included.
    private func attachDetailSwipe() {
        detailSwipe.isEnabled = false
        detailSwipe.isNavigation = true
        detailSwipe.shouldBegin = { [unowned self] in !touchLandedMoving }
        detailSwipe.onPhase = { [unowned self] phase in
            let swipe = detailSwipe.recognizer
            switch phase {
            case .touchDown: touchLandedMoving = isAnimating
            case .possible, .failed: break
            case .began, .changed:
                let fromEdge = (swipe.startLocation?.x ?? .infinity) < context.metrics.pixels(Self.backEdge)
                follow(swipe.offset, fromEdge: fromEdge)
            case .ended: release(swipe.decision, velocity: swipe.velocity.x)
            case .cancelled: release(nil, velocity: 0)
            }
        }
        view.addGesture(detailSwipe)
    }

    /// The shown detail `offset` pixels from rest (positive: right), the neighbour that way beside it.
    private func follow(_ offset: Double, fromEdge: Bool) {
        guard let index = detailIndex else { return }
        let direction: Transition.Direction = offset < 0 ? .fromRight : .fromLeft
        if move?.direction != direction {
            move?.incoming?.removeFromParent()
            move = makeMove(from: index, direction: direction, fromEdge: fromEdge)
        }
        // With nothing that way the detail rubber-bands as the pages and lists do.
        let width = Double(context.width)
        let shown = move?.incoming == nil ? Scroller(bounds: 0...0, dimension: width).resisted(abs(offset)) : abs(offset)
        move?.place(atProgress: shown / width)
    }

    private func makeMove(from index: Int, direction: Transition.Direction, fromEdge: Bool) -> DetailMove {
        let destination: DetailMove.Destination? = switch direction {
        case .fromRight: index + 1 < items.count ? .item(index + 1) : nil
        default: fromEdge ? .list : index > 0 ? .item(index - 1) : nil
        }
        var incoming: View?
        switch destination {
        case .item(let next)?:
            spareDetail.show(items[next])
            incoming = spareDetail.view
        case .list?:
            incoming = screen.view
        case nil:
            incoming = nil
        }
        if let incoming { view.insertChild(incoming, at: 0) }
        return DetailMove(to: destination, from: direction, shown: shownDetail.view, incoming: incoming)
    }

    /// Pushes home what the swipe committed to, bounces when there is nothing that way, else snaps back.
    /// `velocity`: the finger's at the lift, pixels per second: the layers carry on at that speed.
    private func release(_ decision: SwipeDecision?, velocity: Double) {
        guard let move else { return }
        let committed: Transition.Direction? = switch decision {
        case .commit(.left)?: .fromRight
        case .commit(.right)?: .fromLeft
        default: nil
        }
        // Progress grows as the incoming layer comes in: leftwards for one from the right.
        let speed = (move.direction == .fromRight ? -velocity : velocity) / Double(context.width)
        guard committed == move.direction else { return run(to: 0, speed: speed) }
        if move.destination == nil { bounce() } else { run(to: 1, speed: speed) }
    }

    // MARK: Pushes

    private func open(_ index: Int) {
        guard move == nil else { return }
        shownDetail.show(items[index])
        view.insertChild(shownDetail.view, at: 0)
        move = DetailMove(to: .item(index), from: .fromRight, shown: screen.view, incoming: shownDetail.view)
        move?.place(atProgress: 0)
        run(to: 1)
    }

    private func goBack() {
        guard move == nil, detailIndex != nil else { return }
        view.insertChild(screen.view, at: 0)
        move = DetailMove(to: .list, from: .fromLeft, shown: shownDetail.view, incoming: screen.view)
        move?.place(atProgress: 0)
        run(to: 1)
    }

    /// Runs the move from where it is to `target`: 1 arrives, 0 goes back to where it started. A push the finger
    /// let go (`speed`: progress per second) carries on at its speed as a released page does; a tap's is the
    /// seed's push.
    private func run(to target: Double, speed: Double? = nil) {
        guard let move else { return }
        if target == 1 {
            switch move.destination {
            case .item(let index)?: detailIndex = index
            case .list?:
                detailIndex = nil
                screen.list.clearSelection()
            case nil: break
            }
            bar.show(item: detailIndex.map { items[$0] })
            detailSwipe.isEnabled = detailIndex != nil
        }
        guard move.progress != target else { return finish(arrived: target == 1) }
        let arrive = { [unowned self] in finish(arrived: target == 1) }
        if let speed {
            return animate(PagesScene.completion(from: move.progress, to: target, velocity: speed), then: arrive)
        }
        animate(Transition(.push, from: move.direction, timing: Self.pushTiming, startProgress: move.progress,
                           endProgress: target).animation, then: arrive)
    }

    /// The seed's bounce at an end: pushed out to a quarter, and when that leg ends, back.
    private func bounce() {
        guard let move else { return }
        var (out, back) = Transition.edgeBounce(from: move.direction)
        out.startProgress = move.progress
        animate(out.animation) { [unowned self] in
            animate(back.animation) { [unowned self] in finish(arrived: false) }
        }
    }

    private func animate(_ motion: some Motion<Double>, then done: @escaping () -> Void) {
        isAnimating = true
        context.scene.animate(view, key: .transitionProgress, with: motion,
                              apply: { [unowned self] _, progress in move?.place(atProgress: progress) },
                              completion: { finished in if finished { done() } })
    }

    private func finish(arrived: Bool) {
        guard let move else { return }
        // What leaves the screen keeps its views for the next push, not its pixels.
        if arrived {
            move.shown.removeFromParent()
            move.shown.discardCaches()
            if move.incoming === spareDetail.view { swap(&shownDetail, &spareDetail) }
        } else {
            move.incoming?.removeFromParent()
            move.incoming?.discardCaches()
        }
        self.move = nil
        isAnimating = false
    }
}
