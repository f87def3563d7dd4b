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
        // A colour given wrong is reported (with its path) by `colour`; the page is refused then, not shown green.
        let colour = fields["colour"] == nil ? Color(hex: 0x2E7D32) : fields.colour("colour")
        guard let label, let colour else { return nil }
        self.label = label
        self.colour = colour
    }

    public func makePage(context: PageContext) -> any PageController { CounterPage(kind: self, context: context) }
}
