import FlickJSON

/// Reads a panel's widgets out of the config, each problem reported with its JSON path
/// (`pages[0].content.widgets[2].row[1].limits.high`).
struct PanelReader {
    let reader: ConfigReader

    /// The first key of a widget's object names its kind; these are the kinds, in the order messages list them.
    static let kinds = ["label", "value", "button", "toggle", "slider", "gauge", "progress", "image", "clock", "row", "column", "grid"]
    /// Where a widget sits, besides its own fields.
    static let placement = ["weight", "size", "span"]
    /// Past this a config is describing something other than a kiosk screen.
    static let mostColumns = 12
    /// Screen units: 25 inches at 160 to the inch.
    static let longestSize = 4000.0

    private static let fields: [String: [String]] = [
        "label": ["style", "align"], "value": ["title", "decimals", "unit", "limits"], "button": ["action"],
        "toggle": ["source", "action"], "slider": ["min", "max", "step", "source", "action"],
        "gauge": ["title", "min", "max", "decimals", "unit", "limits"], "progress": ["title", "min", "max", "decimals", "unit", "limits"],
        "image": [], "clock": ["source", "style", "align"], "row": [], "column": [], "grid": ["columns"],
    ]

    /// The places of the array `key` of `fields` holds (`nonEmpty`), laid out in a grid of `columns` when given.
    func items(_ key: String, of fields: ConfigFields, inGridOf columns: Int?) -> [PanelItem] {
        (fields.array(key, nonEmpty: true, of: "widgets") ?? []).enumerated().compactMap { i, value in
            item(value, at: fields.path(key) + "[\(i)]", inGridOf: columns)
        }
    }

    private func item(_ value: JSONValue, at path: String, inGridOf columns: Int?) -> PanelItem? {
        let expected = "expected a widget: an object whose first key is one of \(Self.kinds.joined(separator: ", "))"
        guard case .object(let members) = value else {
            reader.report(path, "\(expected), got \(value.shortDescription)")
            return nil
        }
        let named = members.map(\.key).filter { Self.kinds.contains($0) }
        guard let kind = named.first, named.count == 1 else {
            let first = members.first.map { "\(JSONValue.string($0.key).shortDescription) is not one of them" } ?? "got an empty object"
            reader.report(path, named.isEmpty ? "\(expected); \(first)"
                                              : "one widget per object: \(named.map { "\"\($0)\"" }.joined(separator: " and ")) are each a widget")
            return nil
        }
        guard let fields = reader.object(value, at: path, known: [kind] + Self.fields[kind, default: []] + Self.placement) else { return nil }
        let weight = fields.number("weight", in: 0.01...1000)
        let size = fields.number("size", in: 1...Self.longestSize)
        let span = integer("span", of: fields, in: 1...Self.mostColumns)
        if let span, let columns, span > columns { fields.report("span", "the grid has \(columns) columns: a widget spans at most \(columns)") }
        if span != nil, columns == nil { fields.report("span", "only a grid's widgets span columns: leave it out") }
        if weight != nil, size != nil { fields.report("size", "give a size or a weight, not both") }
        guard let node = node(kind, fields) else { return nil }
        return PanelItem(node: node, weight: weight ?? 1, size: size, span: min(span ?? 1, columns ?? 1))
    }

    private func node(_ kind: String, _ fields: ConfigFields) -> PanelNode? {
        switch kind {
        case "row": return .row(items("row", of: fields, inGridOf: nil))
        case "column": return .column(items("column", of: fields, inGridOf: nil))
        case "grid":
            let columns = integer("columns", of: fields, in: 1...Self.mostColumns, required: true)
            let items = items("grid", of: fields, inGridOf: columns ?? Self.mostColumns)
            return columns.map { .grid(columns: $0, items) }
        default:
            return widget(kind, fields).map { .widget($0) }
        }
    }

    private func widget(_ kind: String, _ fields: ConfigFields) -> PanelWidget? {
        switch kind {
        case "label":
            let style = textStyle(fields)
            return fields.string("label").map { .label($0, style) }
        case "value":
            let source = fields.source("value"), readout = readout(fields)
            return source.map { .value(source: $0, readout) }
        case "button":
            let text = fields.string("button"), action = fields.action("action", required: true)
            guard let text, let action else { return nil }
            return .button(text, action: action)
        case "toggle":
            let text = fields.string("toggle"), source = fields.source("source", required: false), action = fields.action("action")
            return text.map { .toggle($0, source: source, action: action) }
        case "slider":
            let text = fields.string("slider"), source = fields.source("source", required: false), action = fields.action("action")
            let range = range(fields, required: true)
            let step = fields.number("step", in: 1e-6...1e12) ?? 1
            if let range, step > range.upperBound - range.lowerBound {
                fields.report("step", "a step of \(JSONValue.number(step).text()) is more than the slider's range: make it smaller or the range wider")
            }
            guard let text, let range else { return nil }
            return .slider(text, PanelSliderRange(range: range, step: step), source: source, action: action)
        case "gauge", "progress":
            let source = fields.source(kind), readout = readout(fields), range = range(fields, required: false)
            guard let source, let range else { return nil }
            return .meter(source: source, readout, range: range, arc: kind == "gauge")
        case "image":
            return picture(fields).map { .image($0) }
        default:
            let format = fields.choice("clock", PanelClockFormat.self, required: true)
            let source = fields.source("source", required: false), style = textStyle(fields)
            return format.map { .clock($0, source: source, style) }
        }
    }

    private func textStyle(_ fields: ConfigFields) -> PanelTextStyle {
        PanelTextStyle(size: fields.choice("style", PanelTextSize.self) ?? .body, align: fields.choice("align", PanelTextAlign.self) ?? .start)
    }

    private func readout(_ fields: ConfigFields) -> PanelReadout {
        var readout = PanelReadout(title: fields.string("title", required: false),
                                   decimals: integer("decimals", of: fields, in: 0...6), unit: fields.string("unit", required: false))
        guard let limits = fields.object("limits", known: ["low", "high"], required: false) else { return readout }
        readout.low = limits.number("low")
        readout.high = limits.number("high")
        if limits["low"] == nil, limits["high"] == nil {
            fields.report("limits", "expected {\"low\": number, \"high\": number} (either may be left out, not both)")
        }
        if let low = readout.low, let high = readout.high, low > high {
            limits.report("high", "the high limit \(JSONValue.number(high).text()) is below the low one \(JSONValue.number(low).text())")
        }
        return readout
    }

    /// `min` and `max`: required for a slider, else 0 and 100.
    private func range(_ fields: ConfigFields, required: Bool) -> ClosedRange<Double>? {
        let low = fields.number("min", required: required) ?? (required ? nil : 0)
        let high = fields.number("max", required: required) ?? (required ? nil : 100)
        guard let low, let high else { return nil }
        guard low < high else {
            fields.report("max", "expected a number above min (\(JSONValue.number(low).text())), got \(JSONValue.number(high).text())")
            return nil
        }
        return low...high
    }

    private func picture(_ fields: ConfigFields) -> PanelPicture? {
        if case .object = fields["image"] {
            return fields.object("image", known: ["source"])?.source("source").map { .source($0) }
        }
        if case .string = fields["image"] { return fields.imageFile("image").map { .file($0) } }
        fields.report("image", "expected the path of a picture, or {\"source\": name} for the path a source holds, got \((fields["image"] ?? .null).shortDescription)")
        return nil
    }

    /// A whole number in `range` (`required`: missing is a problem).
    private func integer(_ key: String, of fields: ConfigFields, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let n = fields.number(key, in: Double(range.lowerBound)...Double(range.upperBound), required: required) else { return nil }
        guard n == n.rounded() else {
            fields.report(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(JSONValue.number(n).text())")
            return nil
        }
        return Int(n)
    }
}
