import FlickMotion

/// The front card's physics, the seed's UIKit Dynamics set-up [flick-to-dismiss-photo]: an attachment at the
/// finger's grip while held (off-centre it swings the card round like a card held by a pin), a snap home when
/// let go gently, and when flicked away the card keeps its speed and spin, gets a push and a little gravity
/// along the flick, and leaves the screen.
struct PhotoCardMotion {
    /// The card lying still where it rests.
    let home: DynamicItem
    let flick: PhotoFlick
    /// A flying card is gone once its frame no longer overlaps these.
    let screen: Rect
    private var simulation: DynamicSimulation
    /// Nothing moves until a finger does: no frames are needed, and the simulation's clock stands still.
    private(set) var isSettled = true
    private var clockStopped = true

    /// A settled card wakes up one 60 Hz frame before the frame that moves it: the still time before that
    /// is skipped rather than integrated.
    private static let wakeSpan = 1.0 / 60

    /// While held, the card slides like a print on a table, with the same drag on every part of it: that leaves
    /// the swing a pull at the grip gives it unchanged, and once the finger stops it stops the card turning on
    /// about the grip (with no drag it turns on slowly for ever and never rests). Our tuning: free motion halves
    /// in a third of a second. Let go, the card has the seed's `UIDynamicItemBehavior` defaults instead: no
    /// resistance, so a flicked card keeps its speed and its spin.
    static let heldResistance = Resistance(linear: 2, angular: 2)

    init(home: DynamicItem, flick: PhotoFlick, screen: Rect) {
        self.home = home
        self.flick = flick
        self.screen = screen
        simulation = DynamicSimulation(item: home)
    }

    var item: DynamicItem { simulation.item }

    /// A finger takes the card at `point`, wherever it is: at rest, snapping back or flying off.
    mutating func grab(at point: Point) {
        simulation.snap = nil
        simulation.gravity = nil
        simulation.exitBounds = nil
        simulation.resistance = Self.heldResistance
        simulation.attachment = Attachment(grabbing: simulation.item, at: point)
        isSettled = false
    }

    mutating func drag(to point: Point) {
        guard simulation.attachment != nil else { return }
        simulation.attachment?.anchor = point
        isSettled = false
    }

    /// The finger lifts at `velocity` (pixels per second; zero for a cancelled touch) after moving `travel` since
    /// it took the card. The decision is on what the finger did: the seed's card is pinned to the finger, while
    /// ours trails it through the spring grip and a short fast flick would leave it short of the distance.
    mutating func release(velocity: Vector, travel: Vector) {
        guard simulation.attachment != nil else { return }
        simulation.attachment = nil
        simulation.resistance = .none
        // The card goes on as it was moving (the seed's card keeps the attachment's velocity), but never slower
        // than the finger along the finger's way: the spring grip trails a quickening finger a little, and a
        // turning card's centre moves slower than the grip it turns about.
        simulation.push(velocity: Self.catchingUp(simulation.item.velocity, with: velocity))
        if flick.dismisses(travel: travel, velocity: velocity) {
            simulation.push(velocity: velocity * PhotoFlick.pushShare)
            simulation.gravity = flick.gravity(along: velocity)
            simulation.exitBounds = screen
        } else {
            simulation.snap = Snap(to: home.position)
        }
        isSettled = false
    }

    /// What a card moving at `card` needs added to move at least at `finger`'s speed along the finger's way;
    /// zero when it already does. Its motion across the finger's way is left as it is.
    private static func catchingUp(_ card: Vector, with finger: Vector) -> Vector {
        let speed = finger.length
        guard speed > 0 else { return .zero }
        let direction = finger / speed
        return direction * max(0, speed - card.dot(direction))
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
