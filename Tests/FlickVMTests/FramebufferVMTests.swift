import FlickRaster
import Foundation
import Testing

extension VirtualMachine {
    /// A board with only a firmware framebuffer (vesafb here; efifb and simplefb alike): `flick run` used to say
    /// "no DRM display: running headless", write a PNG and exit 0. It draws on /dev/fb0 and gives it back.
    /// QEMU's VGA BIOS has no VBE protected-mode interface, so vesafb cannot pan here: frames are drawn in place.
    /// (Panning between two buffers, for drivers that can, is not exercised by any guest this machine boots.)
    @Test(.timeLimit(.minutes(5)))
    func aKioskOnAFirmwareFramebufferShowsTheHeadlessFrameTurnsAPageAndExitsCleanly() throws {
        let width = 1024, height = 768
        let kiosk = try GuestKiosk(#"""
            {"display": {"idle": {"blank": 15}},
             "pages": [{"id": "a", "right": "b", "content": {"type": "text", "title": "Firmware framebuffer", "body": "No DRM here.",
                        "background": {"gradient": ["#0F2027", "#2C5364"]}}},
                       {"id": "b", "left": "a", "content": {"type": "text", "title": "Page two", "body": "Turned on fbdev.",
                        "background": {"gradient": ["#603813", "#B29F94"]}}}]}
            """#)
        let guest = try kiosk.boot(width: width, height: height, gpu: "vesa", before: "\"$FLICK\" devices")
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        #expect(guest.log.contains("no DRM cards (/dev/dri/card* absent): flick run uses the framebuffer"))
        #expect(guest.log.contains("/dev/fb0: VESA VGA 1024x768"))
        #expect(guest.log.contains("/dev/fb0 VESA VGA 1024x768"))
        #expect(guest.log.contains("drawing on the framebuffer in place"))

        let expected = try kiosk.headlessFrame(width: width, height: height, on: guest)
        let screen = try waitForScreen(guest, timeout: 30) { differingFraction($0, expected) < 0.001 }
        #expect(differingFraction(screen, expected) < 0.001)

        // A swipe from right to left turns to page b, drawn through the same fbdev copy.
        try guest.swipeLeft()
        let next = try kiosk.headlessFrame(width: width, height: height, start: "b", on: guest)
        let turned = try waitForScreen(guest, timeout: 120) { differingFraction($0, next) < 0.001 }
        #expect(differingFraction(turned, next) < 0.001, "the swipe did not turn the page on the framebuffer")

        // vesafb cannot blank: left alone, the screen goes black all the same.
        try guest.waitForLog("screen blanked after 15 s without input", timeout: 90)
        #expect(guest.log.contains("/dev/fb0: the driver cannot blank"))
        let black = Surface(width: width, height: height)
        black.clear(to: 0xFF00_0000)
        let dark = try waitForScreen(guest, timeout: 30) { differingFraction($0, black) < 0.001 }
        #expect(differingFraction(dark, black) < 0.001)
        try guest.stopKiosk()
    }
}
