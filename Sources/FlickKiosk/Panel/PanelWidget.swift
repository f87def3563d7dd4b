import Glibc

/// One place in a panel's layout as the config gives it: a widget, or a row, column or grid of places, with how
/// much of its container it takes.
struct PanelItem: Sendable, Equatable {
    var node: PanelNode
    /// `weight`: its share of the room its row or column has left once the fixed sizes are taken; default 1.
    var weight = 1.0
    /// `size`: a fixed length along its row or column (its height in a column or a grid's row), in screen units.
    var size: Double?
    /// `span`: how many of a grid's columns it covers; default 1.
    var span = 1
}

/// What a place in a panel holds.
indirect enum PanelNode: Sendable, Equatable {
    /// `{"row": [...]}`: side by side, from the start edge (the right on a right-to-left page).
    case row([PanelItem])
    /// `{"column": [...]}`: top to bottom.
    case column([PanelItem])
    /// `{"grid": [...], "columns": n}`: rows of `columns` equal cells, filled in reading order; the panel's own
    /// `widgets` are one.
    case grid(columns: Int, [PanelItem])
    case widget(PanelWidget)

    /// Every widget inside, in reading order.
    var widgets: [PanelWidget] {
        switch self {
        case .row(let items), .column(let items), .grid(_, let items): items.flatMap(\.node.widgets)
        case .widget(let widget): [widget]
        }
    }
}

/// A widget of a panel, with its settings as read.
enum PanelWidget: Sendable, Equatable {
    /// `{"label": text, "style": "title" | "body" | "caption", "align": …}`.
    case label(String, PanelTextStyle)
    /// `{"value": source, "title": …, "decimals": n, "unit": "°C", "limits": {"low": …, "high": …}}`.
    case value(source: String, PanelReadout)
    /// `{"button": text, "action": …}`.
    case button(String, action: KioskAction)
    /// `{"toggle": text, "source": …, "action": …}`: on and off; the action gets `true` or `false`.
    case toggle(String, source: String?, action: KioskAction?)
    /// `{"slider": text, "min": …, "max": …, "step": …, "source": …, "action": …}`: the action gets the number
    /// it is let go at.
    case slider(String, PanelSliderRange, source: String?, action: KioskAction?)
    /// `{"gauge": source, …}` (an arc) or `{"progress": source, …}` (a bar) between `min` and `max`.
    case meter(source: String, PanelReadout, range: ClosedRange<Double>, arc: Bool)
    /// `{"image": path}` or `{"image": {"source": name}}`: a picture file, or the one whose path a source holds.
    case image(PanelPicture)
    /// `{"clock": "time" | "date" | "dateTime", "source": …}`: the local time in the page's language.
    case clock(PanelClockFormat, source: String?, PanelTextStyle)

    /// The source the widget shows; nil: none.
    var source: String? {
        switch self {
        case .value(let source, _), .meter(let source, _, _, _): source
        case .toggle(_, let source, _), .slider(_, _, let source, _), .clock(_, let source, _): source
        case .image(.source(let source)): source
        case .label, .button, .image(.file): nil
        }
    }

    /// What it does when worked.
    var action: KioskAction? {
        switch self {
        case .button(_, let action): action
        case .toggle(_, _, let action), .slider(_, _, _, let action): action
        default: nil
        }
    }

    /// A person works it with a finger: it is at least a touch target in both directions.
    var isControl: Bool {
        switch self {
        case .button, .toggle, .slider: true
        default: false
        }
    }
}

/// How a label or clock sets its text.
struct PanelTextStyle: Sendable, Equatable {
    /// `style`: which of the theme's text sizes.
    var size: PanelTextSize = .body
    /// `align`: where the text sits across its place.
    var align: PanelTextAlign = .start
}

/// `style`: one of the theme's text sizes.
enum PanelTextSize: String, Sendable, CaseIterable {
    case title, body, caption
}

/// `align`: `start` follows the text's direction.
enum PanelTextAlign: String, Sendable, CaseIterable {
    case start, center, end
}

/// How a bound number is shown and judged.
struct PanelReadout: Sendable, Equatable {
    /// `title`: the caption above the value; nil: none.
    var title: String?
    /// `decimals`: digits after the point (0 to 6); nil: as many as the value has, up to 6.
    var decimals: Int?
    /// `unit`: written after the number (`°C`, `bar`); nil: none.
    var unit: String?
    /// `limits.low`: below it the value shows in the alarm colour.
    var low: Double?
    /// `limits.high`: above it the value shows in the alarm colour.
    var high: Double?

    /// `value` is outside the limits.
    func isAlarm(_ value: Double) -> Bool { low.map { value < $0 } == true || high.map { value > $0 } == true }
}

/// A slider's numbers.
struct PanelSliderRange: Sendable, Equatable {
    /// `min` and `max`.
    var range: ClosedRange<Double>
    /// `step`: the values it stops at, from `min`; default 1.
    var step: Double

    /// `value` on a step, within the range.
    func snapped(_ value: Double) -> Double {
        let steps = ((value - range.lowerBound) / step).rounded()
        return min(range.upperBound, max(range.lowerBound, range.lowerBound + steps * step))
    }

    /// Digits after the point the steps need (0.25 needs 2), at most 6.
    var decimals: Int {
        (0...6).first { d in
            let scale = pow(10, Double(d))
            return [step, range.lowerBound].allSatisfy { abs(($0 * scale).rounded() - $0 * scale) < 1e-6 }
        } ?? 6
    }
}

/// A picture widget's picture.
enum PanelPicture: Sendable, Equatable {
    /// An absolute path, checked when the config was read.
    case file(String)
    /// The absolute path a source's value gives, read when it changes.
    case source(String)
}

/// `clock`: what part of the moment a clock shows. Each is a skeleton for ICU's pattern generator, which writes
/// it the way the page's language does (12 or 24 hours, the order of day and month, its digits).
enum PanelClockFormat: String, Sendable, CaseIterable {
    case time, date, dateTime

    /// The fields shown: hour and minute in the language's hour cycle (`j`); weekday, day and month name.
    var skeleton: String {
        switch self {
        case .time: "jmm"
        case .date: "EEEEdMMMM"
        case .dateTime: "EEEdMMMjmm"
        }
    }
}
