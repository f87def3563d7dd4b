import FlickRaster

/// What a view draws between its background and its children, in its own coordinates: (0, 0) is the
/// top-left of its frame and `bounds` its size. Content stays inside the bounds — damage covers the frame,
/// so paint outside it would be left behind when the view moves.
public struct ViewContent {
    /// Draws into `canvas`, already transformed, clipped and faded for the view, within `bounds` (the view's own
    /// coordinates, in pixels before its transform). Called on the frame loop's thread whenever any of the view's
    /// pixels are redrawn, often for part of it only: it must draw the same for the same state.
    public var draw: (_ canvas: Canvas, _ bounds: Rect) -> Void

    /// Content drawn by `draw`.
    public init(draw: @escaping (_ canvas: Canvas, _ bounds: Rect) -> Void) { self.draw = draw }
}

/// A node of the view tree: a rectangle in its parent, a transform about its centre, alpha, an optional
/// clip, background and content, and children drawn back to front on top. Every change that shows reports
/// the pixels it touches to the `ViewTree` the view belongs to, so only they are redrawn.
///
/// Alpha multiplies down the tree per primitive (overlapping children show through each other); a
/// rasterized view is drawn as one image, so its alpha is group opacity.
public final class View {
    /// In the parent's coordinates, before `transform`.
    public var frame: Rect {
        willSet { if newValue != frame { willChangeGeometry(resizes: newValue.size != frame.size) } }
    }
    /// Applied about the centre of the frame (as UIKit's `transform`): a rotation turns the view in place,
    /// a translation moves it without changing `frame`.
    public var transform: AffineTransform = .identity {
        willSet { if newValue != transform { willChangeGeometry(resizes: false) } }
    }
    /// 0…1, multiplied into everything the view and its children draw. A view at 0 is not drawn and not hit.
    public var alpha: Double = 1 {
        willSet { if newValue != alpha { willChangeGeometry(resizes: false) } }
    }
    /// A hidden view and its children are not drawn and not hit.
    public var isHidden = false {
        willSet { if newValue != isHidden { willChangeGeometry(resizes: false) } }
    }
    /// Children and content are cut at the frame; hit testing ignores points outside it.
    public var clipsToBounds = false {
        willSet { if newValue != clipsToBounds { willChangeAppearance() } }
    }
    /// Fills the bounds before the content; nil draws nothing.
    public var background: Paint? {
        willSet { willChangeAppearance() }
    }
    /// What the view draws over its background; nil draws nothing.
    public var content: ViewContent? {
        willSet { willChangeAppearance() }
    }
    /// False: neither the view nor its children are found by hit testing.
    public var isUserInteractionEnabled = true
    /// Where the view takes touches, in its own coordinates (UIKit's `point(inside:with:)`): outside it neither
    /// the view nor its children are found by hit testing. nil: the bounds, and children wherever they are.
    public var hitArea: ((Point) -> Bool)?
    /// Recognisers competing for the touches that land on the view or inside it (`TouchDispatcher`).
    public private(set) var gestures: [AnyGesture] = []
    /// Renders the subtree once into an offscreen surface and afterwards only blits it at the view's
    /// current position and alpha, until something inside changes. Implies clipping to the bounds.
    public var shouldRasterize = false {
        willSet { if newValue != shouldRasterize { willChangeAppearance() } }
        didSet { if !shouldRasterize { cache = nil } }
    }

    /// Part of the bounds that the view's own drawing covers with opaque pixels (a photo card's print, not its
    /// shadow), so what is behind it there is not drawn. nil: nothing is promised.
    public var opaqueArea: Rect? {
        willSet { if newValue != opaqueArea { willChangeAppearance() } }
    }

    /// The view this one is a child of; nil for a tree's root and a view not added anywhere.
    public private(set) weak var parent: View?
    /// The view's children, back to front. The view owns them.
    public private(set) var children: [View] = []
    /// Set on a tree's root only; everything below finds it through `parent`.
    weak var owningTree: ViewTree?
    /// The rasterized subtree, nil until drawn or after something inside changed.
    var cache: Surface?

    /// A view at `frame`, in its future parent's coordinates, with nothing to draw.
    public init(frame: Rect = .zero) { self.frame = frame }

    /// A view at `frame` that fills its bounds with `background` and draws `content` over it.
    public convenience init(frame: Rect, background: Paint?, content: ViewContent? = nil) {
        self.init(frame: frame)
        self.background = background
        self.content = content
    }

    /// The view's own rectangle: at (0, 0), the size of `frame`.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The tree this view is shown in, if any.
    public var tree: ViewTree? {
        var v = self
        while let p = v.parent { v = p }
        return v.owningTree
    }

    // MARK: Children

    /// Adds `child` in front of the other children, taking it from its old parent.
    public func addChild(_ child: View) { insertChild(child, at: children.count) }

    /// Inserts `child` at `index` in drawing order (0 is at the back), taking it from its old parent.
    public func insertChild(_ child: View, at index: Int) {
        precondition(child !== self && !child.isAncestor(of: self), "a view cannot contain itself")
        child.removeFromParent()
        children.insert(child, at: min(max(0, index), children.count))
        child.parent = self
        invalidateCaches(includingSelf: true)
        tree?.viewDidChange(child)
    }

    /// Takes the view out of its parent; what it covered is redrawn. Nothing when it has no parent.
    public func removeFromParent() {
        guard let parent else { return }
        tree?.viewWillChange(self)
        parent.invalidateCaches(includingSelf: true)
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Takes every child out of the view.
    public func removeAllChildren() {
        for child in children { child.removeFromParent() }
    }

    func isAncestor(of view: View) -> Bool {
        var v = view.parent
        while let p = v {
            if p === self { return true }
            v = p.parent
        }
        return false
    }

    // MARK: Gestures

    /// Attaches `gesture`: it takes part in every touch sequence that starts on this view or a view inside it.
    public func addGesture(_ gesture: AnyGesture) {
        precondition(gesture.view == nil, "a gesture belongs to one view")
        gesture.view = self
        gestures.append(gesture)
    }

    /// Detaches `gesture`: it takes part in no new touch sequence on this view.
    public func removeGesture(_ gesture: AnyGesture) {
        gestures.removeAll { $0 === gesture }
        if gesture.view === self { gesture.view = nil }
    }

    // MARK: Redrawing

    /// The content changed: redraw the view (and re-render the caches it is part of).
    public func setNeedsDisplay() { willChangeAppearance() }

    private func willChangeGeometry(resizes: Bool) {
        if resizes { cache = nil }
        parent?.invalidateCaches(includingSelf: true)
        tree?.viewWillChange(self)
    }

    private func willChangeAppearance() {
        invalidateCaches(includingSelf: true)
        tree?.viewWillChange(self)
    }

    /// Drops the cache of this view (when asked) and of every rasterized ancestor.
    func invalidateCaches(includingSelf: Bool) {
        if includingSelf { cache = nil }
        var v = parent
        while let p = v {
            p.cache = nil
            v = p.parent
        }
    }

    /// The view's layer is rendered and will be copied, not drawn, until something in it changes.
    public var isCached: Bool { cache != nil }

    /// Lets go of the layer caches of this view and everything inside it; they render again when next drawn.
    /// For views taken off screen that are kept for later (a detail view between pushes): a full-screen
    /// layer is 8 MB at 1920x1080.
    public func discardCaches() {
        cache = nil
        for child in children { child.discardCaches() }
    }

    /// The rendered layer of a rasterized view, while it is valid: read it, never draw into it.
    public var layer: Surface? { cache }

    // MARK: Coordinates

    /// Own coordinates → the parent's: the frame's origin, with `transform` about the frame's centre.
    public var transformToParent: AffineTransform {
        let cx = frame.width / 2, cy = frame.height / 2
        if transform.isIdentity { return .translation(frame.minX, frame.minY) }
        return AffineTransform.translation(-cx, -cy)
            .concatenating(transform)
            .concatenating(.translation(frame.minX + cx, frame.minY + cy))
    }

    /// Own coordinates → root coordinates: the space the root's frame is in, the screen's pixels.
    public var transformToRoot: AffineTransform {
        var t = transformToParent
        var v = parent
        while let p = v {
            t = t.concatenating(p.transformToParent)
            v = p.parent
        }
        return t
    }

    /// `point`, in the view's own coordinates, in root coordinates (the screen's pixels).
    public func convertToRoot(_ point: Point) -> Point { transformToRoot.map(point) }

    /// `point`, in root coordinates (the screen's pixels), in the view's own coordinates; nil when a transform on
    /// the way collapses the view to a line.
    public func convertFromRoot(_ point: Point) -> Point? { transformToRoot.inverted()?.map(point) }

    /// Where the view's own frame lands on screen: the bounding box of the transformed frame, clipped by
    /// the clipping ancestors; empty when it or an ancestor is hidden or transparent.
    public var visibleRootBounds: Rect {
        guard isShown else { return .zero }
        var r = transformToRoot.mapBounds(bounds)
        var v = parent
        while let p = v {
            if p.clips { r = r.intersection(p.transformToRoot.mapBounds(p.bounds)) }
            v = p.parent
        }
        return r
    }

    /// The view and every ancestor are drawn.
    var isShown: Bool {
        var v: View? = self
        while let p = v {
            if !p.isDrawn { return false }
            v = p.parent
        }
        return true
    }

    var isDrawn: Bool { !isHidden && alpha > 0 }
    var clips: Bool { clipsToBounds || shouldRasterize }

    // MARK: Hit testing

    /// The deepest drawn, interactive view under `point` (in root coordinates), front to back.
    public func hitTest(root point: Point) -> View? {
        var t = AffineTransform.identity
        var v = parent
        while let p = v {
            t = t.concatenating(p.transformToParent)
            v = p.parent
        }
        guard let toParent = t.inverted() else { return nil }
        return hitTest(parentPoint: toParent.map(point))
    }

    func hitTest(parentPoint: Point) -> View? {
        guard isDrawn, isUserInteractionEnabled, let inverse = transformToParent.inverted() else { return nil }
        let local = inverse.map(parentPoint)
        if let hitArea, !hitArea(local) { return nil }
        let inside = bounds.contains(local)
        if clips && !inside { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(parentPoint: local) { return hit }
        }
        return inside ? self : nil
    }
}
