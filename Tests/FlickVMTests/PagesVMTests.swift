import Foundation
import Testing

extension VirtualMachine {
    /// The tour on the real display path: a swipe sent through QMP turns the page, and what virtio-gpu
    /// scans out before and after is what the headless renderer draws for those pages at rest.
    @Test(.timeLimit(.minutes(8)))
    func aSwipeOnTheScreenTurnsTheTourPage() throws {
        // Small: the guest runs the debug build under TCG, and touch down renders the three neighbours of the
        // start page before the drag.
        try GuestTour(width: 640, height: 400).swipeOnScreen(.x86_64, bootTimeout: 180) { try $0.stopKiosk() }
    }
}
