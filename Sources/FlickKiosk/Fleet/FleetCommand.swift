import FlickJSON

/// A command a kiosk of the fleet takes, read from a message on `…/command/<verb>`: the verb is the topic's last level,
/// the payload says the rest (<doc:Fleet>). Reading never fails loudly: a command that is not one is the line that says
/// why, for `state/error`.
enum FleetCommand: Equatable {
    /// `page`: show the page with this id.
    case page(String)
    /// `backlight`: the light at this percentage, 1 to 100.
    case backlight(Double)
    /// `wake`, `blank`: the screen on or off.
    case wake, blank
    /// `reload`: read the config file again.
    case reload
    /// `screenshot`: send the frame on screen as a PNG.
    case screenshot
    /// `config`: a whole config to validate, write over the config file and apply.
    case config([UInt8])

    /// The verbs, as `state/error` lists them.
    static let verbs = ["page", "backlight", "wake", "blank", "reload", "screenshot", "config"]
    /// Most of a payload an error line quotes.
    static let quotedLimit = 64

    /// The command `verb` with `payload`, or why it is not one, in one line (control characters escaped).
    static func read(verb: Substring, payload: [UInt8]) -> Result<FleetCommand, FleetCommandProblem> {
        switch verb {
        case "page":
            // A page id, as text (whatever it would read as in JSON: a page may be called "3") or as a JSON string.
            let contents = LivePayload.contents(of: payload)
            let id: String? = switch contents {
            case .json(.string(let text)): text
            case .binary: nil
            case .json, .text: String(validating: payload, as: UTF8.self)?.trimmingWhiteSpace()
            }
            guard let id, !id.isEmpty, id.utf8.count <= LivePayload.textLimit else {
                return .failure(.payload(expected: "a page id", got: describe(contents, payload)))
            }
            return .success(.page(id))
        case "backlight":
            let contents = LivePayload.contents(of: payload)
            guard case .success(.number(let percent)) = LivePayload.value(of: contents, at: nil), (1...100).contains(percent) else {
                return .failure(.payload(expected: "a percentage from 1 to 100", got: describe(contents, payload)))
            }
            return .success(.backlight(percent))
        case "wake": return .success(.wake)
        case "blank": return .success(.blank)
        case "reload": return .success(.reload)
        case "screenshot": return .success(.screenshot)
        case "config": return .success(.config(payload))
        default: return .failure(.unknownVerb(String(verb)))
        }
    }

    /// What a payload was, for an error line: a short quote of its text, or what kind of thing it is.
    private static func describe(_ contents: LivePayload.Contents, _ payload: [UInt8]) -> String {
        switch contents {
        case .binary: return "\(payload.count) bytes that are not text"
        case .text(let text) where text.isEmpty: return "nothing"
        case .json(.string(let text)) where text.isEmpty: return "an empty string"
        case .text(let text), .json(.string(let text)):
            guard text.utf8.count <= quotedLimit else { return "\(payload.count) bytes of text" }
            return JSONValue.string(text).shortDescription
        case .json(let value): return value.shortDescription
        }
    }
}

/// Why a message on a command topic is not a command, in words that follow the topic in an error line.
enum FleetCommandProblem: Error, Equatable, CustomStringConvertible {
    /// A verb the fleet does not have.
    case unknownVerb(String)
    /// A payload that is not what the verb takes.
    case payload(expected: String, got: String)
    /// More than the broker hands on: dropped unread.
    case tooLarge(size: Int, limit: Int)
    /// A command the kiosk cannot carry out now, and why (no frame yet, an invalid config).
    case refused(String)

    var description: String {
        switch self {
        case .unknownVerb: "unknown command (commands: \(FleetCommand.verbs.joined(separator: ", ")))"
        case .payload(let expected, let got): "expected \(expected), got \(got)"
        case .tooLarge(let size, let limit): "a payload of \(size) bytes is more than the \(limit) a command may have: dropped unread"
        case .refused(let why): why
        }
    }
}
