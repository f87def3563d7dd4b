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
}
