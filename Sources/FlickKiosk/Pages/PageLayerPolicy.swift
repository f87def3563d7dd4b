/// Which pages keep their views as whole rendered layers, and when they are rendered: a kiosk has memory for a
/// few screens, not for every page twice, and a drag must never wait for a layer.
///
/// Every neighbour of the page at rest is a layer by touch down, so a drag only copies it: rendered while the
/// screen is idle after the page settled (one per wake), or at once if the finger came first. At rest the
/// current page draws its views directly again, and every page that is neither current nor a neighbour lets go.
/// While the current page is modal no swipe can start, so its neighbours' layers go back to what it shows.
/// Decides only; the pages scene does what it says.
struct PageLayerPolicy {
    /// What to do while the screen is idle.
    enum IdleWork: Equatable {
        /// Let go of these neighbours' layers (the current page is modal and needs the memory).
        case letGo([String])
        /// Render this neighbour into its layer.
        case render(String)
    }

    /// What a page at rest does with its layer.
    struct Rest: Equatable {
        /// Its caches go (neither current nor a neighbour).
        var discardsCaches: Bool
        /// It stays one layer (its own choice: nothing on it changes).
        var rasterizes: Bool
    }

    /// Pages whose view is one layer even at rest.
    var restsRasterized: Set<String> = []
    /// Neighbours of the page at rest still to be rendered into their layers.
    private(set) var unprepared: [String]

    /// The policy for a kiosk starting at rest with `neighbours` still to render.
    init(unprepared neighbours: [String]) { unprepared = neighbours }

    /// There is work for an idle screen: the scene asks to be woken now rather than sleep.
    var hasIdleWork: Bool { !unprepared.isEmpty }

    /// The work for this wake of a screen at rest (no finger, pages still): nil when there is none or the screen
    /// is busy drawing. `holdsLayer` says whether an off-screen page holds a layer.
    mutating func idleWork(neighbours: [String], currentIsModal: Bool, isBusy: Bool,
                           holdsLayer: (String) -> Bool) -> IdleWork? {
        if currentIsModal {
            let held = neighbours.filter(holdsLayer)
            guard !held.isEmpty else { return nil }
            unprepared = neighbours
            return .letGo(held)
        }
        // One neighbour per wake, and only while nothing moves: a frame never waits for it.
        guard !isBusy, !unprepared.isEmpty else { return nil }
        return .render(unprepared.removeFirst())
    }

    /// A finger landed: the pages to render into layers now, neighbours first. The current page follows only
    /// when it is already moving: until the swipe claims the touch it may be the page's own (a list scrolling),
    /// which a page-sized layer would have to redraw every frame.
    mutating func layersForTouch(current: String, neighbours: [String], pagesMoving: Bool) -> [String] {
        unprepared = []
        return pagesMoving ? neighbours + [current] : neighbours
    }

    /// The pages came to rest on `current`: what each other page in `pages` does with its layer (neighbours keep
    /// theirs for the next drag and are absent), and the neighbours missing one are rendered while idle.
    mutating func rest(current: String, neighbours: [String], pages: [String]) -> [String: Rest] {
        unprepared = neighbours
        var rests: [String: Rest] = [:]
        for id in pages where !neighbours.contains(id) {
            rests[id] = Rest(discardsCaches: id != current, rasterizes: restsRasterized.contains(id))
        }
        return rests
    }
}
