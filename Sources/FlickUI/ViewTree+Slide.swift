import FlickRaster

/// One thing a frame draws, in drawing order: a layer copied opaque at whole pixels, or anything else.
struct DrawnItem {
    let id: ObjectIdentifier
    /// The screen pixels it can touch; for a layer, the part of it its clips leave.
    let rect: PixelRect
    /// For a layer: where its top left corner lands. nil: anything else.
    let origin: (x: Int, y: Int)?
    /// For a layer: the cache it shows, not kept alive by it (a frame shown must not keep its caches).
    weak var cache: Surface?
}

/// What a frame drew, and on which surface.
struct ShownFrame {
    /// The surface it was drawn on, while it lives.
    weak var surface: Surface?
    let items: [DrawnItem]
    /// Where each layer is in `items`.
    let layers: [ObjectIdentifier: Int]

    init(surface: Surface, items: [DrawnItem]) {
        self.surface = surface
        self.items = items
        var layers: [ObjectIdentifier: Int] = [:]
        for (i, item) in items.enumerated() where item.origin != nil { layers[item.id] = i }
        self.layers = layers
    }
}

/// Layers moving together — pages sliding, a list's rows scrolling: the screen already shows their pixels one
/// step back, so they are moved where they are instead of copied again from their caches (one buffer's worth
/// of memory traffic, not two or three), and only what comes into view and what lies over them is drawn.
extension ViewTree {
    struct Slide {
        let dx: Int, dy: Int
        /// Disjoint screen regions whose pixels come from (x - dx, y - dy).
        let shifted: [PixelRect]
        /// The shifted regions are every pixel that has a source: the whole screen can move in one pass, the
        /// edge it leaves is in `redraw`.
        let wholeScreen: Bool
        /// What is drawn afterwards: what comes into view, what the layers left, whatever lies over them, and
        /// everything else that changed.
        let redraw: [PixelRect]
    }

    /// The slide since the last frame, when there is one: on the surface that still shows that frame, the layers
    /// showing the same caches as then, moved by the same whole pixels (the most common move, by area).
    func slide(of items: [DrawnItem], on surface: Surface, last: ShownFrame?, changes: [(view: View, before: PixelRect)],
               damage: [PixelRect]) -> Slide? {
        guard let last, last.surface === surface else { return nil }
        // The layers that showed the same cache last frame somewhere else, with how far they moved.
        let moves: [(item: DrawnItem, was: DrawnItem, move: Move)] = items.compactMap { item in
            guard let origin = item.origin, let i = last.layers[item.id], item.cache != nil, last.items[i].cache === item.cache,
                  let was = last.items[i].origin, was.x != origin.x || was.y != origin.y else { return nil }
            return (item, last.items[i], Move(dx: origin.x - was.x, dy: origin.y - was.y))
        }
        var areaMoved: [Move: Int] = [:]
        for m in moves { areaMoved[m.move, default: 0] += m.item.rect.area }
        guard let (step, _) = areaMoved.max(by: { $0.value < $1.value }) else { return nil }
        let (dx, dy) = (step.dx, step.dy)
        let sources = bounds.intersection(bounds.offsetBy(dx: dx, dy: dy))

        // A moved layer's pixels are moved where it showed last frame and shows now. The rest of where it is, and
        // of where its pixels are taken to, is drawn as what changed: a layer moves only with a change.
        var shifted: [PixelRect] = []
        var moved = Set<ObjectIdentifier>()
        for (item, was, move) in moves where move == step {
            moved.insert(item.id)
            let kept = item.rect.intersection(was.rect.offsetBy(dx: dx, dy: dy)).intersection(sources)
            shifted += kept.subtracting(shifted)
        }
        guard !shifted.isEmpty else { return nil }
        shifted = PixelRect.joined(shifted)
        var redraw: [PixelRect] = []
        // Whatever was or is drawn over a moved layer moved with its pixels or is missing from them.
        func over(_ frame: [DrawnItem], by offset: (dx: Int, dy: Int)) {
            guard let first = frame.firstIndex(where: { moved.contains($0.id) }) else { return }
            for item in frame[first...] where !moved.contains(item.id) {
                let at = item.rect.offsetBy(dx: offset.dx, dy: offset.dy)
                redraw += shifted.map { $0.intersection(at) }
            }
        }
        over(items, by: (0, 0))
        over(last.items, by: (dx, dy))
        // What changed elsewhere is drawn where it was and where it is; under the moved pixels the layers hide it.
        for change in changes {
            redraw += change.before.intersection(bounds).subtracting(shifted)
            if change.view.tree === self { redraw += coverage(of: change.view).subtracting(shifted) }
        }
        // Pixels to draw anyway: where they are, and where the move took what they showed.
        for rect in damage { redraw += [rect, rect.offsetBy(dx: dx, dy: dy)] }

        let wholeScreen = shifted.reduce(0) { $0 + $1.area } == sources.area
        if wholeScreen { redraw += bounds.subtracting(sources) }
        return Slide(dx: dx, dy: dy, shifted: shifted, wholeScreen: wholeScreen,
                     redraw: PixelRect.merged(redraw.map { $0.intersection(bounds) }))
    }

    struct Move: Hashable {
        let dx: Int, dy: Int
    }
}
