import FlickRaster

/// What the frame loop says about itself to the scene it drives: its frame statistics and the frame on screen. A
/// kiosk in a fleet reports its health from it and answers a screenshot request with the frame people see.
///
/// The loop owns it and updates it on its own thread, after each frame it presents; the scene reads it there too.
public final class LoopStatus {
    /// Draw times, missed vblanks, touch and source latencies, frames drawn so far.
    public internal(set) var statistics = FrameStatistics()
    /// When the latest frame went to the display, on the loop's clock (the time it is shown); nil before the first.
    public internal(set) var lastPresented: Double?
    /// The surface holding the frame on screen (the latest presented); nil before the first. Read it between turns of
    /// the loop: the next frame may be drawn into it.
    public internal(set) var shownSurface: Surface?
    /// Since when, on the loop's clock, the screen has been owed a frame: the scene wanted one (something moves, or
    /// its deadline came) while Flick had a screen that was on — not blanked, not on another VT, not unplugged — and
    /// the loop has made none since. Nil while nothing is owed. It stays a frame old while the loop keeps up; a loop
    /// that turns but makes no frame while something moves (a page flip that never completes) leaves it further and
    /// further behind, which FlickBoard's systemd watchdog counts as a stall.
    public internal(set) var frameOwedSince: Double?

    init() {}

    /// The loop's look at the scene at the start of a turn: whether the screen is owed a frame at `now`.
    func frameWanted(_ wanted: Bool, at now: Double) {
        if !wanted { frameOwedSince = nil } else if frameOwedSince == nil { frameOwedSince = now }
    }
}
