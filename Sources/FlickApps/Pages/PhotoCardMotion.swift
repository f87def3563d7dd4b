import FlickMotion

/// The front card's physics, the seed's UIKit Dynamics set-up [flick-to-dismiss-photo]: an attachment at the
/// finger's grip while held (off-centre it turns the card), a snap home when let go gently, and when flicked
/// away the card keeps its speed, gets a push and a little gravity along the flick, and leaves the screen.
struct PhotoCardMotion {
    /// The card lying still where it rests.
    let home: DynamicItem
    let flick: PhotoFlick
    /// A flying card is gone once its frame no longer overlaps these.
    let screen: Bounds
    private var simulation: DynamicSimulation
    /// Nothing moves until a finger does: no frames are needed, and the simulation's clock stands still.
    private(set) var isSettled = true
    private var clockStopped = true
    /// The card's centre when the finger took it: the seed's `_centerWhenStartDragging`.
    private var dragStart: Vector2?

    /// A settled card wakes up one 60 Hz frame before the frame that moves it: the still time before that
    /// is skipped rather than integrated.
    private static let wakeSpan = 1.0 / 60

    init(home: DynamicItem, flick: PhotoFlick, screen: Bounds) {
        self.home = home
        self.flick = flick
        self.screen = screen
        simulation = DynamicSimulation(item: home)
    }

    var item: DynamicItem { simulation.item }

    /// A finger takes the card at `point`, wherever it is: at rest, snapping back or flying off.
    mutating func grab(at point: Vector2) {
        simulation.snap = nil
        simulation.gravity = nil
        simulation.exitBounds = nil
        simulation.attachment = Attachment(grabbing: simulation.item, at: point)
        dragStart = simulation.item.position
        isSettled = false
    }

    mutating func drag(to point: Vector2) {
        guard simulation.attachment != nil else { return }
        simulation.attachment?.anchor = point
        isSettled = false
    }

    /// The finger lifts at `velocity` (pixels per second; zero for a cancelled touch).
    mutating func release(velocity: Vector2) {
        guard simulation.attachment != nil else { return }
        simulation.attachment = nil
        let travel = simulation.item.position - (dragStart ?? simulation.item.position)
        dragStart = nil
        if flick.dismisses(travel: travel, velocity: velocity) {
            simulation.push(velocity: velocity * PhotoFlick.pushShare)
            simulation.gravity = flick.gravity(along: velocity)
            simulation.exitBounds = screen
        } else {
            simulation.snap = Snap(to: home.position)
        }
        isSettled = false
    }

    /// Runs the dynamics to `time`; true when the card has just left the screen.
    mutating func advance(to time: Double) -> Bool {
        guard !isSettled else { return false }
        if clockStopped {
            simulation = simulation.resumed(at: max(simulation.time, time - Self.wakeSpan))
            clockStopped = false
        }
        let events = simulation.advance(to: time)
        if simulation.isResting() { settle() }
        return events.contains { if case .leftBounds = $0 { true } else { false } }
    }

    /// A snapped-back card lands exactly home, upright and on whole pixels, so it is copied, not resampled.
    private mutating func settle() {
        if simulation.snap != nil {
            simulation.snap = nil
            simulation.item = home
        }
        isSettled = true
        clockStopped = true
    }
}

private extension DynamicSimulation {
    /// The same item under the same behaviours on a clock restarted at `time`.
    func resumed(at time: Double) -> DynamicSimulation {
        var resumed = DynamicSimulation(item: item, time: time, resistance: resistance)
        resumed.attachment = attachment
        resumed.snap = snap
        resumed.gravity = gravity
        resumed.exitBounds = exitBounds
        return resumed
    }
}
