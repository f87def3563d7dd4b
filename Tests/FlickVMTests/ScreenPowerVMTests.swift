import FlickRaster
import Foundation
import Testing

extension VirtualMachine {
    /// QEMU's bochs-display (the bochs DRM driver, as on std VGA) shows the kiosk as the headless renderer draws it.
    @Test(.timeLimit(.minutes(5)))
    func aKioskOnBochsDisplayShowsTheHeadlessFrame() throws {
        let width = 800, height = 600
        let kiosk = try GuestKiosk(#"""
            {"pages": [{"id": "a", "content": {"type": "text", "title": "bochs-display", "body": "DRM on QEMU's plain framebuffer device.",
                        "background": {"gradient": ["#134E5E", "#71B280"]}}}]}
            """#)
        let guest = try kiosk.boot(width: width, height: height, gpu: "bochs", before: "\"$FLICK\" devices")
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        #expect(guest.log.contains("bochs-drm"))
        let expected = try kiosk.headlessFrame(width: width, height: height, on: guest)
        let screen = try waitForScreen(guest, timeout: 30) { differingFraction($0, expected) < 0.001 }
        #expect(differingFraction(screen, expected) < 0.001)
        try guest.stopKiosk()
    }

    /// display.idle.blank on virtio-gpu: after the idle time the panel is off (DPMS) and the screen dark; a tap on
    /// a list row wakes it, and that tap opened nothing: the list is back exactly as it was.
    @Test(.timeLimit(.minutes(6)))
    func anIdleKioskBlanksAndTheWakingTapPressesNothing() throws {
        let width = 640, height = 400
        let kiosk = try GuestKiosk(#"""
            {"display": {"idle": {"blank": 6}},
             "pages": [{"id": "l", "content": {"type": "list", "title": "Rooms",
                        "items": [{"title": "Lobby", "detail": "Open"}, {"title": "Hall", "detail": "Closed"}]}}]}
            """#)
        let guest = try kiosk.boot(width: width, height: height)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        let list = try kiosk.headlessFrame(width: width, height: height, on: guest)
        let lit = try waitForScreen(guest, timeout: 30) { differingFraction($0, list) < 0.001 }
        #expect(differingFraction(lit, list) < 0.001)

        try guest.waitForLog("screen blanked after 6 s without input", timeout: 60)
        let dark = try waitForScreen(guest, timeout: 30) { averageBrightness($0) < 2 }
        #expect(averageBrightness(dark) < 2, "the screen is not dark after blanking")

        // The first row, a quarter of the way down the screen.
        try guest.sendTouch(mttEvents("begin", x: 16384, y: 8192, trackingID: 1))
        try guest.sendTouch(mttEvents("end", x: 16384, y: 8192, trackingID: -1))
        try guest.waitForLog("screen woken by a touch (not passed on)", timeout: 60)
        let woken = try waitForScreen(guest, timeout: 60) { differingFraction($0, list) < 0.001 }
        #expect(differingFraction(woken, list) < 0.001, "after waking, the list is not as it was: the tap was passed on")
        try guest.stopKiosk()
    }
}

/// The mean of the red, green and blue channels over the screen, 0…255.
private func averageBrightness(_ s: Surface) -> Double {
    var sum = 0
    for y in stride(from: 0, to: s.height, by: 2) {
        for x in stride(from: 0, to: s.width, by: 2) {
            let p = s[x, y]
            sum += Int((p >> 16) & 0xFF) + Int((p >> 8) & 0xFF) + Int(p & 0xFF)
        }
    }
    return Double(sum) / Double(3 * ((s.height + 1) / 2) * ((s.width + 1) / 2))
}

extension VirtualMachine {
    /// The connector unplugged and plugged back: one line each way, and the kiosk draws again afterwards — a swipe
    /// turns the page. QEMU cannot unplug a virtio-gpu output, so the guest forces the connector's sysfs `status`
    /// and sends the change report the kernel sends on a real HDMI unplug (virtio-gpu does not poll, so forcing the
    /// status alone reports nothing).
    @Test(.timeLimit(.minutes(6)))
    func anUnpluggedDisplayIsPickedUpAgainWhenItReturns() throws {
        let width = 640, height = 400
        let kiosk = try GuestKiosk(#"""
            {"pages": [{"id": "a", "right": "b", "content": {"type": "text", "title": "Before", "body": "Unplug me."}},
                       {"id": "b", "left": "a", "content": {"type": "text", "title": "After", "body": "Plugged back."}}]}
            """#)
        let connector = "$(ls -d /sys/class/drm/card*-Virtual-1)"
        let guest = try kiosk.boot(width: width, height: height, steps: [
            "echo off > \(connector)/status; echo change > \(connector)/../uevent",
            "echo detect > \(connector)/status; echo change > \(connector)/../uevent",
        ])
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        guest.signalGuest()
        try guest.waitForLog("Virtual-1 disconnected: not drawing until it is back", timeout: 60)
        guest.signalGuest()
        try guest.waitForLog("Virtual-1 connected again: 640x400", timeout: 60)

        try guest.swipeLeft()
        let next = try kiosk.headlessFrame(width: width, height: height, start: "b", on: guest)
        let turned = try waitForScreen(guest, timeout: 120) { differingFraction($0, next) < 0.001 }
        #expect(differingFraction(turned, next) < 0.001, "nothing drawn after the display came back")
        try guest.stopKiosk()
    }
}
