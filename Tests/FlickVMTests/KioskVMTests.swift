import FlickApps
import FlickRaster
import FlickText
import Foundation
import Testing

/// Fraction of pixels whose channels differ by more than `tolerance`.
private func differingFraction(_ a: Surface, _ b: Surface, tolerance: Int = 8) -> Double {
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

private func darkFraction(_ s: Surface) -> Double {
    var dark = 0
    for y in 0..<s.height { for x in 0..<s.width where s[x, y] & 0x00FF_FFFF == 0 { dark += 1 } }
    return Double(dark) / Double(s.width * s.height)
}

@Test(.enabled(if: GuestVM.unavailableReason == nil, "QEMU cannot run here: \(GuestVM.unavailableReason ?? "")"),
      .timeLimit(.minutes(5)))
func kioskShowsTheHeadlessFrameOnVirtioGPUAndGivesTheConsoleBack() throws {
    let flick = GuestVM.repository.appendingPathComponent(".build/debug/flick").path
    try #require(FileManager.default.isExecutableFile(atPath: flick), "build flick first (scripts/test does)")
    let width = 1280, height = 800
    // Flick runs until the host says so on ttyS1, then gets SIGTERM like systemd would send.
    let guest = try GuestVM(command: """
        "$FLICK" run & pid=$!
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

    guest.signalGuest()
    try guest.waitForLog("flick exited 0", timeout: 60)
    let console = try guest.screendump()
    // The text console is black with a line of text: not one pixel of the showcase's background.
    #expect(darkFraction(console) > 0.9, "after exit the screen still shows Flick (\(darkFraction(console)) dark)")
    #expect(differingFraction(console, expected) > 0.5)
}
