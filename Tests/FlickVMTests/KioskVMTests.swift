import FlickKiosk
import FlickShowcase
import FlickDisplay
import FlickGestures
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// Fraction of pixels whose channels differ by more than `tolerance`.
func differingFraction(_ a: Surface, _ b: Surface, tolerance: Int = 8) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    var differing = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            for shift: UInt32 in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > tolerance {
                differing += 1
                break
            }
        }
    }
    return Double(differing) / Double(a.width * a.height)
}

func darkFraction(_ s: Surface) -> Double {
    var dark = 0
    for y in 0..<s.height { for x in 0..<s.width where s[x, y] & 0x00FF_FFFF == 0 { dark += 1 } }
    return Double(dark) / Double(s.width * s.height)
}

/// The showcase kiosk headless, after `script`: the frame the VM must show for the same state.
private func headlessFrame(_ width: Int, _ height: Int, after script: [TouchFrame]) throws -> Surface {
    let player = VirtualClockPlayer(scene: try ShowcaseKiosk(width: width, height: height, fonts: FontCollection()),
                                    width: width, height: height)
    player.enqueue(script)
    player.run()
    return player.screen
}

/// Screendumps until `condition` holds: the guest draws when it draws, the test waits for what it shows.
func waitForScreen(_ guest: GuestVM, timeout: TimeInterval, _ condition: (Surface) -> Bool) throws -> Surface {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        let screen = try guest.screendump()
        if condition(screen) || Date() > deadline { return screen }
        usleep(250_000)
    }
}

/// QMP multitouch: `begin`/`update` carry slot and tracking id, then `data` for each axis (0…32767); `end`
/// must carry tracking id −1 or libinput never sees the finger lift.
func mttEvents(_ type: String, x: Int, y: Int, trackingID: Int, slot: Int = 0) -> [[String: Any]] {
    let head: [String: Any] = ["type": "mtt", "data": ["type": type, "slot": slot, "tracking-id": trackingID, "axis": "x", "value": x]]
    guard type != "end" else { return [head] }
    return [head] + [("x", x), ("y", y)].map { axis, value in
        ["type": "mtt", "data": ["type": "data", "slot": slot, "tracking-id": trackingID, "axis": axis, "value": value]] as [String: Any]
    }
}

/// One guest at a time: two TCG guests on two cores would only slow each other past their deadlines. (The reason is
/// a Comment made beforehand: Swift 6.0 crashed type-checking an interpolation inside the trait.)
@Suite(.serialized, .enabled(if: GuestVM.unavailableReason == nil, GuestVM.skipComment))
struct VirtualMachine {}

extension VirtualMachine {
    @Test(.timeLimit(.minutes(5)))
    func kioskOnVirtioGPUShowsTheHeadlessFramesFollowsTouchesAndGivesTheConsoleBack() throws {
        let flick = try #require(GuestVM.flickBinary, "build flick first (scripts/test does)")
        let width = 1280, height = 800
        // Flick runs until the host says so on ttyS1, then gets SIGTERM like systemd would send.
        let guest = try GuestVM(command: """
            "$FLICK" run --showcase & pid=$!
            read line < /dev/ttyS1
            kill -TERM $pid; wait $pid; echo "flick exited $?"
            echo "console is back" > /dev/tty1
            read line < /dev/ttyS1
            """, width: width, height: height, flickBinary: flick)
        defer { guest.shutDown() }

        try guest.waitForLog("first frame on screen", timeout: 180)
        let onScreen = try guest.screendump()
        #expect(onScreen.width == width && onScreen.height == height)

        let expected = Surface(width: width, height: height)
        try ShowcaseScene(fonts: FontCollection()).draw(on: Canvas(surface: expected))
        let difference = differingFraction(onScreen, expected)
        #expect(difference < 0.001, "scanned-out frame differs from the headless render in \(difference * 100) % of pixels")

        // A finger on the glass through virtio-multitouch → libinput → the run loop: its disc appears where
        // the headless kiosk draws it for a finger at the same point (the centre: 16384 of 32768 on each axis).
        try guest.sendTouch(mttEvents("begin", x: 16384, y: 16384, trackingID: 1))
        let centre = Point(x: 640, y: 400)
        let touched = try headlessFrame(width, height, after: [TouchFrame(time: 0, events: [TouchEvent(.down, id: .finger(0), at: centre, time: 0)])])
        let withFinger = try waitForScreen(guest, timeout: 60) { differingFraction($0, touched) < 0.001 }
        #expect(differingFraction(withFinger, expected) > 0.001, "the touch never showed on screen")
        #expect(differingFraction(withFinger, touched) < 0.001, "the touched frame differs from the headless one")

        // Lifted, the disc fades through the motion engine and the screen is the showcase again.
        try guest.sendTouch(mttEvents("end", x: 16384, y: 16384, trackingID: -1))
        let released = try waitForScreen(guest, timeout: 60) { differingFraction($0, expected) < 0.001 }
        #expect(differingFraction(released, expected) < 0.001, "the disc did not fade away")

        guest.signalGuest()
        try guest.waitForLog("flick exited 0", timeout: 60)
        let console = try guest.screendump()
        // The text console is black with a line of text: not one pixel of the showcase's background.
        #expect(darkFraction(console) > 0.9, "after exit the screen still shows Flick (\(darkFraction(console)) dark)")
        #expect(differingFraction(console, expected) > 0.5)
    }
}
