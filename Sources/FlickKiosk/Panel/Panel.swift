extension KioskConfig {
    /// `{"type": "panel"}`: a page of widgets — labels, live values, buttons, toggles, sliders, gauges, pictures
    /// and clocks — in rows, columns and grids, bound to the config's `sources` by name; see <doc:Panels>.
    ///
    /// ```json
    /// {"type": "panel", "title": "Line 1", "columns": 2, "widgets": [
    ///   {"value": "temperature", "title": "Oven", "decimals": 1, "unit": "°C", "limits": {"high": 80}},
    ///   {"gauge": "pressure", "title": "Pressure", "max": 10, "unit": "bar"},
    ///   {"button": "Acknowledge", "action": {"publish": "line1/ack", "payload": "1"}},
    ///   {"clock": "time", "align": "end"}
    /// ]}
    /// ```
    public struct Panel: Sendable, Equatable {
        /// `title`: shown in a bar across the top, as a list's is; nil: no bar, the widgets have the whole page.
        public var title: String?
        /// `columns` and `widgets`: the panel's widgets, in a grid of that many columns (1 by default: one column).
        let layout: PanelNode
    }
}

extension KioskConfig.Panel: PageKind {
    public static let type = "panel"
    public static let fields = ["title", "columns", "widgets"]

    public init?(_ fields: ConfigFields) {
        let panel = PanelReader(reader: fields.reader)
        let title = fields.string("title", required: false)
        let columns = fields.number("columns", in: 1...Double(PanelReader.mostColumns))
        if let columns, columns != columns.rounded() { fields.report("columns", "expected a whole number of columns, got \(columns)") }
        let grid = Int(columns ?? 1)
        let items = panel.items("widgets", of: fields, inGridOf: grid)
        guard !items.isEmpty else { return nil }
        self.init(title: title, layout: .grid(columns: grid, items))
    }

    /// The panel on a screen: each widget a view of its own, redrawn alone when its source changes.
    public func makePage(context: PageContext) -> any PageController { PanelPage(self, context: context) }

    /// The `image` widgets that name a file.
    public var imageFiles: [(field: String, file: String)] {
        guard case .grid(_, let items) = layout else { return [] }
        return Self.images(in: items, at: "widgets")
    }

    /// What the panel's buttons, toggles and sliders do.
    public var actions: [KioskAction] { layout.widgets.compactMap(\.action) }

    private static func images(in items: [PanelItem], at path: String) -> [(field: String, file: String)] {
        items.enumerated().flatMap { i, item -> [(field: String, file: String)] in
            let here = "\(path)[\(i)]"
            switch item.node {
            case .row(let inner): return images(in: inner, at: here + ".row")
            case .column(let inner): return images(in: inner, at: here + ".column")
            case .grid(_, let inner): return images(in: inner, at: here + ".grid")
            case .widget(.image(.file(let file))): return [(here + ".image", file)]
            case .widget: return []
            }
        }
    }
}
