import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI

/// What every page's controller works with: the screen's scene (its animator runs every animation), the
/// theme, fonts and the panel's density.
final class PageContext {
    let scene: ViewScene
    let theme: KioskConfig.Theme
    let fonts: FontCollection
    let metrics: GestureMetrics
    let width: Int
    let height: Int
    /// Where the to-do list is kept; nil: in memory only.
    let store: TodoStore?

    init(scene: ViewScene, theme: KioskConfig.Theme, fonts: FontCollection, metrics: GestureMetrics, width: Int, height: Int,
         store: TodoStore? = nil) {
        self.scene = scene
        self.store = store
        self.theme = theme
        self.fonts = fonts
        self.metrics = metrics
        self.width = width
        self.height = height
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    /// Sizes in the config are for the 1280x800 design grid.
    var scale: Double { DesignGrid.scale(width: width, height: height) }
    var margin: Double { DesignGrid.pageMargin(scale: scale) }

    /// The theme's face, or nil when the fonts cannot be read (the page then draws without text).
    func face(_ weight: FontWeight) -> FontFace? { try? fonts.face(weight) }
}

/// The interactive part of one page: its view and the touches it handles itself. The pages scene owns the
/// swipe between pages; a page takes a touch whole (`takesTouch`), or shares it until the swipe claims it.
protocol PageController: AnyObject {
    /// Full-screen, in page coordinates; the pages scene places it while pages slide.
    var view: View { get }
    /// At touch down on the page at rest: true gives the page the whole touch (an open detail view, a grabbed
    /// photo), so the page swipe never sees it.
    func takesTouch(at point: Point) -> Bool
    /// The page shows something that takes every touch (an open detail, a to-do being edited): no page swipe
    /// can start, so the neighbours need no layers until it is done.
    var isModal: Bool { get }
    /// Axes the page drags along itself (a list scrolls vertically); the page swipe leaves them to it.
    var ownAxes: Set<Axis> { get }
    /// Touch frames in screen pixels (= page pixels: the page is at rest). A shared touch delivers its one
    /// finger, and a `.cancel` when the page swipe takes it; a touch the page took delivers every finger until
    /// the last lifts (a pinch).
    func handle(_ frame: TouchFrame)
    /// Keys from a physical keyboard, while the page is at rest on screen.
    func handle(key: KeyEvent)
    /// Every frame before drawing, for motion the page drives itself (the photo card's physics).
    func advance(to time: Double)
    /// Motion of the page's own is under way: frames are needed.
    var isMoving: Bool { get }
    /// For the final state: the open detail item, the front photo.
    var detailIndex: Int? { get }
    var photoIndex: Int? { get }
    /// For the final state: the paged-text page shown.
    var textIndex: Int? { get }
    /// For the final state: the to-do list's items and the index being edited (to-do pages only).
    var todoState: (items: [TodoItem], editing: Int?)? { get }
}

extension PageController {
    func takesTouch(at point: Point) -> Bool { false }
    var isModal: Bool { false }
    var ownAxes: Set<Axis> { [] }
    func handle(_ frame: TouchFrame) {}
    func handle(key: KeyEvent) {}
    var todoState: (items: [TodoItem], editing: Int?)? { nil }
    func advance(to time: Double) {}
    var isMoving: Bool { false }
    var detailIndex: Int? { nil }
    var photoIndex: Int? { nil }
    var textIndex: Int? { nil }
}

extension TouchFrame {
    /// The events of one touch, nil when the frame has none of it.
    func only(_ id: TouchID) -> TouchFrame? {
        let mine = events.filter { $0.id == id }
        return mine.isEmpty ? nil : TouchFrame(time: time, events: mine)
    }

    /// Ends `id` for a receiver that loses the touch to another gesture.
    static func cancelling(_ id: TouchID, at position: ScreenPoint, time: Microseconds) -> TouchFrame {
        TouchFrame(time: time, events: [TouchEvent(.cancel, id: id, at: position, time: time)])
    }
}

extension ScreenPoint {
    var point: Point { Point(x: x, y: y) }
}
