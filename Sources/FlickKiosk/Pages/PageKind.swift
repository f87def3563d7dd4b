/// A kind of page a kiosk config names by its content's `"type"`, beside the built-in `text`, `list`, `pagedText`,
/// `photos` and `todo`. Its fields are read with the same path-precise errors as the built-in kinds' (a field it
/// does not list is refused), and its page takes part in the swipe between pages, their layers, damage and touch
/// dispatch as theirs do.
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
    /// Reads the content; a problem is reported through `fields` (with its JSON path) and the result is nil.
    init?(_ fields: ConfigFields)
    /// The page on a screen: made once, when the page is first shown or prepared as a neighbour.
    func makePage(context: PageContext) -> any PageController
}

/// A page of a kind registered from outside, as the config read it.
public struct CustomContent: Sendable, Equatable {
    public let kind: any PageKind

    public init(_ kind: any PageKind) { self.kind = kind }

    /// The content's `"type"`.
    public var type: String { Swift.type(of: kind).type }

    public static func == (a: CustomContent, b: CustomContent) -> Bool { a.kind.isEqual(to: b.kind) }
}

private extension PageKind {
    func isEqual(to other: any PageKind) -> Bool { (other as? Self) == self }
}
