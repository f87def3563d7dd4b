import FlickJSON

/// What a button, toggle or slider does when used: the config's `action` on a widget.
///
/// In the JSON: `"back"`, `"start"`, `"blank"`, `"wake"`, or one of `{"page": id}`, `{"language": "ar"}`,
/// `{"backlight": percent}` (`{"backlight": "value"}` takes a slider's value), `{"publish": topic, "payload": text,
/// "retain": false}` (`{value}` in the payload is replaced by the widget's value as JSON text). No action runs a
/// program.
public enum KioskAction: Sendable, Equatable {
    /// Show the page with this id.
    case page(String)
    /// Show the page shown before this one (the start page when there is none).
    case back
    /// Show the config's `start` page.
    case start
    /// Publish `payload` on `topic` through the config's `mqtt` broker.
    case publish(topic: String, payload: String, retain: Bool)
    /// Set the backlight to this percentage (1 to 100); nil: the widget's value.
    case backlight(Double?)
    /// Blank the screen until the next touch.
    case blank
    /// Wake the screen (undo dimming or blanking).
    case wake
    /// Show the kiosk's words in this language (one of the config's `languages`).
    case language(String)

    /// `payload` with each `{value}` replaced by `value` as JSON text: a string's characters as they are, a number
    /// without a pointless `.0`, `true`, `false` or `null`.
    public static func fill(_ payload: String, with value: JSONValue?) -> String {
        guard payload.contains("{value}") else { return payload }
        let text: String = switch value {
        case .string(let s)?: s
        case let v?: v.text()
        case nil: "null"
        }
        return payload.replacingAll("{value}", with: text)
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = "", rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
