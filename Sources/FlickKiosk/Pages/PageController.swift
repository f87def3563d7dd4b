import FlickGestures
import FlickJSON
import FlickInput
import FlickRaster
import FlickText
import FlickUI

/// What every page works with: the screen's scene (its animator runs every animation, its dispatcher every touch),
/// the theme, fonts, the panel's density and the screen unit pages are sized in.
public final class PageContext {
    /// The screen's view scene: animate with its animator; gestures on a page's views compete through its dispatcher.
    public let scene: ViewScene
    /// The config's theme: colours, and text sizes in screen units (multiply by ``unit`` for pixels).
    public let theme: KioskConfig.Theme
    /// The fonts text is set in: the theme's `fonts`, the bundled DejaVu, then its `fallbackFonts`; ``face(_:)``
    /// picks one.
    public let fonts: FontCollection
    /// The panel's density: gesture distances in millimetres.
    public let metrics: GestureMetrics
    /// The screen's width, in pixels (after rotation): every page is this wide.
    public let width: Int
    /// The screen's height, in pixels (after rotation): every page is this high.
    public let height: Int
    let images: ImageFiles
    /// Pixels in one screen unit (1/160 inch times `display.scale`), in which the theme's text sizes are given and
    /// the pages' margins, bars and rows are sized.
    public let unit: Double
    /// The config's `display.scale`: how much larger than its unit size everything is shown.
    public let displayScale: Double
    /// Where pages keep what people change on them (a to-do list's items), one file per page as its kind names it;
    /// nil keeps it in memory only (previews, benchmarks).
    public let stateDirectory: String?
    /// Takes one line for each problem met while the kiosk runs (a picture that cannot be read, a change not saved).
    public let log: (String) -> Void
    /// The current value of each of the config's `sources`: what a widget bound to one draws. Read it in
    /// ``PageController/advance(to:)`` and redraw when ``LiveData/version(of:)`` changed.
    public let live: LiveData
    /// The local time of day at a moment of the scene's clock (`scene.animator.time`).
    public let wallClock: WallClock
    /// The language the page's words and dates are in, as a BCP 47 code (`en`, `ar`, `ja`, `pt-BR`).
    public var language: String { words.language.tag }
    /// The built-in controls' words in the page's language (the config's `languages`): `words[.next]`,
    /// `words.text(.items, count: 3)`.
    public let words: Words
    /// Which way the page's controls run: right to left on a page in Arabic, Hebrew, Persian or Urdu, whose controls
    /// mirror (Next on the left, chevrons pointing left, headers from the right).
    public var direction: TextDirection { words.language.direction }
    /// The kiosk's to-do lists, which its to-do pages show.
    let todoLists: TodoLists
    /// Carries out an action; set by the scene that shows the pages.
    var performer: (KioskAction, JSONValue?) -> Void = { _, _ in }

    init(scene: ViewScene, theme: KioskConfig.Theme, fonts: FontCollection, metrics: GestureMetrics, width: Int, height: Int,
         scale: Double = 1, stateDirectory: String? = nil, live: LiveData = LiveData(), wallClock: WallClock = WallClock(epoch: 0),
         words: Words = .english, images: ImageFiles? = nil, todoLists: TodoLists? = nil,
         log: @escaping (String) -> Void = { _ in }) {
        self.scene = scene
        self.words = words
        self.live = live
        self.wallClock = wallClock
        self.stateDirectory = stateDirectory
        self.log = log
        self.images = images ?? ImageFiles(log: log)
        self.todoLists = todoLists ?? TodoLists(stateDirectory: stateDirectory, log: log)
        self.theme = theme
        self.fonts = fonts
        self.metrics = metrics
        self.width = width
        self.height = height
        displayScale = scale
        unit = ScreenUnit.pixels(metrics: metrics, scale: scale)
    }

    /// This context for a page in the language of `words`, with them; the pictures read and the actions performed
    /// are this one's.
    func speaking(_ words: Words) -> PageContext {
        guard words.language != self.words.language else { return self }
        let context = PageContext(scene: scene, theme: theme, fonts: fonts, metrics: metrics, width: width, height: height,
                                  scale: displayScale, stateDirectory: stateDirectory, live: live, wallClock: wallClock,
                                  words: words, images: images, todoLists: todoLists, log: log)
        context.performer = { [unowned self] in performer($0, $1) }
        return context
    }

    /// The whole screen, in a page's coordinates.
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    /// Around a page's content: 64 units, at most 8 % of the screen's shorter side.
    public var margin: Double { ScreenUnit.pageMargin(unit: unit, width: width, height: height) }

    /// The picture at `path` (PNG, JPEG or WebP) decoded no larger than `fitting` needs — decode at the size it is
    /// shown, not the size of the file — or nil when it cannot be read, after one line to ``log`` (once per file;
    /// the page shows its place blank, as the built-in pages do).
    public func image(_ path: String, fitting: Size) -> Surface? { images.read(path, fitting: fitting) }

    /// Does what a widget's `action` says (``ConfigFields/action(_:required:)``): shows a page, publishes, sets the
    /// backlight. `value` is the widget's (a toggle's `true`, a slider's number), for `{value}` in a payload and a
    /// `backlight` of `"value"`.
    public func perform(_ action: KioskAction, value: JSONValue? = nil) { performer(action, value) }

    /// The face text of `weight` is set in: the theme's first font, else the bundled DejaVu Sans.
    public func face(_ weight: FontWeight) -> FontFace { fonts.face(weight) }
}

/// The interactive part of one page: its view, with the gestures of its own attached to the views inside (they
/// compete with the page swipe through the scene's dispatcher; touch positions are screen pixels, which are the
/// page's pixels at rest). The pages scene owns the swipe between pages, renders a page into a layer while it is
/// a neighbour, and copies that layer while pages slide.
public protocol PageController: AnyObject {
    /// Full-screen, in page coordinates; the pages scene places it while pages slide.
    var view: View { get }
    /// The page shows something that takes every touch (an open detail, a to-do being edited): no page swipe
    /// can start, so the neighbours need no layers until it is done.
    var isModal: Bool { get }
    /// Keys from a physical keyboard, while the page is at rest on screen.
    func handle(key: KeyEvent)
    /// Every frame before drawing, for motion the page drives itself rather than through the scene's animator;
    /// `time` is in seconds on the display's clock, as the scene's animator has it.
    func advance(to time: Double)
    /// Motion of the page's own is under way, or something it shows changed (a bound value): frames are needed.
    var isMoving: Bool { get }
    /// When the page must be drawn again though nothing moves or is touched (a clock's next minute), in seconds on
    /// the display's clock; nil: never by itself.
    var nextDeadline: Double? { get }
}

extension PageController {
    /// Never modal: the page swipe may always start.
    public var isModal: Bool { false }
    /// Keys are ignored.
    public func handle(key: KeyEvent) {}
    /// Nothing to advance.
    public func advance(to time: Double) {}
    /// No motion of the page's own.
    public var isMoving: Bool { false }
    /// No time of the page's own.
    public var nextDeadline: Double? { nil }
}

/// What a built-in page tells the kiosk's final state line.
protocol ReportsKioskState {
    /// The open detail item, the front photo.
    var detailIndex: Int? { get }
    var photoIndex: Int? { get }
    /// The paged-text page shown.
    var textIndex: Int? { get }
    /// The to-do list's items and the index being edited (to-do pages only).
    var todoState: (items: [TodoItem], editing: Int?)? { get }
}

extension ReportsKioskState {
    var todoState: (items: [TodoItem], editing: Int?)? { nil }
    var detailIndex: Int? { nil }
    var photoIndex: Int? { nil }
    var textIndex: Int? { nil }
}

