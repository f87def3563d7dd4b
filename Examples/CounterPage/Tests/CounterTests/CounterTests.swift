import Counter
import FlickGestures
import FlickInput
import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

private let config = #"""
{"pages": [
  {"id": "home", "right": "door", "content": {"type": "text", "title": "Welcome", "body": "Swipe to count."}},
  {"id": "door", "left": "home", "content": {"type": "counter", "label": "Visitors", "colour": "#2E7D32"}}
]}
"""#

private func touches(_ events: [String]) throws -> [TouchFrame] {
    try TouchScript(json: Data("[\(events.joined(separator: ","))]".utf8), name: "counter").frames
}

@Test func aCounterPageIsSwipedToAndCountsTaps() throws {
    let kiosk = try KioskConfig.parse(Array(config.utf8), file: "kiosk.json", directory: "/tmp", kinds: [CounterKind.self])
    let scene = PagesScene(config: kiosk, width: 800, height: 480, fonts: try FontCollection())
    let player = VirtualClockPlayer(scene: scene, width: 800, height: 480)
    // A swipe left from the text page brings the counter in beside it, as for any page.
    var swipe = [#"{"t": 0, "type": "down", "id": 0, "x": 700, "y": 240}"#]
    for i in 1...10 { swipe.append(#"{"t": \#(i * 16), "type": "move", "id": 0, "x": \#(700 - i * 40), "y": 240}"#) }
    swipe.append(#"{"t": 200, "type": "up", "id": 0}"#)
    player.enqueue(try touches(swipe))
    player.run()
    #expect(scene.currentPage == "door")
    #expect(player.screen[60, 400] == Color(hex: 0x2E7D32).pixel)
    let before = player.screen.copy()
    player.enqueue(try touches([#"{"t": 1000, "type": "down", "id": 0, "x": 400, "y": 300}"#, #"{"t": 1060, "type": "up", "id": 0}"#,
                                #"{"t": 1300, "type": "down", "id": 0, "x": 400, "y": 300}"#, #"{"t": 1360, "type": "up", "id": 0}"#]))
    player.run()
    #expect(scene.currentPage == "door")
    #expect((scene.page("door") as? CounterPage)?.count == 2)
    // The number changed: the card's pixels differ where it is drawn, and nowhere on the text page.
    let changed = (0..<480).filter { y in (0..<800).contains { player.screen[$0, y] != before[$0, y] } }
    #expect(!changed.isEmpty)
    #expect(scene.finalStateJSON().contains(#""page": "door""#))
}

@Test func aCounterWithoutItsLabelIsAConfigErrorWithItsPath() throws {
    let broken = config.replacingOccurrences(of: #""label": "Visitors", "#, with: #""lable": "Visitors", "#)
    let error = #expect(throws: KioskConfigError.self) {
        try KioskConfig.parse(Array(broken.utf8), file: "kiosk.json", directory: "/tmp", kinds: [CounterKind.self])
    }
    #expect(error?.lines.contains("kiosk.json: pages[1].content.lable: unknown field (expected one of: type, label, colour)") == true)
    #expect(error?.lines.contains("kiosk.json: pages[1].content.label: missing; expected a string") == true)
    // Without the kind registered, the type is unknown, and the built-in types are listed.
    let unknown = #expect(throws: KioskConfigError.self) {
        try KioskConfig.parse(Array(config.utf8), file: "kiosk.json", directory: "/tmp")
    }
    #expect(unknown?.lines.first?.contains(#"unknown content type "counter""#) == true)
}
