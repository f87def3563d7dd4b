import FlickDisplay
import FlickUI
import FlickInput
import FlickMotion
import FlickRaster

/// The kiosk as one JSON file describes it: theme, optional display and input settings,
/// how swiping behaves, and the pages with their neighbours. Build it with
/// `KioskConfig.load(path:)`; every value in it has been validated and every image path is absolute.
public struct KioskConfig: Sendable, Equatable {
    public var theme: Theme
    public var display: Display?
    public var input: Input?
    public var swipe: Swipe
    /// The id of the page shown first (the first page unless `start` says otherwise).
    public var start: String
    public var pages: [Page]
    /// The absolute directory the file was read from; relative image paths resolve against it.
    public var directory: String

    public func page(_ id: String) -> Page? { pages.first { $0.id == id } }

    public struct Theme: Sendable, Equatable {
        public var background = Color(hex: 0x101418)
        public var surface = Color(hex: 0x1C232B)
        public var text = Color(hex: 0xF2F4F7)
        public var secondaryText = Color(hex: 0x9AA5B1)
        public var accent = Color(hex: 0x3366CC)
        public var titleSize = 44.0
        public var bodySize = 24.0
        public var captionSize = 18.0
        /// Font files set before the bundled DejaVu (absolute paths; families resolved through fontconfig).
        public var fonts: [String] = []
        /// Fonts for characters the theme's and the bundled fonts lack (other scripts, colour emoji), tried in order
        /// before fontconfig's own choice; they never replace the look of the text those fonts cover.
        public var fallbackFonts: [String] = []
        public init() {}
    }

    public struct Display: Sendable, Equatable {
        public init() {}

        public var connector: String?
        public var mode: Mode?
        public var rotation: Rotation = .none
        /// Overrides the panel's reported physical size when the EDID lies.
        public var dpi: Double?
        /// Everything on screen this much larger (or smaller): text, margins, bars and rows. Touch targets stay at
        /// least 9 mm whatever it is. nil: 1.
        public var scale: Double?
        /// The panel's real refresh in Hz, for panels whose mode reports a wrong one (SPI panels).
        public var refresh: Double?
        /// The scan-out pixel format; nil: the best the primary plane takes.
        public var format: ScanoutFormat?
        /// Dimming and blanking when nobody touches the screen; nil: always on.
        public var idle: IdlePolicy?
        /// The backlight to dim (a name under /sys/class/backlight or a path); nil: the first there is.
        public var backlight: String?

        public struct Mode: Sendable, Equatable {
            public var width: Int
            public var height: Int
            public var refreshHz: Int?

            public init(width: Int, height: Int, refreshHz: Int? = nil) {
                self.width = width; self.height = height; self.refreshHz = refreshHz
            }
        }
    }

    public struct Input: Sendable, Equatable {
        public var calibration: CalibrationMatrix?
        public var seat: String?
        /// The physical keyboard's XKB layout (`de`, `ru`, `ara`, `il`, `de(nodeadkeys)`); nil: the system's.
        public var keyboard: KeyboardLayout?
    }

    /// Which way a page may be dragged. A restricted page neither drags nor bounces across its axis.
    public enum Axes: String, Sendable, CaseIterable {
        case both, horizontal, vertical
    }

    public struct Swipe: Sendable, Equatable {
        public var axes: Axes = .both
        /// How much of the neighbour shows past the current page at rest, as a fraction of the
        /// screen (0 = none, 0.5 = the seed comment's half page).
        public var peek = 0.0
        public var completion: Completion = .spring
        public init() {}

        public enum Completion: String, Sendable, CaseIterable {
            /// Carries on at the finger's velocity and eases in, so nothing jumps (`Animation.carrying`; the name is
            /// the spring it first was, kept for configs that name it).
            case spring
            /// The seed's fixed 0.3 s ease-out.
            case easeOut
        }
    }

    public struct Page: Sendable, Equatable {
        public var id: String
        public var neighbours: [PageGraph.Direction: String]
        /// Overrides `Swipe.axes` for this page.
        public var axes: Axes?
        public var content: Content
    }

    /// What a page shows: one kind of page, built in (``TextPage``, ``ListPage``, ``PagedText``, ``Photos``,
    /// ``Todo``) or registered from outside (``PageKind``), as the config read it. `content.kind as? KioskConfig.Todo`
    /// tells which.
    public struct Content: Sendable, Equatable {
        public let kind: any PageKind

        public init(_ kind: any PageKind) { self.kind = kind }

        /// The content's `"type"` in the config.
        public var type: String { Swift.type(of: kind).type }

        public static func == (a: Content, b: Content) -> Bool { a.kind.isEqual(to: b.kind) }
    }

    /// Pictures shown as a stack of cards, flicked away one by one [UIDynamics photo card].
    public struct Photos: Sendable, Equatable {
        /// Absolute paths of picture files (PNG, JPEG or WebP), front photo first.
        public var images: [String]

        public init(images: [String]) { self.images = images }
    }

    /// A to-do page: its header's title and the list it shows, kept in `<list>.json` in the state directory.
    public struct Todo: Sendable, Equatable {
        public static let defaultTitle = "To-do"
        /// `todo.json`, the file of the only list there was before pages named theirs.
        public static let defaultList = "todo"

        public var title: String
        public var list: String

        public init(title: String = Todo.defaultTitle, list: String = Todo.defaultList) {
            self.title = title
            self.list = list
        }
    }

    public struct TextPage: Sendable, Equatable {
        public var title: String
        public var body: String
        /// Absolute path of a picture file (PNG, JPEG or WebP).
        public var image: String?
        public var background: Background?
    }

    public enum Background: Sendable, Equatable {
        case color(Color)
        /// Top to bottom, evenly spaced.
        case gradient([Color])
    }

    public struct ListPage: Sendable, Equatable {
        public var title: String
        public var items: [ListItem]
    }

    public struct ListItem: Sendable, Equatable {
        public var title: String
        public var detail: String
    }

    /// Pages of text shown one at a time, turned with Prev and Next [transition-animations].
    public struct PagedText: Sendable, Equatable {
        public var entries: [Entry]
        /// Brings in every page that has no transition of its own.
        public var transition: PageTransition

        public struct Entry: Sendable, Equatable {
            public var text: String
            /// The card's fill; the theme's surface when nil.
            public var background: Background?
            /// Brings this page in, from either button; the fields it does not name are the content's.
            public var transition: PageTransition?
        }

        /// The texts, in order.
        public var pages: [String] { entries.map(\.text) }

        /// The transition that brings in the page at `index`.
        public func transition(arrivingAt index: Int) -> PageTransition { entries[index].transition ?? transition }
    }

    public struct PageTransition: Sendable, Equatable {
        public var kind: Transition.Kind = .push
        /// nil: from the side matching the button pressed (Next pushes from the right).
        public var direction: Transition.Direction?
        public var duration = PageTransition.defaultDuration
        /// The seeds' 0.3 s for every button-driven transition.
        public static let defaultDuration = 0.3
        public init() {}
    }
}
