import FlickDisplay
import FlickUI
import FlickInput
import FlickMotion
import FlickRaster

/// The kiosk as one JSON file describes it: theme, optional display and input settings,
/// how swiping behaves, and the pages with their neighbours. Build it with
/// ``load(path:kinds:)`` (or ``parse(_:file:directory:kinds:)``); every value in it has been validated and every
/// image path is absolute.
public struct KioskConfig: Sendable, Equatable {
    /// `theme`: colours, text sizes and fonts; the defaults when the config has none.
    public var theme: Theme
    /// `display`: the panel's connector, mode, rotation, density and power; nil when the config has none.
    public var display: Display?
    /// `input`: the touch calibration, seat and keyboard layout; nil when the config has none.
    public var input: Input?
    /// `swipe`: how pages are dragged and come to rest; the defaults when the config has none.
    public var swipe: Swipe
    /// The id of the page shown first (the first page unless `start` says otherwise).
    public var start: String
    /// `pages`: every page, in file order (at least one).
    public var pages: [Page]
    /// The absolute directory the file was read from; relative image paths resolve against it.
    public var directory: String
    /// `sources`: the values that change while the kiosk runs, by name (none by default).
    public var sources: [DataSource] = []
    /// `mqtt`: the broker MQTT sources and `publish` actions go through; nil when the config has none.
    public var mqtt: MQTT?
    /// `fleet`: the kiosk's name and groups among the kiosks on the `mqtt` broker, for its status, health and the
    /// commands it takes; nil when the config has none (the kiosk is nobody's to see or steer).
    public var fleet: Fleet?
    /// `returnToStart`: seconds without a touch (5 to a day) after which the kiosk shows its `start` page again
    /// (a page may opt out with `"returnToStart": false`); nil: it stays where it was left.
    public var returnToStart: Double?
    /// `languages`: the built-in controls' words in each language, and the one the kiosk starts in; English only
    /// when the config has none.
    public var languages = Languages()

    /// The page with id `id`, or nil when the config has none.
    public func page(_ id: String) -> Page? { pages.first { $0.id == id } }

    /// The config's `theme`: colours (`"#RRGGBB"` or `"#RRGGBBAA"` in the JSON), text sizes in screen units (a
    /// page's pixel size is the size times ``PageContext/unit``) and fonts. A field the config leaves out keeps its
    /// default.
    public struct Theme: Sendable, Equatable {
        /// `background`: behind every page, and around a page's cards and rows; default `#101418`.
        public var background = Color(hex: 0x101418)
        /// `surface`: the fill of cards, rows and headers (a paged-text card without a background of its own, a
        /// list's rows, the to-do header); default `#1C232B`.
        public var surface = Color(hex: 0x1C232B)
        /// `text`: titles and body text; default `#F2F4F7`.
        public var text = Color(hex: 0xF2F4F7)
        /// `secondaryText`: captions, hints and a list's chevrons; default `#9AA5B1`.
        public var secondaryText = Color(hex: 0x9AA5B1)
        /// `accent`: bars, buttons and a pressed row; default `#3366CC`.
        public var accent = Color(hex: 0x3366CC)
        /// `titleSize`: titles, in screen units (4 to 400); default 44.
        public var titleSize = 44.0
        /// `bodySize`: body text and list rows, in screen units (4 to 400); default 24.
        public var bodySize = 24.0
        /// `captionSize`: small text (the paged-text page counter), in screen units (4 to 400); default 18.
        public var captionSize = 18.0
        /// `fonts`: font files set before the bundled DejaVu (absolute paths; families resolved through fontconfig).
        public var fonts: [String] = []
        /// `fallbackFonts`: fonts for characters the theme's and the bundled fonts lack (other scripts, colour
        /// emoji), tried in order before fontconfig's own choice; they never replace the look of the text those fonts
        /// cover.
        public var fallbackFonts: [String] = []
        /// The default theme: the colours and sizes above, no fonts of its own.
        public init() {}
    }

    /// The config's `display`: which connector and mode to drive, how the panel is mounted, its density, and its
    /// power when idle. Each field nil (or `.none`) leaves the board's default; an option given to `BoardOptions`
    /// (FlickBoard) wins over its field.
    public struct Display: Sendable, Equatable {
        /// Display settings with every field left to the board.
        public init() {}

        /// `connector`: the DRM connector to drive, by name (`HDMI-A-1`, `DSI-1`); nil: the first connected one.
        public var connector: String?
        /// `mode`: the mode to set, `"1920x1080"` or `"1920x1080@60"` in the JSON; nil: the connector's preferred one.
        public var mode: Mode?
        /// `rotation`: how the panel is mounted, 0, 90, 180 or 270 degrees clockwise in the JSON; the pages see the
        /// turned size. Default `.none`.
        public var rotation: Rotation = .none
        /// `dpi`: the panel's density in dots per inch (10 to 2000), which sets the screen unit and gesture
        /// distances. Overrides the panel's reported physical size when the EDID lies; nil: from the connector's
        /// physical size, else 160.
        public var dpi: Double?
        /// `scale` (0.25 to 4): everything on screen this much larger (or smaller): text, margins, bars and rows.
        /// Touch targets stay at least 9 mm whatever it is. nil: 1.
        public var scale: Double?
        /// `refresh`: the panel's real refresh in Hz (10 to 500), for panels whose mode reports a wrong one (SPI
        /// panels); nil: the mode's.
        public var refresh: Double?
        /// `format`: the scan-out pixel format (`XRGB8888`, `RGB565`…, in any case); nil: the best the primary plane
        /// takes.
        public var format: ScanoutFormat?
        /// Dimming and blanking when nobody touches the screen, from `idle: {"dim": s, "blank": s}` (seconds, up to a
        /// week) and the percentages of `backlight: {"bright": %, "dim": %}`; nil: always on.
        public var idle: IdlePolicy?
        /// `backlight.device`: the backlight to dim (a name under /sys/class/backlight or a path); nil: the first
        /// there is.
        public var backlight: String?
        /// `schedule`: when the screen is off, on or at another brightness by the time of day and the day of the
        /// week, as a list of windows (`{"days": ["mon", …], "from": "22:00", "until": "06:30", "screen": "off" |
        /// "on", "brightness": percent}`, `days` every day and `from`/`until` the whole day when left out), the first
        /// that holds a moment ruling it; outside them the `idle` times rule. Local time. None by default.
        public var schedule = ScreenSchedule()

        /// A display mode as the config names it: `"WIDTHxHEIGHT"` or `"WIDTHxHEIGHT@HZ"`, each side 1 to 16384
        /// pixels, the refresh 1 to 1000 Hz.
        public struct Mode: Sendable, Equatable {
            /// Pixels across, as the panel scans out (before rotation).
            public var width: Int
            /// Pixels down, as the panel scans out (before rotation).
            public var height: Int
            /// The refresh rate in Hz; nil: the highest the connector offers at that size.
            public var refreshHz: Int?

            /// A mode of `width`×`height` pixels at `refreshHz` (nil: the highest at that size).
            public init(width: Int, height: Int, refreshHz: Int? = nil) {
                self.width = width; self.height = height; self.refreshHz = refreshHz
            }
        }
    }

    /// The config's `input`: how touches and keys are read. `flick run`'s options of the same names win over them,
    /// as an option given to `BoardOptions` (FlickBoard) does.
    public struct Input: Sendable, Equatable {
        /// `calibration`: six numbers as in LIBINPUT_CALIBRATION_MATRIX, for a touch layer mounted differently from
        /// the picture; they replace each touch device's udev matrix. nil: the devices' own.
        public var calibration: CalibrationMatrix?
        /// `seat`: the libinput seat to read; nil: `seat0`.
        public var seat: String?
        /// The physical keyboard's XKB layout (`de`, `ru`, `ara`, `il`, `de(nodeadkeys)`); nil: the system's.
        public var keyboard: KeyboardLayout?
    }

    /// Which way a page may be dragged (`swipe.axis`, a page's `axis`). A restricted page neither drags nor bounces
    /// across its axis.
    public enum Axes: String, Sendable, CaseIterable {
        /// `"both"`: sideways and up or down.
        case both
        /// `"horizontal"`: sideways only.
        case horizontal
        /// `"vertical"`: up or down only.
        case vertical
    }

    /// The config's `swipe`: how pages are dragged and come to rest.
    public struct Swipe: Sendable, Equatable {
        /// `axis`: which way pages may be dragged, unless a page says otherwise; default `.both`.
        public var axes: Axes = .both
        /// `peek` (0 to 0.5): how much of the neighbour shows past the current page at rest, as a fraction of the
        /// screen (0 = none, 0.5 = the seed comment's half page); default 0.
        public var peek = 0.0
        /// `completion`: how a released page comes to rest; default `.spring`.
        public var completion: Completion = .spring
        /// The defaults: both axes, no peek, the `spring` completion.
        public init() {}

        /// How a released page moves to rest, on to the neighbour or back (`swipe.completion`).
        public enum Completion: String, Sendable, CaseIterable {
            /// Carries on at the finger's velocity and eases in, so nothing jumps (`Animation.carrying`; the name is
            /// the spring it first was, kept for configs that name it).
            case spring
            /// The seed's fixed 0.3 s ease-out.
            case easeOut
        }
    }

    /// One entry of the config's `pages`.
    public struct Page: Sendable, Equatable {
        /// `id`: the page's name, unique and not empty, that `start` and the neighbour fields name.
        public var id: String
        /// `up`, `down`, `left` and `right`: the id of the page on that side; a side with no neighbour has no
        /// entry. Links are one-way.
        public var neighbours: [PageGraph.Direction: String]
        /// `axis`: overrides `Swipe.axes` for this page; nil: the swipe's.
        public var axes: Axes?
        /// `language`: the page is always in this language (one of the config's ``Languages``, as its tag is written),
        /// its controls' words and their direction; nil: the kiosk's current language.
        public var language: String? = nil
        /// `content`: what the page shows, by its `"type"`.
        public var content: Content
        /// `returnToStart`: false keeps the page on screen however long nobody touches it (a form, a to-do list),
        /// when the config returns to its start page; default true.
        public var returnsToStart = true
        /// `shown`: the windows of the week the page is part of the kiosk, `[{"days": ["fri"], "from": "11:00",
        /// "until": "14:00"}]` (today's special); outside them the swipe passes over it and buttons do not show it.
        /// Empty: always.
        public var shown: [WeekWindow] = []
    }

    /// What a page shows: one kind of page, built in (``TextPage``, ``ListPage``, ``PagedText``, ``Photos``,
    /// ``Todo``) or registered from outside (``PageKind``), as the config read it. `content.kind as? KioskConfig.Todo`
    /// tells which.
    public struct Content: Sendable, Equatable {
        /// The kind of page and its fields as read, one of the built-in kinds or an integrator's.
        public let kind: any PageKind

        /// Content that shows `kind`.
        public init(_ kind: any PageKind) { self.kind = kind }

        /// The content's `"type"` in the config.
        public var type: String { Swift.type(of: kind).type }

        /// Whether `a` and `b` are of the same kind with equal fields.
        public static func == (a: Content, b: Content) -> Bool { a.kind.isEqual(to: b.kind) }
    }

    /// A `"photos"` page (`{"type": "photos", "images": [...]}`): pictures shown as a stack of cards, flicked away
    /// one by one [UIDynamics photo card].
    public struct Photos: Sendable, Equatable {
        /// `images`: absolute paths of picture files (PNG, JPEG or WebP), front photo first; relative to the
        /// config's directory in the JSON, at least one.
        public var images: [String]

        /// Photos of the picture files at `images` (absolute paths), front photo first.
        public init(images: [String]) { self.images = images }
    }

    /// A `"todo"` page (`{"type": "todo", "title": "Shopping", "list": "shopping"}`): its header's title and the list
    /// it shows, kept in `<list>.json` in the state directory (``PageContext/stateDirectory``). Items are added,
    /// ticked, edited and removed on the page; with a state directory every change is saved before its animation
    /// completes.
    public struct Todo: Sendable, Equatable {
        /// `todo.json`, the file of the only list there was before pages named theirs.
        public static let defaultList = "todo"

        /// `title`: the header's title; nil: the ``Word/todo`` word of the page's language ("To-do").
        public var title: String?
        /// `list`: the list's name, 1 to 64 letters, digits, `-` or `_`, which names its file; default
        /// ``defaultList``. Two to-do pages that show one list show the same items.
        public var list: String
        /// `share`: which kiosks the list is shared with; default ``Sharing/firstGroup``.
        public var share: Sharing

        /// Which kiosks a to-do list is shared with: the same list on every screen of a group, through the broker
        /// (<doc:SharedToDoLists>).
        public enum Sharing: Sendable, Equatable {
            /// `share` left out: the first of the kiosk's fleet `groups`; none (this kiosk's alone) without any.
            case firstGroup
            /// `"share": false`: this kiosk's alone.
            case local
            /// `"share": "<group>"`: the kiosks of that fleet group (one of this kiosk's `groups`).
            case group(String)
        }

        /// A to-do page titled `title` that shows the list `list`, shared as `share` says.
        public init(title: String? = nil, list: String = Todo.defaultList, share: Sharing = .firstGroup) {
            self.title = title
            self.list = list
            self.share = share
        }
    }

    /// A `"text"` page (`{"type": "text", "title": …, "body": …}`): a title of up to two lines, the body under it,
    /// and a picture below them that keeps at least 40 % of the room under the title; a body longer than its room
    /// scrolls there.
    public struct TextPage: Sendable, Equatable {
        /// `title`: the page's title, in the theme's title size.
        public var title: String
        /// `body`: the text under the title, wrapped, in the theme's body size; may be empty.
        public var body: String
        /// `image`: absolute path of a picture file (PNG, JPEG or WebP), scaled to fit below the text; relative to
        /// the config's directory in the JSON. nil: none.
        public var image: String?
        /// `background`: the page's fill; nil: the theme's background.
        public var background: Background?
    }

    /// A page's or a card's fill: `"#RRGGBB"` (or `"#RRGGBBAA"`) for a colour, `{"gradient": ["#…", "#…", …]}`
    /// for a gradient.
    public enum Background: Sendable, Equatable {
        /// One colour.
        case color(Color)
        /// Top to bottom, evenly spaced; at least two colours.
        case gradient([Color])
    }

    /// A `"list"` page (`{"type": "list", "title": …, "items": [{"title": …, "detail": …}, …]}`): rows under a bar
    /// with the title; a tap on a row opens its detail, and a drag on a detail turns to the next or previous item.
    public struct ListPage: Sendable, Equatable {
        /// `title`: shown in the bar above the rows.
        public var title: String
        /// `items`: the rows, in order (at least one in the JSON).
        public var items: [ListItem]
    }

    /// One entry of a list page's `items`.
    public struct ListItem: Sendable, Equatable {
        /// `title`: the row's text, and the detail's title.
        public var title: String
        /// `detail`: the text the item's detail shows.
        public var detail: String
    }

    /// A `"pagedText"` page (`{"type": "pagedText", "pages": [...], "transition": {...}}`): pages of text shown one
    /// at a time, turned with Prev and Next [transition-animations].
    public struct PagedText: Sendable, Equatable {
        /// `pages`: each a string, or an object with a `text` and its own `background` and `transition`; at least
        /// one.
        public var entries: [Entry]
        /// `transition`: brings in every page that has no transition of its own; default a 0.3 s push.
        public var transition: PageTransition

        /// One entry of `pages`: a string is a text with no background or transition of its own.
        public struct Entry: Sendable, Equatable {
            /// `text`: what the page shows.
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

    /// How a paged-text page comes in: `{"type": "fade" | "moveIn" | "push" | "reveal", "subtype": "fromLeft" |
    /// "fromRight" | "fromTop" | "fromBottom", "duration": seconds}`, every field optional.
    public struct PageTransition: Sendable, Equatable {
        /// `type`: fade, move in, push or reveal; default `.push`.
        public var kind: Transition.Kind = .push
        /// `subtype`: the side the page comes from; nil: from the side matching the button pressed (Next pushes
        /// from the right).
        public var direction: Transition.Direction?
        /// `duration`: in seconds (0 to 10); default ``defaultDuration``.
        public var duration = PageTransition.defaultDuration
        /// The seeds' 0.3 s for every button-driven transition.
        public static let defaultDuration = 0.3
        /// A 0.3 s push from the side matching the button.
        public init() {}
    }
}
