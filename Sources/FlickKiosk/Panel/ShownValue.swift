import FlickJSON

/// What a value, gauge or progress widget shows for its source's reading: the text, the number for a gauge's arc,
/// and how it looks (out of its limits, stale, or why there is no value).
struct ShownValue: Equatable {
    /// Nothing to show yet, or no value at all: an en dash, not a zero that could be read as a measurement.
    static let none = "–"
    /// A text payload is shown as far as this many characters (the label ends in an ellipsis well before).
    static let longestText = 200

    var text = Self.none
    /// The value as a number, when it is one.
    var number: Double?
    var isStale = false
    var isAlarm = false
    /// Why the source has no value, in one line.
    var failure: String?

    /// `reading` shown with `readout`'s limits; numbers written by `numbers` (nil: as JSON writes them).
    init(_ reading: LiveData.Reading, readout: PanelReadout, numbers: NumberText?) {
        switch reading {
        case .waiting: return
        case .failed(let reason): failure = reason
        case .live(let value), .stale(let value):
            isStale = reading.isStale
            switch value {
            case .number(let n):
                number = n
                text = numbers?.text(n) ?? value.text()
                isAlarm = readout.isAlarm(n)
            case .string(let s):
                text = String(s.prefix(Self.longestText))
            default:
                text = String(value.text().prefix(Self.longestText))
            }
        }
    }

    /// A number as a toggle reads it: `true`, a number other than 0, or `"on"`, `"true"`, `"1"` are on; `false`,
    /// 0, `"off"`, `"false"`, `"0"` off; anything else is no state.
    static func isOn(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let b)?: b
        case .number(let n)?: n != 0
        case .string(let s)?:
            switch s.lowercased() {
            case "on", "true", "1": true
            case "off", "false", "0": false
            default: nil
            }
        default: nil
        }
    }
}

extension LiveData.Reading {
    /// The value is older than its source's freshness.
    var isStale: Bool { if case .stale = self { true } else { false } }
}
