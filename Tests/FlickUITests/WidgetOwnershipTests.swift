import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// A widget's view draws and takes touches through the widget. An integrator who keeps the view in the tree but
/// lets the widget go gets a view that draws nothing and ignores touches, not a crash.
@Test func aViewWhoseWidgetWasLetGoDrawsNothingAndIgnoresTouches() throws {
    let face = try FontCollection().face()
    let scene = ViewScene(width: 320, height: 200)
    scene.tree.clearColor = .black
    weak var label: Label?
    weak var button: Button?
    do {
        let kept = Label("Hello", face: face, pixelSize: 24, color: .white, frame: Rect(x: 10, y: 10, width: 200, height: 40))
        let pressed = Button(title: "Go", face: face, pixelSize: 20,
                             style: .init(fill: .white, highlightedFill: .white, title: .black),
                             frame: Rect(x: 10, y: 100, width: 120, height: 60))
        scene.root.addChild(kept.view)
        scene.root.addChild(pressed.view)
        label = kept
        button = pressed
    }
    #expect(label == nil && button == nil)
    let player = VirtualClockPlayer(scene: scene, width: 320, height: 200)
    player.enqueue(try TouchScript(json: Data(#"[{"t": 0, "type": "down", "id": 0, "x": 60, "y": 130}, {"t": 60, "type": "up", "id": 0}]"#.utf8),
                                   name: "tap").frames)
    player.run()
    #expect(player.screen[60, 130] == Color.black.pixel)
}
