import FlickGestures
import FlickInput
import FlickRaster
import FlickUI
import Foundation
import Hello
import Testing

private func touches(_ json: String) throws -> [TouchFrame] {
    try TouchScript(json: Data(json.utf8), name: "hello").frames
}

@Test func aTapChangesTheCardsColour() throws {
    let hello = HelloScene(width: 800, height: 480)
    let player = VirtualClockPlayer(scene: hello, width: 800, height: 480)
    #expect(player.screen[400, 240] == HelloScene.colours[0].pixel)
    player.enqueue(try touches(#"[{"t": 0, "type": "down", "id": 0, "x": 400, "y": 240}, {"t": 60, "type": "up", "id": 0}]"#))
    player.run()
    #expect(hello.taps == 1)
    #expect(player.screen[400, 240] == HelloScene.colours[1].pixel)
}

@Test func aDraggedCardFollowsTheFingerAndSpringsHome() throws {
    let hello = HelloScene(width: 800, height: 480)
    let player = VirtualClockPlayer(scene: hello, width: 800, height: 480)
    var script = [#"{"t": 0, "type": "down", "id": 0, "x": 400, "y": 240}"#]
    for i in 1...10 { script.append(#"{"t": \#(i * 16), "type": "move", "id": 0, "x": \#(400 + i * 20), "y": 240}"#) }
    script.append(#"{"t": 200, "type": "up", "id": 0}"#)
    player.enqueue(try touches("[\(script.joined(separator: ","))]"))
    player.run(until: 0.17)
    // 1:1 with the finger: the card's left edge has moved as far as the finger, 200 px.
    #expect(hello.card.frame.minX == hello.home.x + 200)
    #expect(player.screen[hello.home.x.asInt + 210, 240] == HelloScene.colours[0].pixel)
    #expect(player.screen[hello.home.x.asInt + 190, 240] == HelloScene.background.pixel)
    player.run()
    #expect(hello.card.frame.origin == hello.home)
    #expect(hello.taps == 0)
    #expect(player.screen[400, 240] == HelloScene.colours[0].pixel)
    #expect(player.screen[790, 240] == HelloScene.background.pixel)
}

private extension Double {
    var asInt: Int { Int(self) }
}
