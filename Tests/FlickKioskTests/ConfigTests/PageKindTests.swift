import FlickKiosk
import FlickUI
import Foundation
import Testing

/// `{"type": "poster", "picture": "…"}`: an integrator's kind that shows a picture of its own.
private struct Poster: PageKind {
    static let type = "poster"
    static let fields = ["picture"]
    let picture: String

    init?(_ fields: ConfigFields) {
        guard let picture = fields.imageFile("picture") else { return nil }
        self.picture = picture
    }

    func makePage(context: PageContext) -> any PageController { Blank(view: View(frame: context.bounds)) }
    var imageFiles: [(field: String, file: String)] { [("picture", picture)] }
}

/// An integrator's kind that took a built-in kind's type.
private struct OwnText: PageKind {
    static let type = "text"
    static let fields: [String] = []
    init?(_ fields: ConfigFields) {}
    func makePage(context: PageContext) -> any PageController { Blank(view: View(frame: context.bounds)) }
}

/// `{"type": "forecast", "days": [{"day": "Mon", "high": 21}], "metric": true}`: nested fields, read with
/// `objects` and `bool`.
private struct Forecast: PageKind {
    static let type = "forecast"
    static let fields = ["days", "metric", "accent"]
    let days: [(day: String, high: Double)]
    let metric: Bool

    init?(_ fields: ConfigFields) {
        var days: [(String, Double)] = []
        for day in fields.objects("days", known: ["day", "high"], nonEmpty: true) ?? [] {
            if let name = day.string("day"), let high = day.number("high", in: -90...60, required: true) { days.append((name, high)) }
        }
        let metric = fields.bool("metric") ?? true
        _ = fields.colour("accent")
        guard !days.isEmpty else { return nil }
        self.days = days
        self.metric = metric
    }

    static func == (a: Forecast, b: Forecast) -> Bool { a.metric == b.metric && a.days.elementsEqual(b.days) { $0 == $1 } }
    func makePage(context: PageContext) -> any PageController { Blank(view: View(frame: context.bounds)) }
}

/// A kind that refuses its fields and says nothing.
private struct Silent: PageKind {
    static let type = "silent"
    static let fields: [String] = []
    init?(_ fields: ConfigFields) { return nil }
    func makePage(context: PageContext) -> any PageController { Blank(view: View(frame: context.bounds)) }
}

private final class Blank: PageController {
    let view: View
    init(view: View) { self.view = view }
}

extension ConfigTests {
    /// The built-in kinds and an integrator's are read through the one `PageKind` door.
    @Suite struct PageKindTests {
        @Test func anIntegratorsKindIsListedAfterTheBuiltInOnesWhenATypeIsUnknown() {
            let json = #"{"pages": [{"id": "a", "content": {"type": "gallery"}}]}"#
            do {
                _ = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/", kinds: [Poster.self])
                Issue.record("an unknown type was taken")
            } catch {
                #expect(error.lines == [#"kiosk.json: pages[0].content.type: unknown content type "gallery" (expected one of: text, list, pagedText, photos, todo, panel, poster)"#])
            }
        }

        @Test func aKindWithABuiltInTypeIsRefusedNotSilentlyShadowed() {
            let json = #"{"pages": [{"id": "a", "content": {"type": "text", "title": "t", "body": "b"}}]}"#
            do {
                _ = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/", kinds: [OwnText.self])
                Issue.record("two kinds of type text were taken")
            } catch {
                #expect(error.lines.first == #"kiosk.json: two kinds of page have the type "text" (a built-in one): give OwnText a type of its own"#)
            }
        }

        @Test func anIntegratorsPictureResolvesAgainstTheConfigAndIsDecodedByTheCheck() throws {
            let dir = try ConfigFixtures.directory([
                "site/kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "poster", "picture": "art/cut.png"}}]}"#,
                "site/art/cut.png": "\u{89}PNG\r\n\u{1A}\n not the rest",
            ])
            let config = try KioskConfig.load(path: dir + "/site/kiosk.json", kinds: [Poster.self])
            #expect((config.pages[0].content.kind as? Poster)?.picture == dir + "/site/art/cut.png")
            let damaged = try #require(config.damagedImages(file: "kiosk.json"))
            #expect(damaged.lines.count == 1)
            #expect(damaged.lines[0].hasPrefix("kiosk.json: pages[0].content.picture: \(dir)/site/art/cut.png: "))

            try Data(#"{"pages": [{"id": "a", "content": {"type": "poster", "picture": "gone.png"}}]}"#.utf8)
                .write(to: URL(fileURLWithPath: dir + "/site/kiosk.json"))
            do {
                _ = try KioskConfig.load(path: dir + "/site/kiosk.json", kinds: [Poster.self])
                Issue.record("a missing picture was taken")
            } catch {
                #expect(error.lines == ["\(dir)/site/kiosk.json: pages[0].content.picture: no file at \(dir)/site/gone.png"])
            }
        }

        @Test func nestedObjectsAndBooleansAreReadWithTheirPaths() throws {
            func problems(_ content: String) -> [String] {
                do {
                    _ = try KioskConfig.parse(Array(#"{"pages": [{"id": "a", "content": \#(content)}]}"#.utf8), file: "k.json",
                                              directory: "/", kinds: [Forecast.self])
                    return []
                } catch { return error.lines }
            }
            let good = try KioskConfig.parse(Array(#"{"pages": [{"id": "a", "content": {"type": "forecast", "days": [{"day": "Mon", "high": 21}], "metric": false}}]}"#.utf8),
                                             file: "k.json", directory: "/", kinds: [Forecast.self])
            let forecast = try #require(good.pages[0].content.kind as? Forecast)
            #expect(forecast.days.map(\.day) == ["Mon"] && forecast.metric == false)
            #expect(problems(#"{"type": "forecast", "days": [{"day": "Mon", "hi": 21}, 3], "metric": "yes", "accent": "red"}"#) == [
                "k.json: pages[0].content.days[0].hi: unknown field (expected one of: day, high)",
                "k.json: pages[0].content.days[1]: expected an object, got 3",
                "k.json: pages[0].content.days[0].high: missing; expected a number",
                #"k.json: pages[0].content.metric: expected true or false, got "yes""#,
                ##"k.json: pages[0].content.accent: expected a colour like "#3366cc" or "#3366cc80", got "red""##,
            ])
        }

        @Test func aKindThatRefusesWithoutAReasonStillGivesALine() {
            do {
                _ = try KioskConfig.parse(Array(#"{"pages": [{"id": "a", "content": {"type": "silent"}}]}"#.utf8), file: "k.json",
                                          directory: "/", kinds: [Silent.self])
                Issue.record("a refused page was taken")
            } catch {
                #expect(error.lines == ["k.json: pages[0].content: Silent refused these fields without reporting a problem (its init? should report one before returning nil)"])
            }
        }
    }
}
