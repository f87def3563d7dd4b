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
                #expect(error.lines == [#"kiosk.json: pages[0].content.type: unknown content type "gallery" (expected one of: text, list, pagedText, photos, todo, poster)"#])
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
    }
}
