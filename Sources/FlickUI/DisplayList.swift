import FlickRaster

/// One drawn view as a frame sees it, resolved once: where it lands, how transparent, what clips it, whether it
/// is copied from its layer, what of the screen it hides.
struct DisplayItem {
    let view: View
    /// The item its view is a child of; nil for the list's first.
    let parent: Int?
    /// Its view's place among its parent's children.
    let childIndex: Int
    /// The index after its subtree's last item: its descendants are the items between.
    var end: Int
    /// User space to device pixels: the canvas's transform while the view draws.
    let transform: AffineTransform
    /// The canvas's global alpha while the view draws.
    let alpha: Double
    /// It and every view above it in the list are at full alpha.
    let isWhole: Bool
    /// The device pixels the clips of the views above it leave.
    let clip: PixelRect
    /// The device pixels round its bounds, before any clip.
    let pixels: PixelRect
    /// Drawn by copying its layer: the views inside it are not in the list.
    let isLayer: Bool
    /// Where its opaque area hides what is drawn before it (see `ViewTree.frontmostOccluder`); empty when nowhere.
    let occludes: [PixelRect]
    /// Where layers inside it will be copied opaque when it draws at full alpha (see `fillBackground`).
    var layerCover: [PixelRect] = []
}

/// The views a frame draws, back to front, each once with what drawing it needs to know: built in one walk of
/// the tree, then read by slide detection, the screen's clear, occlusion and drawing alike.
struct DisplayList {
    fileprivate(set) var items: [DisplayItem] = []
    /// Where opaque layers and opaque backgrounds will cover the screen's clear: pixels that need no clearing.
    fileprivate(set) var screenCover: [PixelRect] = []
    /// What the frame draws, as far as moving pixels goes (see `ViewTree.slide`).
    fileprivate(set) var drawn: [DrawnItem] = []

    var count: Int { items.count }
    subscript(index: Int) -> DisplayItem { items[index] }

    /// The item drawing `view`; nil when the list does not draw it on its own.
    func index(of view: View) -> Int? { items.firstIndex { $0.view === view } }

    /// What a walk carries down from a view to its children.
    fileprivate struct Context {
        let parent: Int?
        let transform: AffineTransform
        let alpha: Double
        let isWhole: Bool
        let clip: PixelRect
        /// Views below may hide what is drawn before them: nothing above is translucent or clips turned.
        let mayOcclude: Bool
    }
}

extension ViewTree {
    /// The frame: the root and every drawn view in it, with the layers the screen shows cached now (drawing would
    /// cache them anyway; slide detection needs to know which are opaque).
    func frameDisplayList() -> DisplayList {
        var list = DisplayList()
        guard root.isDrawn else { return list }
        let top = DisplayList.Context(parent: nil, transform: .identity, alpha: 1, isWhole: true, clip: bounds, mayOcclude: true)
        append(root, childIndex: 0, in: top, isFrame: true, to: &list)
        return list
    }

    /// What rasterized `layer`'s cache is drawn from: the layer itself in its own coordinates, then its subtree.
    func layerDisplayList(of layer: View, size: PixelRect) -> DisplayList {
        var list = DisplayList()
        let top = DisplayList.Context(parent: nil, transform: .identity, alpha: 1, isWhole: true, clip: size, mayOcclude: true)
        append(layer, childIndex: 0, in: top, isFrame: false, to: &list)
        return list
    }

    private func append(_ view: View, childIndex: Int, in context: DisplayList.Context, isFrame: Bool,
                        to list: inout DisplayList) {
        let index = list.items.count
        // A layer's own cache is drawn at the origin of its canvas: its transform and alpha are its parent's business.
        let isLayerRoot = !isFrame && index == 0
        let t = isLayerRoot ? .identity : view.transformToParent.concatenating(context.transform)
        let alpha = isLayerRoot ? 1 : min(1, max(0, context.alpha * view.alpha))
        let isWhole = isLayerRoot || context.isWhole && view.alpha == 1
        let isLayer = !isLayerRoot && drawsAsLayer(view)
        let clip = context.clip
        var occludes: [PixelRect] = []
        if !isLayerRoot, context.mayOcclude, isWhole, let area = view.opaqueArea {
            occludes = Self.inscribedPixels(of: area, under: t).map { $0.intersection(clip) }.filter { !$0.isEmpty }
        }
        list.items.append(DisplayItem(view: view, parent: context.parent, childIndex: childIndex, end: index + 1,
                                      transform: t, alpha: alpha, isWhole: isWhole, clip: clip,
                                      pixels: PixelRect(enclosing: t.mapBounds(view.bounds)), isLayer: isLayer,
                                      occludes: occludes))
        if isFrame { appendDrawn(index, to: &list) }
        if !isLayerRoot { addCover(of: index, isFrame: isFrame, to: &list) }
        guard !isLayer else { return }
        let inner = view.clips ? clip.intersection(Canvas.clipPixels(of: view.bounds, under: t)) : clip
        let below = DisplayList.Context(parent: index, transform: t, alpha: alpha, isWhole: isWhole, clip: inner,
                                        mayOcclude: context.mayOcclude && isWhole && (!view.clips || t.isTranslationOnly))
        for (i, child) in view.children.enumerated() where child.isDrawn {
            append(child, childIndex: i, in: below, isFrame: isFrame, to: &list)
        }
        list.items[index].end = list.items.count
    }

    /// Layers count as moved opaque when they are cached (rendered now if missing) and known opaque, at full
    /// alpha all the way down, placed by whole-pixel translations and cut only by whole-pixel clips.
    private func appendDrawn(_ index: Int, to list: inout DisplayList) {
        let item = list.items[index], view = item.view
        let reach = item.transform.keepsEdgesUpright ? 0 : Self.turnedSampleReach
        let own = PixelRect(enclosing: item.transform.mapBounds(view.bounds).insetBy(dx: -reach, dy: -reach))
            .intersection(item.clip)
        guard !own.isEmpty else { return }
        let id = ObjectIdentifier(view)
        if item.isLayer {
            let t = item.transform
            if item.isWhole, t.isTranslationOnly, let cache = cachedLayer(of: view), cache.isKnownOpaque {
                let origin = (x: Int(t.tx.rounded()), y: Int(t.ty.rounded()))
                let placed = PixelRect(x: origin.x, y: origin.y, width: cache.width, height: cache.height)
                list.drawn.append(DrawnItem(id: id, rect: placed.intersection(item.clip), origin: origin, cache: cache))
            } else {
                list.drawn.append(DrawnItem(id: id, rect: own, origin: nil))
            }
        } else if view.background != nil || view.content != nil {
            list.drawn.append(DrawnItem(id: id, rect: own, origin: nil))
        }
    }
}

/// Pixels an opaque layer will be copied over need no painting first: the screen's clear under the pages, a
/// list's background under its rows. Only layers already cached count (their opacity is known). The screen's
/// clear is also left out under views whose own background is opaque. A layer's known opaque area counts as
/// a layer known opaque.
extension ViewTree {
    /// What the item covers opaque, given to the views above it that see it at full alpha through whole-pixel
    /// translations and unrasterized views: a cached layer copied at its rounded translation (all of it or its
    /// known opaque area, a photo card's print) to each, and in a frame an opaque background to the screen's clear.
    fileprivate func addCover(of index: Int, isFrame: Bool, to list: inout DisplayList) {
        let item = list.items[index], view = item.view, t = item.transform
        guard item.isWhole, t.isTranslationOnly else { return }
        var layer: PixelRect?
        if view.shouldRasterize, let cache = view.cache {
            let placed = PixelRect(x: Int(t.tx.rounded()), y: Int(t.ty.rounded()), width: cache.width, height: cache.height)
            let opaque = cache.isKnownOpaque ? placed : cache.knownOpaqueArea.offsetBy(dx: placed.x, dy: placed.y)
            layer = opaque.intersection(item.clip)
        }
        var filled: PixelRect?
        if isFrame, !view.shouldRasterize, let paint = view.background, paint.isOpaque {
            // Whole pixels only: a background's anti-aliased edge does not hide what is under it.
            filled = PixelRect(inside: t.mapBounds(view.bounds)).intersection(item.clip)
        }
        guard layer != nil || filled != nil else { return }
        var above = item.parent
        while let i = above, list.items[i].transform.isTranslationOnly {
            if let layer, !layer.isEmpty { list.items[i].layerCover.append(layer) }
            if isFrame, i == 0 {
                if let filled, !filled.isEmpty { list.screenCover.append(filled) }
                if let layer, !layer.isEmpty { list.screenCover.append(layer) }
            }
            guard !list.items[i].view.shouldRasterize else { break }
            above = list.items[i].parent
        }
    }

    /// Fills the item's view's background where its own opaque layers will not cover it.
    func fillBackground(_ paint: Paint, of item: DisplayItem, on canvas: Canvas) {
        let view = item.view
        let covering = canvas.globalAlpha == 1 && canvas.transform.isTranslationOnly
            ? item.layerCover.map { $0.intersection(canvas.clipBounds) }.filter { !$0.isEmpty } : []
        guard !covering.isEmpty else {
            canvas.fill(view.bounds, paint: paint)
            return
        }
        let area = PixelRect(enclosing: canvas.transform.mapBounds(view.bounds)).intersection(canvas.clipBounds)
        let uncovered = area.subtracting(covering)
        let toLocal = AffineTransform.translation(-canvas.transform.tx, -canvas.transform.ty)
        for piece in uncovered where !piece.isEmpty {
            canvas.withSavedState {
                canvas.clip(to: toLocal.mapBounds(piece.rect))
                canvas.fill(view.bounds, paint: paint)
            }
        }
    }
}
