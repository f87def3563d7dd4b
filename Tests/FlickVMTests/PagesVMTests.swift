import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

extension VirtualMachine {
    /// The tour on the real display path: a swipe sent through QMP turns the page, and what virtio-gpu
    /// scans out before and after is what the headless renderer draws for those pages at rest.
    @Test(.timeLimit(.minutes(8)))
    func aSwipeOnTheScreenTurnsTheTourPage() throws {
        let flick = try #require(GuestVM.flickBinary, "build flick first (scripts/test does)")
        // Small: the guest runs the debug build under TCG, and touch down renders the three neighbours of the
        // start page before the drag.
        let width = 640, height = 400
        let tour = try KioskConfig.load(path: GuestVM.repository.appendingPathComponent("kiosk/tour.json").path)
        func atRest(_ page: String) throws -> Surface {
            var config = tour
            config.start = page
            let player = VirtualClockPlayer(scene: PagesScene(config: config, width: width, height: height, fonts: try FontCollection()),
                                            width: width, height: height)
            player.run()
            return player.screen
        }
        let start = try atRest(tour.start)
        let next = try atRest(try #require(PageGraph(tour).neighbour(of: tour.start, .right)))

        let guest = try GuestVM(command: """
            "$FLICK" run --config kiosk/tour.json --dpi 160 & pid=$!
            read line < /dev/ttyS1
            kill -TERM $pid; wait $pid; echo "flick exited $?"
            read line < /dev/ttyS1
            """, width: width, height: height, flickBinary: flick)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        // virtio-gpu is atomic and its primary plane takes damage clips: every flip tells it what changed.
        #expect(guest.log.contains("atomic page flips with damage clips, 2 buffers"))
        let before = try waitForScreen(guest, timeout: 30) { differingFraction($0, start) < 0.001 }
        #expect(differingFraction(before, start) < 0.001, "the start page on screen differs from the headless one")

        // Right to left across the middle: from 3/4 of the width to 1/4 (0…32767 on each axis).
        try guest.swipeLeft()

        let after = try waitForScreen(guest, timeout: 240) { differingFraction($0, next) < 0.001 }
        #expect(differingFraction(after, next) < 0.001, "the page did not turn to \(PageGraph(tour).neighbour(of: tour.start, .right) ?? "?")")
        #expect(differingFraction(after, start) > 0.05)

        guest.signalGuest()
        try guest.waitForLog("flick exited 0", timeout: 60)
    }
}
