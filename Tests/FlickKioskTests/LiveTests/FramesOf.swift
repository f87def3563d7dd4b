import FlickKiosk
import FlickInput
import FlickRaster
import FlickUI

/// The kiosk as the player sees it: its frames, the screen's power and the loop's status, without its sources, which
/// the test's loop services in real time (the player's virtual clock would run the broker's connection at virtual
/// moments).
final class FramesOf: Scene {
    let kiosk: KioskScene
    init(_ kiosk: KioskScene) { self.kiosk = kiosk }
    func handle(_ event: InputEvent) { kiosk.handle(event) }
    func advance(to time: Double) { kiosk.advance(to: time) }
    var needsFrame: Bool { kiosk.needsFrame }
    func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] { kiosk.draw(on: canvas, fullRedraw: fullRedraw) }
    var nextDeadline: Double? { kiosk.nextDeadline }
    func use(_ screen: ScreenPower) { kiosk.use(screen) }
    func use(_ status: LoopStatus) { kiosk.use(status) }
}
