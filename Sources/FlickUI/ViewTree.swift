import FlickRaster

/// The root of what is on screen: owns the root view, collects the damage its views report, and redraws
/// only the damaged pixels — clip to a region, draw the tree back to front, next region.
///
/// A changed view costs two rectangles: what it covered when it first changed since the last frame (what
/// the screen still shows) and what it covers when the frame is drawn.
public final class ViewTree {
    /// The view that fills the screen; every view shown is inside it.
    public let root: View
    /// The screen's pixels.
    public let bounds: PixelRect
    /// What damaged pixels start from before the tree draws over them.
    public var clearColor: Color = .black
    /// Pixels to redraw that no changed view explains.
    private var damage: [PixelRect] = []
    /// Views that changed since the last frame, by identity, with what they covered before (what the screen
    /// still shows); their new coverage is taken at draw time.
    private var changed: [ObjectIdentifier: Change] = [:]
    private struct Change {
        let view: View
        let before: Footprint
    }
    /// What the last frame drew, and on which surface: see `slide`.
    private var lastFrame: ShownFrame?
    /// Frames drawn by moving the screen's pixels along with sliding layers, for tests.
    private(set) var framesSlid = 0
    /// Counts the views whose background and content were drawn, for tests and benchmarks.
    private(set) var viewsDrawn = 0
    /// Where the layers' caches get their memory: a cache let go leaves its pages for the next of its size.
    private let layerPages = SurfacePages()

    /// A tree for a screen of `width`×`height` pixels: the root view fills it, and the first frame draws all of it.
    public init(width: Int, height: Int) {
        bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        root = View(frame: bounds.rect)
        root.owningTree = self
        damage = [bounds]
    }

    /// Something changed since the last frame.
    public var needsDisplay: Bool { !damage.isEmpty || !changed.isEmpty }

    /// The deepest drawn, interactive view under `point` (screen pixels).
    public func hitTest(_ point: Point) -> View? { root.hitTest(root: point) }

    /// Marks pixels to redraw that no view change explains (a cursor, a resumed display).
    public func setNeedsDisplay(_ rect: PixelRect) { damage.append(rect.intersection(bounds)) }

    /// The regions the next `render` will draw, merged.
    package var pendingDamage: [PixelRect] {
        var all = damage
        for change in changed.values {
            all.append(change.before.rect)
            if change.view.tree === self { all.append(coverage(of: change.view)) }
        }
        return PixelRect.merged(all.map { $0.intersection(bounds) })
    }

    // MARK: Drawing

    /// Everything that changed, as footprints: the pixels no change explains, and each changed view where it was
    /// and where it is.
    private func footprints(damage: [PixelRect], changes: [Change]) -> [Footprint] {
        damage.map { Footprint(rect: $0, quad: nil) } + changes.flatMap {
            [$0.before, $0.view.tree === self ? footprint(of: $0.view) : .none]
        }
    }

    /// Draws the damaged regions (everything when `fullRedraw`) into `canvas` and returns them. The canvas
    /// keeps its state; its surface must be the screen's size.
    @discardableResult
    public func render(on canvas: Canvas, fullRedraw: Bool = false) -> [PixelRect] {
        let list = frameDisplayList()
        let slide = fullRedraw ? nil : slide(of: list.drawn, on: canvas.surface, last: lastFrame,
                                             changes: changed.values.map { ($0.view, $0.before.rect) }, damage: damage)
        let regions = fullRedraw ? [bounds] : slide?.redraw ?? pendingDamage
        // What changed, finer than the regions (where a turned card was and is, not the rectangles round them),
        // worked out when a region has an occluder to draw round.
        let changes = fullRedraw || slide != nil ? nil : (damage: damage, views: Array(changed.values))
        var footprints: [Footprint]?
        let shifted = slide?.shifted ?? []
        if let slide {
            framesSlid += 1
            if slide.wholeScreen {
                canvas.surface.shiftAll(dx: slide.dx, dy: slide.dy)
            } else {
                canvas.surface.shiftPixels(in: shifted, dx: slide.dx, dy: slide.dy)
            }
        }
        damage = []
        changed = [:]
        lastFrame = ShownFrame(surface: canvas.surface, items: list.drawn)
        for region in regions {
            // Under an opaque view's inside only that view and what is in front of it are drawn.
            guard let occluder = frontmostOccluder(in: list, within: region) else {
                draw(list, in: region, on: canvas, clearingOutside: list.screenCover)
                continue
            }
            var pieces = region.subtracting(occluder.rects)
            if let changes, !drawsAfter(occluder, in: list, within: region) {
                let changed = footprints ?? self.footprints(damage: changes.damage, changes: changes.views)
                footprints = changed
                pieces = pieces.compactMap { Self.narrowed($0, to: changed) }
            }
            for piece in pieces {
                draw(list, in: piece, on: canvas, clearingOutside: list.screenCover, items: 0..<occluder.index)
            }
            draw(list, in: region, on: canvas, clearingOutside: nil, items: occluder.index..<list.count)
        }
        return shifted.isEmpty ? regions : PixelRect.merged(shifted + regions)
    }

    /// The list drawn into `region` of the screen, cleared first outside `covering` (where no opaque layer will
    /// copy over it: a sliding page costs one copy, not two) unless that is nil: all of it, or what comes before
    /// an occluder, or the occluder and what comes after it.
    private func draw(_ list: DisplayList, in region: PixelRect, on canvas: Canvas, clearingOutside covering: [PixelRect]?,
                      items: Range<Int>? = nil) {
        canvas.withSavedState {
            canvas.setTransform(.identity)
            canvas.globalAlpha = 1
            canvas.blendMode = .sourceOver
            if let covering {
                let uncovered = region.subtracting(covering)
                for piece in uncovered {
                    canvas.withSavedState {
                        canvas.clip(to: piece.rect)
                        canvas.clear(clearColor)
                    }
                }
            }
            canvas.clip(to: region.rect)
            if list.count > 0 { draw(0, of: list, items: items ?? 0..<list.count, on: canvas) }
        }
    }

    /// Whether `draw` copies the view's layer rather than drawing the view and its children.
    func drawsAsLayer(_ view: View) -> Bool {
        view.shouldRasterize && !(drawsInnerLayersDirectly && view.cache == nil && view.alpha == 1)
    }

    /// Draws the list's item at `index` and its subtree, those in `items` only: the others set up only the
    /// transforms and clips of what is drawn inside them.
    private func draw(_ index: Int, of list: DisplayList, items: Range<Int>, on canvas: Canvas) {
        let item = list[index], view = item.view
        guard index < items.upperBound, item.end > items.lowerBound else { return }
        let drawing = index >= items.lowerBound
        canvas.withSavedState {
            canvas.setTransform(item.transform)
            canvas.globalAlpha = item.alpha
            let visible = !item.pixels.intersection(canvas.clipBounds).isEmpty
            if item.isLayer {
                guard visible, drawing, let cache = cachedLayer(of: view) else { return }
                let t = item.transform
                if t.isTranslationOnly {
                    // Whole pixels keep a sliding page on the copy path instead of resampling it every frame.
                    canvas.setTransform(.translation(t.tx.rounded(), t.ty.rounded()))
                }
                canvas.draw(cache, at: .zero)
                return
            }
            if view.clips {
                guard visible else { return }
                canvas.clip(to: view.bounds)
            }
            if visible && drawing { drawOwn(item, on: canvas) }
            drawChildren(of: index, in: list, items: items, on: canvas)
        }
    }

    /// Back to front. An opaque layer with an opaque layer fading in over it in the same place (a fade
    /// transition) becomes one cross-fade pass instead of a copy and a blend, where all of the list is drawn.
    private func drawChildren(of index: Int, in list: DisplayList, items: Range<Int>, on canvas: Canvas) {
        let end = list[index].end
        var child = index + 1
        while child < end, child < items.upperBound {
            let next = list[child].end
            if items.upperBound == list.count, child > items.lowerBound, next < end,
               list[next].childIndex == list[child].childIndex + 1,
               drawCrossFade(under: list[child], over: list[next], on: canvas) {
                child = list[next].end
                continue
            }
            draw(child, of: list, items: items, on: canvas)
            child = next
        }
    }

    private func drawCrossFade(under: DisplayItem, over: DisplayItem, on canvas: Canvas) -> Bool {
        guard canvas.globalAlpha == 1, under.view.shouldRasterize, over.view.shouldRasterize,
              under.view.alpha == 1, over.view.alpha < 1, under.view.frame == over.view.frame,
              under.view.transform == over.view.transform, under.view.transform.isTranslationOnly else { return false }
        let placed = under.transform
        guard placed.isTranslationOnly else { return false }
        guard !under.pixels.intersection(canvas.clipBounds).isEmpty else { return true }
        guard let bottom = cachedLayer(of: under.view), let top = cachedLayer(of: over.view),
              bottom.isKnownOpaque, top.isKnownOpaque else { return false }
        canvas.withSavedState {
            canvas.setTransform(.translation(placed.tx.rounded(), placed.ty.rounded()))
            canvas.drawFade(from: bottom, to: top, alpha: over.view.alpha, at: .zero)
        }
        return true
    }

    private func drawOwn(_ item: DisplayItem, on canvas: Canvas) {
        let view = item.view
        guard view.background != nil || view.content != nil else { return }
        viewsDrawn += 1
        if let background = view.background { fillBackground(background, of: item, on: canvas) }
        view.content?.draw(canvas, view.bounds)
    }

    /// Renders the missing caches of the rasterized views in `view`'s subtree now, so they are ready before
    /// they show (a neighbour page at touch down). The view need not be in the tree yet.
    public func prepareCaches(in view: View) {
        if view.shouldRasterize {
            _ = cachedLayer(of: view)
            return
        }
        for child in view.children { prepareCaches(in: child) }
    }

    /// Renders rasterized `view` into its layer now, drawing the layers inside it straight into it instead of
    /// caching each of them too: a page about to slide as one layer, with one page of memory, not two.
    public func prepareLayer(of view: View) {
        guard view.shouldRasterize, view.cache == nil else { return }
        drawsInnerLayersDirectly = true
        defer { drawsInnerLayersDirectly = false }
        _ = cachedLayer(of: view)
    }

    /// While `prepareLayer` renders: rasterized views without a cache are drawn, not cached.
    private var drawsInnerLayersDirectly = false

    /// Lets go of the caches inside `view`'s subtree (not its own): once `view` is one layer they are drawn
    /// into it, and keeping both would hold every pixel twice. They render again when next drawn.
    public func releaseCaches(below view: View) {
        for child in view.children { child.discardCaches() }
    }

    /// The view's subtree at 1:1 in its own coordinates, rendered now if nothing valid is cached.
    func cachedLayer(of view: View) -> Surface? {
        if let cache = view.cache { return cache }
        let width = Int(view.bounds.width.rounded(.up)), height = Int(view.bounds.height.rounded(.up))
        guard width > 0, height > 0 else { return nil }
        // An opaque background over all of it writes every pixel (drawn round what covers it, which writes the
        // rest): no clearing first, and the layer is known opaque without reading it back.
        let covered = view.background?.isOpaque == true && Double(width) == view.bounds.width
            && Double(height) == view.bounds.height
        let surface = covered ? Surface.forOverwriting(width: width, height: height, pages: layerPages)
            : Surface(width: width, height: height, pages: layerPages)
        let canvas = Canvas(surface: surface)
        if covered { canvas.willCoverOpaque() }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        // A photo card over the page's background and the card under it: those are drawn round it only.
        let list = layerDisplayList(of: view, size: whole)
        let occluder = frontmostOccluder(in: list, within: whole)
        for piece in occluder.map({ whole.subtracting($0.rects) }) ?? [whole] {
            canvas.withSavedState {
                canvas.clip(to: piece.rect)
                draw(0, of: list, items: 0..<(occluder?.index ?? list.count), on: canvas)
            }
        }
        if let occluder { draw(0, of: list, items: occluder.index..<list.count, on: canvas) }
        surface.isKnownOpaque = canvas.isCoveredOpaque || surface.isOpaque
        if let area = view.opaqueArea { surface.knownOpaqueArea = PixelRect(inside: area).intersection(whole) }
        view.cache = surface
        return surface
    }

    // MARK: Damage

    func viewWillChange(_ view: View) {
        let id = ObjectIdentifier(view)
        guard changed[id] == nil else { return }
        changed[id] = Change(view: view, before: footprint(of: view))
    }

    /// A view arrived in the tree: what it covers is new.
    func viewDidChange(_ view: View) {
        let id = ObjectIdentifier(view)
        changed[id] = Change(view: view, before: changed[id]?.before ?? .none)
    }

    /// The screen pixels the view's subtree can touch.
    func coverage(of view: View) -> PixelRect { placedCoverage(of: view)?.rect ?? .zero }

    /// The screen pixels the view's subtree can touch, and what places the view on the screen; nil when it is
    /// not shown.
    func placedCoverage(of view: View) -> (rect: PixelRect, toRoot: AffineTransform)? {
        guard view.isShown else { return nil }
        var clip = bounds.rect
        var v = view.parent
        while let p = v {
            if p.clips { clip = clip.intersection(p.transformToRoot.mapBounds(p.bounds)) }
            v = p.parent
        }
        let toParent = view.parent?.transformToRoot ?? .identity
        return (PixelRect(enclosing: subtreeBounds(view, parentToRoot: toParent, clip: clip)),
                view.transformToParent.concatenating(toParent))
    }

    private func subtreeBounds(_ view: View, parentToRoot: AffineTransform, clip: Rect) -> Rect {
        guard view.isDrawn else { return .zero }
        let t = view.transformToParent.concatenating(parentToRoot)
        // A turned view's pixels are resampled: its edge spreads a few pixels past its bounds.
        let reach = t.keepsEdgesUpright ? 0 : Self.turnedSampleReach
        let own = t.mapBounds(view.bounds).insetBy(dx: -reach, dy: -reach).intersection(clip)
        if view.clips { return own }
        return view.children.reduce(own) { $0.union(subtreeBounds($1, parentToRoot: t, clip: clip)) }
    }
}
