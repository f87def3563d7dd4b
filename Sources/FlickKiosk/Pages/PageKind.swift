/// A kind of page a kiosk config names by its content's `"type"`. The built-in `text`, `list`, `pagedText`,
/// `photos`, `todo` and `panel` are kinds like any other, read and shown through this protocol: a kind's fields are
/// read with the same path-precise errors (a field it does not list is refused), and its page takes part in the
/// swipe between pages, their layers, damage and touch dispatch as theirs do.
///
/// ```swift
/// struct Weather: PageKind {
///     static let type = "weather"
///     static let fields = ["city"]
///     let city: String
///     init?(_ fields: ConfigFields) {
///         guard let city = fields.string("city") else { return nil }
///         self.city = city
///     }
///     func makePage(context: PageContext) -> any PageController { WeatherPage(city: city, context: context) }
/// }
/// let kiosk = try KioskConfig.load(path: "kiosk.json", kinds: [Weather.self])
/// ```
public protocol PageKind: Sendable, Equatable {
    /// The content's `"type"` in the config.
    static var type: String { get }
    /// The content's fields besides `"type"`; any other is a config error naming it.
    static var fields: [String] { get }
    /// Reads the content; a problem is reported through `fields` (with its JSON path) and the result is nil. Read
    /// every field first, so one pass reports every problem; return nil only after a problem was reported.
    init?(_ fields: ConfigFields)
    /// The page on a screen: made once, when the page is first shown or prepared as a neighbour.
    func makePage(context: PageContext) -> any PageController
    /// Every picture the page shows: the field that names it inside the content (`"image"`, `"images[2]"`) and its
    /// absolute path (``ConfigFields/imageFile(_:required:)`` reads it), so a check
    /// (``KioskConfig/damagedImages(file:page:fitting:)``) decodes each before the kiosk shows it. None unless a kind
    /// says.
    var imageFiles: [(field: String, file: String)] { get }
    /// What the page's controls do (a panel's buttons): a page a `page` action shows counts as reachable from this
    /// one when a check looks for pages nobody can get to. None unless a kind says.
    var actions: [KioskAction] { get }
}

extension PageKind {
    /// None: a kind without pictures need not say so.
    public var imageFiles: [(field: String, file: String)] { [] }
    /// None: a kind without controls that act need not say so.
    public var actions: [KioskAction] { [] }

    func isEqual(to other: any PageKind) -> Bool { (other as? Self) == self }
}
