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
    let images: ImageFiles
    /// Pixels in one of the screen's length units, in which the theme's text sizes and the pages' margins and rows
    /// are given (`ScreenUnit`).
    let unit: Double
    /// The config's `display.scale`: how much larger than its unit size everything is shown.
    let displayScale: Double

    init(scene: ViewScene, theme: KioskConfig.Theme, fonts: FontCollection, metrics: GestureMetrics, width: Int, height: Int,
         scale: Double = 1, images: ImageFiles = ImageFiles(log: { _ in })) {
        self.scene = scene
        self.images = images
        self.theme = theme
        self.fonts = fonts
        self.metrics = metrics
        self.width = width
        self.height = height
        displayScale = scale
        unit = ScreenUnit.pixels(metrics: metrics, scale: scale)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    var margin: Double { ScreenUnit.pageMargin(unit: unit, width: width, height: height) }

    /// The theme's face, or nil when the fonts cannot be read (the page then draws without text).
    func face(_ weight: FontWeight) -> FontFace? { try? fonts.face(weight) }
}

/// The interactive part of one page: its view, with the gestures of its own attached to the views inside (they
/// compete with the page swipe through the scene's dispatcher; touch positions are screen pixels, which are the
/// page's pixels at rest). The pages scene owns the swipe between pages.
protocol PageController: AnyObject {
    /// Full-screen, in page coordinates; the pages scene places it while pages slide.
    var view: View { get }
    /// The page shows something that takes every touch (an open detail, a to-do being edited): no page swipe
    /// can start, so the neighbours need no layers until it is done.
    var isModal: Bool { get }
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
    var isModal: Bool { false }
    func handle(key: KeyEvent) {}
    var todoState: (items: [TodoItem], editing: Int?)? { nil }
    func advance(to time: Double) {}
    var isMoving: Bool { false }
    var detailIndex: Int? { nil }
    var photoIndex: Int? { nil }
    var textIndex: Int? { nil }
}

extension ScreenPoint {
    var point: Point { Point(x: x, y: y) }
}
