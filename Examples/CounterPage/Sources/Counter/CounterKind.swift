import FlickKiosk
import FlickRaster

/// `{"type": "counter", "label": "Visitors today", "colour": "#2E7D32"}`: a page that counts taps, for a door or
/// a museum room.
public struct CounterKind: PageKind {
    public static let type = "counter"
    public static let fields = ["label", "colour"]

    public let label: String
    public let colour: Color

    public init?(_ fields: ConfigFields) {
        let label = fields.string("label")
        // Missing, it is green; given wrong, `colour` reports it (with its path) and the page is refused.
        let colour = fields.colour("colour")
        guard let label, fields["colour"] == nil || colour != nil else { return nil }
        self.label = label
        self.colour = colour ?? Color(hex: 0x2E7D32)
    }

    public func makePage(context: PageContext) -> any PageController { CounterPage(kind: self, context: context) }
}
