import FlickKiosk
import FlickShowcase
import FlickRaster
import FlickText
import Foundation
import Testing

extension VirtualMachine {
    /// Ctrl-Alt-F2 on a kiosk: Flick lets the console have the screen, and takes it back on the way home.
    @Test(.timeLimit(.minutes(5)))
    func switchingVirtualTerminalsHandsTheDisplayOverAndBack() throws {
        let flick = try #require(GuestVM.flickBinary, "build flick first (scripts/test does)")
        let width = 1280, height = 800
        let guest = try GuestVM(command: """
            "$FLICK" run --showcase < /dev/tty1 > /dev/console 2>&1 & pid=$!
            read line < /dev/ttyS1
            busybox chvt 2; echo "now on tty2"
            read line < /dev/ttyS1
            busybox chvt 1; echo "back on tty1"
            read line < /dev/ttyS1
            kill -TERM $pid; wait $pid; echo "flick exited $?"
            read line < /dev/ttyS1
            """, width: width, height: height, flickBinary: flick)
        defer { guest.shutDown() }

        let expected = Surface(width: width, height: height)
        try ShowcaseScene(fonts: FontCollection()).draw(on: Canvas(surface: expected))
        try guest.waitForLog("first frame on screen", timeout: 180)
        let screen = try guest.screendump()
        #expect(differingFraction(screen, expected) < 0.001)

        guest.signalGuest()
        try guest.waitForLog("now on tty2", timeout: 60)
        let console = try waitForScreen(guest, timeout: 30) { darkFraction($0) > 0.9 }
        #expect(darkFraction(console) > 0.9, "tty2 never showed: Flick kept the display")

        guest.signalGuest()
        try guest.waitForLog("back on tty1", timeout: 60)
        let back = try waitForScreen(guest, timeout: 60) { differingFraction($0, expected) < 0.001 }
        #expect(differingFraction(back, expected) < 0.001, "Flick did not take the display back")

        guest.signalGuest()
        try guest.waitForLog("flick exited 0", timeout: 60)
    }
}
