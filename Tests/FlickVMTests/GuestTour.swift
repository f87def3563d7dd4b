import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// kiosk/tour.json as a guest runs it, and the frames the headless kiosk draws for its pages at rest: what the
/// guest's screen must show.
struct GuestTour {
    /// Flick runs the tour at 160 dpi whatever the virtual panel reports, until the first line on the control channel;
    /// then it gets SIGTERM like systemd would send, and the guest stays up until the second line, for a look at the
    /// console.
    static let command = """
        "$FLICK" run --config kiosk/tour.json --dpi 160 & pid=$!
        read line < "$FLICK_CONTROL"
        kill -TERM $pid; wait $pid; echo "flick exited $?"
        read line < "$FLICK_CONTROL"
        """

    let config: KioskConfig
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws {
        config = try KioskConfig.load(path: GuestVM.repository.appendingPathComponent("kiosk/tour.json").path)
        self.width = width
        self.height = height
    }

    /// The page a swipe from right to left turns the start page to.
    func rightOfStart() throws -> String {
        try #require(PageGraph(config).neighbour(of: config.start, .right))
    }

    /// `page` at rest, drawn headless by this process.
    func atRest(_ page: String) throws -> Surface {
        var config = config
        config.start = page
        let player = VirtualClockPlayer(scene: PagesScene(config: config, width: width, height: height, fonts: try FontCollection()),
                                        width: width, height: height)
        player.run()
        return player.screen
    }

    /// The tour on `architecture`'s guest: the start page virtio-gpu scans out is the headless frame, and a swipe from
    /// right to left (QMP, virtio-multitouch, libinput) turns it to the page on its right, at rest as drawn headless.
    /// `then` has the guest after; it is shut down when `then` returns.
    func swipeOnScreen(_ architecture: GuestArchitecture, bootTimeout: TimeInterval, then: (GuestVM) throws -> Void) throws {
        let start = try atRest(config.start)
        let nextPage = try rightOfStart()
        let next = try atRest(nextPage)

        let guest = try GuestVM(command: Self.command, width: width, height: height, architecture: architecture)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: bootTimeout)
        // virtio-gpu is atomic and its primary plane takes damage clips: every flip tells it what changed.
        #expect(guest.log.contains("atomic page flips with damage clips, 2 buffers"))
        let before = try waitForScreen(guest, timeout: 60) { differingFraction($0, start) < 0.001 }
        #expect(differingFraction(before, start) < 0.001, "the start page on screen differs from the headless one")

        try guest.swipeLeft()
        let after = try waitForScreen(guest, timeout: 240) { differingFraction($0, next) < 0.001 }
        #expect(differingFraction(after, next) < 0.001, "the page did not turn to \(nextPage)")
        #expect(differingFraction(after, start) > 0.05)
        try then(guest)
    }
}
