@testable import FlickKiosk
import FlickMotion
import FlickRaster
import Testing

/// A config whose one page is paged text with these `fields` (JSON without the braces).
private func pagedText(_ fields: String) -> String {
    #"{"pages": [{"id": "a", "content": {"type": "pagedText", \#(fields)}}]}"#
}

private func content(_ fields: String) throws -> KioskConfig.PagedText {
    let config = try KioskConfig.parse(Array(pagedText(fields).utf8), file: "kiosk.json", directory: "/nonexistent")
    guard let paged = config.pages[0].content.kind as? KioskConfig.PagedText else { throw ConfigTests.NotPagedText() }
    return paged
}

private func problems(_ fields: String) -> [String] {
    do {
        _ = try KioskConfig.parse(Array(pagedText(fields).utf8), file: "kiosk.json", directory: "/nonexistent")
        return []
    } catch {
        return error.lines
    }
}

extension ConfigTests {
    struct NotPagedText: Error {}

    /// Per-page transitions: a page of text is a string or `{ "text", "background", "transition" }`.
    @Suite struct PagedTextConfigTests {
        @Test func pagesMayBeStringsOrObjects() throws {
            let paged = try content(##"""
                "transition": {"type": "reveal", "subtype": "fromTop", "duration": 0.5},
                "pages": ["one", {"text": "two", "transition": {"type": "fade"}}, {"text": "three", "background": "#112233"}]
                """##)
            #expect(paged.pages == ["one", "two", "three"])
            #expect(paged.entries[2].background == .color(Color(hex: 0x112233)))
            #expect(paged.entries[0].transition == nil && paged.entries[2].transition == nil)
            #expect(paged.transition(arrivingAt: 0) == paged.transition)
            // The page's transition names only its type; the rest is the content's.
            let two = paged.transition(arrivingAt: 1)
            #expect(two.kind == .fade && two.direction == .fromTop && two.duration == 0.5)
        }

        @Test func withoutASubtypeTheDirectionFollowsTheButton() throws {
            let paged = try content(#""pages": ["one", {"text": "two", "transition": {"type": "moveIn", "duration": 0.2}}]"#)
            let arrival = paged.transition(arrivingAt: 1)
            #expect(arrival.direction == nil)
            #expect(arrival.transition(forward: true).direction == .fromRight)
            #expect(arrival.transition(forward: false).direction == .fromLeft)
            #expect(arrival.transition(forward: true).kind == .moveIn)
            #expect(arrival.transition(forward: true).timing.duration == 0.2)
        }

        @Test func theSeedsDefaults() throws {
            let arrival = try content(#""pages": ["one", "two"]"#).transition(arrivingAt: 1)
            #expect(arrival.kind == .push && arrival.direction == nil && arrival.duration == 0.3)
        }

        @Test func aSubtypeHoldsForBothButtons() throws {
            let paged = try content(#""pages": ["one", {"text": "two", "transition": {"subtype": "fromBottom"}}]"#)
            let arrival = paged.transition(arrivingAt: 1)
            #expect(arrival.transition(forward: true).direction == .fromBottom)
            #expect(arrival.transition(forward: false).direction == .fromBottom)
            #expect(arrival.kind == .push)
        }

        @Test func badPagesNameTheirPath() {
            #expect(problems(##"""
                "transition": {"type": "flip"},
                "pages": [7, {"transition": {"type": "push"}}, {"text": "x", "transtion": {}},
                          {"text": "x", "transition": {"type": "spin", "subtype": "sideways", "duration": 300}},
                          {"text": "x", "background": "red", "transition": "fade"}]
                """##) == [
                #"kiosk.json: pages[0].content.transition.type: expected one of "fade", "moveIn", "push", "reveal", got "flip""#,
                #"kiosk.json: pages[0].content.pages[0]: expected a string or an object with a "text", got 7"#,
                "kiosk.json: pages[0].content.pages[1].text: missing; expected a string",
                "kiosk.json: pages[0].content.pages[2].transtion: unknown field (expected one of: text, background, transition)",
                #"kiosk.json: pages[0].content.pages[3].transition.type: expected one of "fade", "moveIn", "push", "reveal", got "spin""#,
                #"kiosk.json: pages[0].content.pages[3].transition.subtype: expected one of "fromLeft", "fromRight", "fromTop", "fromBottom", got "sideways""#,
                "kiosk.json: pages[0].content.pages[3].transition.duration: expected a number from 0 to 10, got 300",
                ##"kiosk.json: pages[0].content.pages[4].background: expected a colour like "#3366cc" or "#3366cc80", got "red""##,
                #"kiosk.json: pages[0].content.pages[4].transition: expected an object, got "fade""#,
            ])
        }

        @Test func noPages() {
            #expect(problems(#""pages": []"#) == ["kiosk.json: pages[0].content.pages: expected at least one of pages, got an empty array"])
            #expect(problems(#""transition": {}"#) == ["kiosk.json: pages[0].content.pages: missing; expected an array of pages"])
        }
    }
}
