import FlickKiosk
import FlickRaster
import Foundation
import Testing

/// The lines `flick check` would print for `json`, named kiosk.json; empty when it is valid.
private func problems(_ json: String, directory: String = "/nonexistent") -> [String] {
    ConfigFixtures.problems(json, directory: directory)
}

private func config(_ json: String, directory: String = "/nonexistent") throws -> KioskConfig {
    try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: directory)
}

private let todo = #"{"type": "todo"}"#

extension ConfigTests {
    @Suite struct KioskConfigTests {
        @Test func tourLoadsAndValidates() throws {
            let tour = try KioskConfig.load(path: ConfigFixtures.tourPath)
            #expect(tour.pages.map(\.id) == ["home", "info", "more", "world", "photos", "todo"])
            #expect(tour.start == "home")
            #expect(tour.swipe.completion == .spring)
            guard let list = tour.page("info")?.content.kind as? KioskConfig.ListPage else { Issue.record("info is not a list"); return }
            #expect(list.items.count == 6)
            guard let paged = tour.page("more")?.content.kind as? KioskConfig.PagedText else { Issue.record("more is not paged text"); return }
            #expect(paged.pages.count == 10)
            #expect(paged.transition.duration == 0.3)
            guard let photos = (tour.page("photos")?.content.kind as? KioskConfig.Photos)?.images else { Issue.record("no photo stack"); return }
            #expect(photos == ["dawn", "harbour", "meadow"].map { ConfigFixtures.repoRoot + "/kiosk/photos/\($0).png" })
            for photo in photos { #expect(try Surface.readPNG(path: photo).width == ConfigTests.TourPhotos.size.width) }
            #expect(tour.page("todo")?.content == KioskConfig.Content(KioskConfig.Todo()))
            #expect(PageGraph(tour).unreachable.isEmpty)
        }

        @Test func unknownNeighbourNamesTheFieldAndTheKnownPages() {
            let json = #"{"pages": [{"id": "home", "right": "settings", "content": {"type": "todo"}}, {"id": "settings", "right": "setings", "content": {"type": "todo", "list": "settings"}}]}"#
            #expect(problems(json) == [#"kiosk.json: pages[1].right: unknown page id "setings" (pages: home, settings)"#])
        }

        @Test func badColour() {
            #expect(problems(#"{"theme": {"accent": "blue"}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#)
                == [##"kiosk.json: theme.accent: expected a colour like "#3366cc" or "#3366cc80", got "blue""##])
            #expect(problems(##"{"pages": [{"id": "a", "content": {"type": "text", "title": "t", "body": "b", "background": {"gradient": ["#000000", "#12345"]}}}]}"##)
                == [##"kiosk.json: pages[0].content.background.gradient[1]: expected a colour like "#3366cc" or "#3366cc80", got "#12345""##])
        }

        @Test func coloursWithAndWithoutAlpha() throws {
            let c = try config(##"{"theme": {"accent": "#3366CC", "surface": "#00000080"}, "pages": [{"id": "a", "content": \##(todo)}]}"##)
            #expect(c.theme.accent == Color(hex: 0x3366CC))
            #expect(c.theme.surface == Color(hex: 0x000000, alpha: 128.0 / 255))
        }

        @Test func missingImageFileNamesTheAbsolutePath() throws {
            let dir = try ConfigFixtures.directory()
            #expect(problems(#"{"pages": [{"id": "a", "content": \#(todo)}, {"id": "b", "content": {"type": "text", "title": "t", "body": "b", "image": "x.png"}}]}"#, directory: dir)
                == ["kiosk.json: pages[1].content.image: no file at \(dir)/x.png"])
        }

        @Test func duplicatePageID() {
            #expect(problems(#"{"pages": [{"id": "home", "content": \#(todo)}, {"id": "home", "content": {"type": "todo", "list": "b"}}]}"#)
                == [#"kiosk.json: pages[1].id: duplicate page id "home" (first used by pages[0])"#])
        }

        @Test func missingRequiredFields() {
            #expect(problems(#"{"pages": [{"id": "a", "content": {"type": "text", "body": "b"}}]}"#)
                == ["kiosk.json: pages[0].content.title: missing; expected a string"])
            #expect(problems(#"{"pages": [{"content": \#(todo)}]}"#) == ["kiosk.json: pages[0].id: missing; expected a string"])
            #expect(problems(#"{"theme": {}}"#) == ["kiosk.json: pages: missing; expected an array of pages"])
            #expect(problems(#"{"pages": []}"#) == ["kiosk.json: pages: expected at least one of pages, got an empty array"])
            #expect(problems(#"{"pages": [{"id": "a"}]}"#) == [#"kiosk.json: pages[0].content: missing; expected an object with a "type""#])
        }

        @Test func wrongTypes() {
            #expect(problems(#"{"theme": {"titleSize": "big"}, "pages": [{"id": "a", "content": \#(todo)}]}"#)
                == [#"kiosk.json: theme.titleSize: expected a number, got "big""#])
            #expect(problems(#"{"pages": [{"id": 7, "content": \#(todo)}]}"#) == ["kiosk.json: pages[0].id: expected a string, got 7"])
            #expect(problems(#"{"pages": {"id": "a"}}"#) == ["kiosk.json: pages: expected an array of pages, got an object"])
            #expect(problems(#"[]"#) == ["kiosk.json: expected a JSON object at the top level, got an array"])
        }

        @Test func unknownContentType() {
            #expect(problems(#"{"pages": [{"id": "a", "content": {"type": "gallery"}}]}"#)
                == [#"kiosk.json: pages[0].content.type: unknown content type "gallery" (expected one of: text, list, pagedText, photos, todo, panel)"#])
        }

        @Test func unknownFieldsAreTypos() {
            #expect(problems(#"{"pagse": [], "pages": [{"id": "a", "rigth": "a", "content": {"type": "todo", "titel": "x"}}]}"#) == [
                "kiosk.json: pagse: unknown field (expected one of: theme, display, input, swipe, start, returnToStart, mqtt, fleet, sources, languages, pages)",
                "kiosk.json: pages[0].rigth: unknown field (expected one of: id, up, down, left, right, axis, language, returnToStart, shown, content)",
                "kiosk.json: pages[0].content.titel: unknown field (expected one of: type, title, list, share)",
            ])
        }

        @Test func invalidJSONHasLineAndColumn() {
            #expect(problems("{\n  \"pages\": [\n    }\n}") == [#"kiosk.json: invalid JSON at line 3, column 5: expected a value, found '}'"#])
            #expect(problems("{\"a\": 1,\n \"a\": 2}") == [#"kiosk.json: invalid JSON at line 2, column 2: duplicate field "a""#])
            #expect(problems("{\"pages\": [] ") .count == 1)
        }

        /// A newline, CR or ESC in a value would split the line or drive the terminal.
        @Test func controlCharactersInQuotedInputAreEscaped() {
            let json = #"{"start": "a\nb\r\u001b[2J", "pages": [{"id": "a", "content": \#(todo)}]}"#
            #expect(problems(json) == [#"kiosk.json: start: unknown page id "a\nb\r\u{1B}[2J" (pages: a)"#])
        }

        /// Whole numbers past what an Int holds trapped converting to one.
        @Test(arguments: [("1e19", "1e+19"), ("-1e300", "-1e+300"), ("9223372036854775808", "9.223372036854776e+18"),
                          ("90.5", "90.5")])
        func aRotationNoIntHoldsIsOneLine(_ rotation: (json: String, shown: String)) {
            #expect(problems(#"{"display": {"rotation": \#(rotation.json)}, "pages": [{"id": "a", "content": \#(todo)}]}"#) == [
                "kiosk.json: display.rotation: expected 0, 90, 180 or 270, got \(rotation.shown)",
            ])
        }

        @Test func everyProblemIsReportedInFileOrder() {
            let json = #"{"swipe": {"axis": "diagonal", "peek": 0.8, "completion": "bounce"}, "display": {"mode": "big", "rotation": 45, "dpi": "x"}, "input": {"calibration": [1, 0, 0]}, "start": "nowhere", "pages": [{"id": "a", "content": \#(todo)}]}"#
            #expect(problems(json) == [
                #"kiosk.json: display.mode: expected a mode like "1280x800" or "1920x1080@60", got "big""#,
                "kiosk.json: display.rotation: expected 0, 90, 180 or 270, got 45",
                #"kiosk.json: display.dpi: expected a number, got "x""#,
                "kiosk.json: input.calibration: expected six numbers as in LIBINPUT_CALIBRATION_MATRIX, like [1, 0, 0, 0, 1, 0], got an array",
                #"kiosk.json: swipe.axis: expected one of "both", "horizontal", "vertical", got "diagonal""#,
                "kiosk.json: swipe.peek: expected a number from 0 to 0.5, got 0.8",
                #"kiosk.json: swipe.completion: expected one of "spring", "easeOut", got "bounce""#,
                #"kiosk.json: start: unknown page id "nowhere" (pages: a)"#,
            ])
        }

        @Test func displayInputAndTransitionSettings() throws {
            let c = try config(#"{"display": {"connector": "HDMI-A-1", "mode": "1920x1080@60", "rotation": 90, "dpi": 160}, "input": {"calibration": [-1, 0, 1, 0, 1, 0], "seat": "seat1"}, "swipe": {"peek": 0.5, "completion": "easeOut"}, "pages": [{"id": "a", "content": {"type": "pagedText", "pages": ["one", "two"], "transition": {"type": "reveal", "subtype": "fromTop", "duration": 0.5}}}]}"#)
            #expect(c.display?.mode == KioskConfig.Display.Mode(width: 1920, height: 1080, refreshHz: 60))
            #expect(c.display?.rotation == .clockwise90)
            #expect(c.display?.dpi == 160)
            #expect(c.input?.calibration?.values == [-1, 0, 1, 0, 1, 0])
            #expect(c.input?.seat == "seat1")
            #expect(c.swipe.peek == 0.5 && c.swipe.completion == .easeOut)
            guard let paged = c.pages[0].content.kind as? KioskConfig.PagedText else { Issue.record("not paged text"); return }
            #expect(paged.transition.kind == .reveal && paged.transition.direction == .fromTop && paged.transition.duration == 0.5)
        }

        @Test func imagePathsResolveAgainstTheConfigDirectory() throws {
            let dir = try ConfigFixtures.directory([
                "site/kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["../shared/a.png", "b.png", "/ABS"]}}]}"#,
                "shared/a.png": "png", "site/b.png": "png",
            ])
            do {
                _ = try KioskConfig.load(path: dir + "/site/kiosk.json")
                Issue.record("/ABS should not exist")
            } catch {
                #expect(error.lines == ["\(dir)/site/kiosk.json: pages[0].content.images[2]: no file at /ABS"])
            }
            try Data(#"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["../shared/a.png", "./b.png"]}}]}"#.utf8)
                .write(to: URL(fileURLWithPath: dir + "/site/kiosk.json"))
            let c = try KioskConfig.load(path: dir + "/site/kiosk.json")
            #expect(c.directory == dir + "/site")
            #expect(c.pages[0].content == KioskConfig.Content(KioskConfig.Photos(images: [dir + "/shared/a.png", dir + "/site/b.png"])))
        }

        /// `flick run --config ../site/kiosk.json` looked for the images next to the working directory.
        @Test func aConfigGivenByARelativePathUpwardsFindsItsImagesBesideIt() throws {
            let dir = try ConfigFixtures.directory([
                "site/kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["b.png"]}}]}"#,
                "site/b.png": "png",
            ])
            let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
            let upwards = String(repeating: "../", count: depth) + dir.dropFirst() + "/site/kiosk.json"
            let c = try KioskConfig.load(path: upwards)
            #expect(c.directory == dir + "/site")
            #expect(c.pages[0].content == KioskConfig.Content(KioskConfig.Photos(images: [dir + "/site/b.png"])))
        }

        @Test func missingConfigFile() {
            #expect(throws: KioskConfigError(file: "/nonexistent/kiosk.json", issues: [.init(path: "", message: "no such file")])) {
                try KioskConfig.load(path: "/nonexistent/kiosk.json")
            }
        }
    }
}
