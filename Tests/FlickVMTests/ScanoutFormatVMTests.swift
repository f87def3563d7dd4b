import FlickRaster
import Foundation
import Testing

/// The frame as a 16-bit panel shows it: each channel cut to 5-6-5 bits and widened back by repeating its top
/// bits, as QEMU does when it dumps a 16-bit screen.
private func throughRGB565(_ s: Surface) -> Surface {
    let out = Surface(width: s.width, height: s.height)
    for y in 0..<s.height {
        for x in 0..<s.width {
            let p = s[x, y]
            let r = (p >> 19) & 0x1F, g = (p >> 10) & 0x3F, b = (p >> 3) & 0x1F
            out[x, y] = 0xFF00_0000 | (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
        }
    }
    return out
}

extension VirtualMachine {
    /// A Cirrus VGA takes RGB565, RGB888 and XRGB8888; the config asks for RGB565, so Flick converts each frame as
    /// it copies it out, and the screen shows the headless frame through 16 bits.
    @Test(.timeLimit(.minutes(5)))
    func aKioskForcedToRGB565OnCirrusShowsTheHeadlessFrameThrough16Bits() throws {
        let width = 1024, height = 768
        let kiosk = try GuestKiosk(#"""
            {"display": {"format": "RGB565", "mode": "1024x768"},
             "pages": [{"id": "a", "content": {"type": "text", "title": "Sixteen bits", "body": "A gradient bands on a 565 panel.",
                        "background": {"gradient": ["#1D2B64", "#F8CDDA"]}}}]}
            """#)
        let guest = try kiosk.boot(width: width, height: height, gpu: "cirrus")
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        #expect(guest.log.contains("RGB565 rotation 0°: atomic page flips with damage clips"))

        let frame = try kiosk.headlessFrame(width: width, height: height, on: guest)
        let expected = throughRGB565(frame)
        let screen = try waitForScreen(guest, timeout: 30) { differingFraction($0, expected, tolerance: 4) < 0.001 }
        #expect(differingFraction(screen, expected, tolerance: 4) < 0.001)
        // Not what an XRGB8888 scan-out would show: the test can tell the formats apart.
        #expect(differingFraction(screen, frame, tolerance: 0) > 0.2)
        try guest.stopKiosk()
    }
}
