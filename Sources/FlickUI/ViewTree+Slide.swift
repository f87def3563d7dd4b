import FlickRaster

/// A root child copied opaque onto the screen this frame: where, and from which cache.
struct PlacedLayer {
    let view: View
    let rect: PixelRect
    let cache: Surface
}

/// The opaque layers a frame showed, in drawing order, and the surface it was drawn on.
struct ShownLayers {
    private(set) weak var surface: Surface?
    let order: [ObjectIdentifier]
    let shown: [ObjectIdentifier: Shown]

    struct Shown {
        let rect: PixelRect
        weak var cache: Surface?
    }

    init(surface: Surface, layers: [PlacedLayer]) {
        self.surface = surface
        order = layers.map { ObjectIdentifier($0.view) }
        shown = Dictionary(uniqueKeysWithValues: layers.map { (ObjectIdentifier($0.view), Shown(rect: $0.rect, cache: $0.cache)) })
    }
}

/// Pages sliding together: the screen already shows their pixels one step back, so they are moved where
/// they are instead of copied again from two page caches (one buffer's worth of memory traffic, not three),
/// and only the strip that comes into view is drawn.
extension ViewTree {
    struct Slide {
        let dx: Int, dy: Int
        /// Disjoint screen regions whose pixels come from (x - dx, y - dy).
        let shifted: [PixelRect]
        /// The layers cover every pixel that has a source: the whole screen can move in one pass, the edge it
        /// leaves is in `redraw`.
        let wholeScreen: Bool
        /// What is drawn afterwards: what comes into view, what the layers left, and everything else that changed.
        let redraw: [PixelRect]
    }

    /// The slide since the last frame, when there is one to move: the same opaque layers in the same order,
    /// showing the same caches, all moved by the same whole pixels on the surface that still shows that frame.
    func slide(of layers: [PlacedLayer], on surface: Surface, last: ShownLayers?, changes: [(view: View, before: PixelRect)],
               damage: [PixelRect]) -> Slide? {
        guard let last, last.surface === surface, !layers.isEmpty,
              last.order == layers.map({ ObjectIdentifier($0.view) }) else { return nil }
        var delta: (dx: Int, dy: Int)?
        for layer in layers {
            guard let before = last.shown[ObjectIdentifier(layer.view)], before.cache === layer.cache else { return nil }
            let d = (dx: layer.rect.x - before.rect.x, dy: layer.rect.y - before.rect.y)
            if let delta, delta != d { return nil }
            delta = d
        }
        guard let (dx, dy) = delta, dx != 0 || dy != 0 else { return nil }

        let sources = bounds.intersection(bounds.offsetBy(dx: dx, dy: dy))
        var shifted: [PixelRect] = []
        for layer in layers {
            shifted += layer.rect.intersection(sources).subtracting(shifted)
        }
        func notShifted(_ rect: PixelRect) -> [PixelRect] {
            rect.intersection(bounds).subtracting(shifted)
        }

        let wholeScreen = shifted.reduce(0) { $0 + $1.area } == sources.area
        let layerIDs = Set(last.order)
        var redraw = wholeScreen ? bounds.subtracting(sources) : []
        for layer in layers {
            redraw += notShifted(layer.rect)
            if let before = last.shown[ObjectIdentifier(layer.view)] { redraw += notShifted(before.rect) }
        }
        // Anything else that was on screen moved with the pixels: redraw it where it was taken to as well.
        func alsoMoved(_ rect: PixelRect) -> [PixelRect] { [rect, rect.offsetBy(dx: dx, dy: dy)] }
        for rect in damage { redraw += alsoMoved(rect) }
        for change in changes where !layerIDs.contains(ObjectIdentifier(change.view)) {
            redraw += alsoMoved(change.before)
            if change.view.tree === self { redraw.append(coverage(of: change.view)) }
        }
        let firstLayer = root.children.firstIndex { layerIDs.contains(ObjectIdentifier($0)) } ?? root.children.count
        for view in root.children[firstLayer...] where !layerIDs.contains(ObjectIdentifier(view)) {
            redraw += alsoMoved(coverage(of: view))
        }
        return Slide(dx: dx, dy: dy, shifted: shifted, wholeScreen: wholeScreen,
                     redraw: PixelRect.merged(redraw.map { $0.intersection(bounds) }))
    }
}
