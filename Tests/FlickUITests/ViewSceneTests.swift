import FlickInput
import FlickMotion
import FlickRaster
@testable import FlickUI
import Testing

@Test func aViewSceneAnimatesViewsAndDrawsOnlyTheirDamage() {
    let scene = ViewScene(width: 100, height: 100)
    let view = box(0, 40, 20, 20, red)
    scene.root.addChild(view)
    let canvas = Canvas(surface: Surface(width: 100, height: 100))
    #expect(scene.needsFrame)
    #expect(scene.draw(on: canvas, fullRedraw: false) == [PixelRect(x: 0, y: 0, width: 100, height: 100)])
    #expect(!scene.needsFrame)

    var finished: Bool?
    scene.animate(view, key: AnimationKey<Double>("x"), with: Animation(from: 0.0, to: 80.0, duration: 1, curve: .linear),
                  apply: { $0.frame.origin.x = $1 }, completion: { finished = $0 })
    #expect(scene.needsFrame)
    scene.advance(to: 0.5)
    #expect(view.frame.minX == 40)
    #expect(Set(scene.draw(on: canvas, fullRedraw: false)) == [PixelRect(x: 0, y: 40, width: 20, height: 20),
                                                                 PixelRect(x: 40, y: 40, width: 20, height: 20)])
    scene.advance(to: 2)
    #expect(view.frame.minX == 80 && finished == true)
    _ = scene.draw(on: canvas, fullRedraw: false)
    #expect(!scene.needsFrame)
    #expect(canvas.surface[90, 50] == red.pixel && canvas.surface[50, 50] == Color.black.pixel)

    var events = 0
    scene.onEvent = { _ in events += 1 }
    scene.handle(.key(KeyEvent(keysym: 0xff0d, text: "\r", isPressed: true, time: 0)))
    #expect(events == 1)
}

@Test func aRetargetedAnimationEndsAtItsNewTarget() {
    let scene = ViewScene(width: 100, height: 100)
    let view = box(0, 40, 20, 20, red)
    scene.root.addChild(view)
    let key = AnimationKey<Double>("x")
    scene.animate(view, key: key, with: Animation(from: 0.0, to: 80.0, duration: 1, curve: .linear),
                  apply: { $0.frame.origin.x = $1 })
    scene.advance(to: 0.5)
    #expect(scene.retarget(view, key: key, to: 10.0))
    scene.advance(to: 5)
    #expect(!scene.animator.isAnimating)
    #expect(view.frame.minX == 10)
}
