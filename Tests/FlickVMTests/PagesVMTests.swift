import Foundation
import Testing

extension VirtualMachine {
    /// The tour on the real display path: a swipe sent through QMP turns the page, and what virtio-gpu
    /// scans out before and after is what the headless renderer draws for those pages at rest.
    @Test(.timeLimit(.minutes(8)))
    func aSwipeOnTheScreenTurnsTheTourPage() throws {
        // Small: the guest runs the debug build under TCG, and touch down renders the three neighbours of the
        // start page before the drag.
        let tour = try GuestTour(width: 640, height: 400)
        let start = try tour.atRest(tour.config.start)
        let nextPage = try tour.rightOfStart()
        let next = try tour.atRest(nextPage)

        let guest = try GuestVM(command: GuestTour.command, width: tour.width, height: tour.height)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        // virtio-gpu is atomic and its primary plane takes damage clips: every flip tells it what changed.
        #expect(guest.log.contains("atomic page flips with damage clips, 2 buffers"))
        let before = try waitForScreen(guest, timeout: 30) { differingFraction($0, start) < 0.001 }
        #expect(differingFraction(before, start) < 0.001, "the start page on screen differs from the headless one")

        // Right to left across the middle: from 3/4 of the width to 1/4 (0…32767 on each axis).
        try guest.swipeLeft()

        let after = try waitForScreen(guest, timeout: 240) { differingFraction($0, next) < 0.001 }
        #expect(differingFraction(after, next) < 0.001, "the page did not turn to \(nextPage)")
        #expect(differingFraction(after, start) > 0.05)

        guest.signalGuest()
        try guest.waitForLog("flick exited 0", timeout: 60)
    }
}
