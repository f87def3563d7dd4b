import Foundation
import FlickMotion
import Testing

private let card = DynamicItem(position: Point(400, 300), width: 300, height: 400)

/// Advances `simulation` frame by frame at `rate` Hz up to `end`, letting `each` move the finger first.
private func run(_ simulation: inout DynamicSimulation, to end: Double, rate: Double,
                 each: (inout DynamicSimulation, Double) -> Void = { _, _ in }) -> [DynamicSimulation.Event] {
    var events: [DynamicSimulation.Event] = []
    for t in frames(from: simulation.time, to: end, rate: rate) {
        each(&simulation, t)
        events += simulation.advance(to: t)
    }
    return events
}

@Test func gravityFollowsTheKinematicFormula() {
    var sim = DynamicSimulation(item: DynamicItem(position: Point(10, 20), width: 50, height: 50,
                                                  velocity: Vector(100, -300)))
    sim.gravity = Gravity(direction: Vector(0, 1), magnitude: 1)
    _ = run(&sim, to: 0.5, rate: 60)
    let t = 0.5, g = 1000.0
    #expect(isClose(sim.item.position, Point(10 + 100 * t, 20 - 300 * t + g * t * t / 2), 1e-6))
    #expect(isClose(sim.item.velocity, Vector(100, -300 + g * t), 1e-6))
    #expect(sim.item.angle == 0)
}

@Test func gravityDirectionIsNormalisedAndMagnitudeIsInThousandsOfPixels() {
    // The seed: gravity.magnitude = 0.2 along the flick's velocity.
    let gravity = Gravity(direction: Vector(3, 4), magnitude: 0.2)
    #expect(isClose(gravity.acceleration, Vector(120, 160), 1e-12))
}

@Test func resistanceDecaysVelocityExponentially() {
    var sim = DynamicSimulation(item: DynamicItem(position: .zero, width: 100, height: 100,
                                                  velocity: Vector(800, 0), angularVelocity: 3),
                                resistance: Resistance(linear: 2, angular: 5))
    _ = run(&sim, to: 1, rate: 60)
    #expect(isClose(sim.item.velocity.x, 800 * exp(-2), 1e-6))
    #expect(isClose(sim.item.position.x, 800 * (1 - exp(-2)) / 2, 1e-6))
    #expect(isClose(sim.item.angularVelocity, 3 * exp(-5), 1e-8))
    #expect(isClose(sim.item.angle, 3 * (1 - exp(-5)) / 5, 1e-8))
}

@Test func pushingAddsVelocityAtOnce() {
    var sim = DynamicSimulation(item: DynamicItem(position: .zero, width: 10, height: 10, velocity: Vector(5, 0)))
    sim.push(velocity: Vector(95, 50), angularVelocity: 1)
    #expect(sim.item.velocity == Vector(100, 50) && sim.item.angularVelocity == 1)
    sim.advance(to: 0.5)
    #expect(isClose(sim.item.position, Point(50, 25), 1e-9) && isClose(sim.item.angle, 0.5, 1e-12))
}

/// x(t) of a damped spring from x0, v0, written out here as the reference (under-damped, ζ < 1).
private func underdamped(zeta: Double, omega: Double, x0: Double, v0: Double, t: Double) -> Double {
    let wd = omega * (1 - zeta * zeta).squareRoot()
    return exp(-zeta * omega * t) * (x0 * cos(wd * t) + (v0 + zeta * omega * x0) / wd * sin(wd * t))
}

@Test func snapFollowsTheClosedFormSpring() {
    let home = Point(400, 300)
    var sim = DynamicSimulation(item: DynamicItem(position: Point(520, 250), width: 300, height: 400,
                                                  velocity: Vector(-900, 300), angle: 0.3, angularVelocity: -2))
    sim.snap = Snap(to: home)
    #expect(sim.snap?.damping == 0.7)
    let omega = 2 * Double.pi / Snap.defaultResponse
    for t in frames(to: 1.5, rate: 60) {
        sim.advance(to: t)
        let x = home.x + underdamped(zeta: 0.7, omega: omega, x0: 120, v0: -900, t: t)
        let y = home.y + underdamped(zeta: 0.7, omega: omega, x0: -50, v0: 300, t: t)
        #expect(isClose(sim.item.position, Point(x, y), 1e-3), "at \(t)")
        #expect(isClose(sim.item.angle, underdamped(zeta: 0.7, omega: omega, x0: 0.3, v0: -2, t: t), 1e-5))
    }
    sim.advance(to: 3)
    #expect(sim.isResting())
}

@Test func aCentredGripIsASpringToTheAnchorAndDoesNotTurn() {
    let anchor = Point(450, 280)
    var sim = DynamicSimulation(item: card)
    sim.attachment = Attachment(anchor: anchor, frequency: 4, dampingRatio: 0.5)
    let omega = 2 * Double.pi * 4
    for t in frames(to: 1, rate: 60) {
        sim.advance(to: t)
        let x = anchor.x + underdamped(zeta: 0.5, omega: omega, x0: -50, v0: 0, t: t)
        let y = anchor.y + underdamped(zeta: 0.5, omega: omega, x0: 20, v0: 0, t: t)
        #expect(isClose(sim.item.position, Point(x, y), 1e-3), "at \(t)")
    }
    #expect(abs(sim.item.angle) < 1e-12)
}

@Test(arguments: [(-150.0, 1.0), (150.0, -1.0), (0.0, 0.0)])
func anOffCentreGripTurnsTheCardBehindTheFinger(_ gripY: Double, _ turn: Double) {
    // A finger holds the card above (or below) its centre and drags right at 600 px/s.
    var sim = DynamicSimulation(item: card)
    let grab = card.position + Vector(0, gripY)
    sim.attachment = Attachment(grabbing: card, at: grab)
    _ = run(&sim, to: 0.3, rate: 60) { sim, t in sim.attachment?.anchor = grab + Vector(600 * t, 0) }
    let angle = sim.item.angle
    if turn == 0 {
        #expect(abs(angle) < 1e-9)
    } else {
        // Clockwise (positive) when pulled by the top: the bottom lags behind.
        #expect(angle * turn > 0.05, "angle \(angle)")
    }
    // Held still, the grip comes to rest under the finger.
    _ = run(&sim, to: 3, rate: 60)
    let grip = sim.item.point(atOffset: sim.attachment!.offset)
    #expect(isClose(grip, sim.attachment!.anchor, 0.1))
}

/// A 4:3 photo on a 1280x800 kiosk page, with its border and shadow: the flick-to-dismiss card's size.
private let photoCard = DynamicItem(position: Point(640, 400), width: 915, height: 696)

/// Takes the card at `grip` and drags the finger 300 px to the right, at a steady speed over `duration`, in
/// 60 Hz frames; the angle after each frame.
private func dragSideways(_ sim: inout DynamicSimulation, grip: Point, over duration: Double) -> [Double] {
    sim.attachment = Attachment(grabbing: sim.item, at: grip)
    var angles: [Double] = []
    _ = run(&sim, to: duration, rate: 60) { sim, t in
        sim.attachment?.anchor = grip + Vector(300 * t / duration, 0)
        angles.append(sim.item.angle)
    }
    angles.append(sim.item.angle)
    return Array(angles.dropFirst())
}

@Test(arguments: [0.3, 0.4, 0.5])
func aCardHeldAQuarterOfItsHeightAboveTheCentreTurnsLikeAPinnedCard(_ duration: Double) {
    var sim = DynamicSimulation(item: photoCard)
    let lever = photoCard.height / 4
    let angles = dragSideways(&sim, grip: photoCard.position - Vector(0, lever), over: duration)
    // Clockwise, and further with every frame of the drag.
    #expect(zip(angles, angles.dropFirst()).allSatisfy { $0 < $1 }, "\(angles)")
    #expect(angles.last! * 180 / .pi >= 5)
    // A rigid card pinned at the grip, rotation free: the pull's torque turns it by lever / (k² + lever²)
    // radians per pixel the grip moves (small angles; k² = (w² + h²) / 12), whatever the drag's speed.
    let k2 = (photoCard.width * photoCard.width + photoCard.height * photoCard.height) / 12
    let gripMoved = sim.item.point(atOffset: sim.attachment!.offset).x - photoCard.position.x
    #expect(isClose(angles.last!, lever / (k2 + lever * lever) * gripMoved, 0.02), "\(angles.last!)")
}

@Test func aCardHeldAtItsCentreIsDraggedWithoutTurning() {
    var sim = DynamicSimulation(item: photoCard)
    let angles = dragSideways(&sim, grip: photoCard.position, over: 0.4)
    #expect(angles.allSatisfy { $0 == 0 })
    #expect(sim.item.angularVelocity == 0)
}

@Test func theSameDragOnEveryPartOfTheCardLeavesTheSwingAndStopsItWhenTheFingerStops() {
    // Resistance at equal linear and angular rates is drag spread evenly over the card (torque c·I·ω, force
    // c·m·v): it slows the centre and the spin alike, so the grip's pull turns the card as far as without it.
    let grip = photoCard.position - Vector(0, photoCard.height / 4)
    var free = DynamicSimulation(item: photoCard)
    var dragged = DynamicSimulation(item: photoCard, resistance: Resistance(linear: 2, angular: 2))
    let freeAngles = dragSideways(&free, grip: grip, over: 0.4)
    let draggedAngles = dragSideways(&dragged, grip: grip, over: 0.4)
    #expect(zip(freeAngles, draggedAngles).allSatisfy { isClose($0, $1, 0.005) }, "\(freeAngles) \(draggedAngles)")
    // The finger stops: free, the card turns on about the grip for ever; with the drag it comes to rest, turned.
    _ = run(&free, to: 3, rate: 60)
    _ = run(&dragged, to: 3, rate: 60)
    #expect(!free.isResting() && abs(free.item.angularVelocity) > 0.03)
    #expect(dragged.isResting())
    #expect(dragged.item.angle * 180 / .pi > 15)
}

@Test func aSwungCardLetGoKeepsItsSpin() {
    var sim = DynamicSimulation(item: photoCard)
    _ = dragSideways(&sim, grip: photoCard.position - Vector(0, photoCard.height / 4), over: 0.4)
    let spin = sim.item.angularVelocity, angle = sim.item.angle
    #expect(spin > 0.5)
    sim.attachment = nil
    _ = run(&sim, to: sim.time + 0.5, rate: 60)
    #expect(sim.item.angularVelocity == spin)
    #expect(isClose(sim.item.angle, angle + spin * 0.5, 1e-9))
}

/// The flick-to-dismiss gesture: grab off-centre, drag along a curve, let go with a flick; the card leaves
/// under a push and a little gravity.
private func flick(rate: Double) -> (item: DynamicItem, events: [DynamicSimulation.Event]) {
    var sim = DynamicSimulation(item: card, resistance: Resistance(angular: 1))
    let grab = card.position + Vector(-80, -120)
    sim.attachment = Attachment(grabbing: card, at: grab)
    sim.exitBounds = Rect(x: 0, y: 0, width: 800, height: 600)
    func finger(_ t: Double) -> Point { grab + Vector(900 * t, -200 * sin(3 * t)) }
    var events = run(&sim, to: 0.5, rate: rate) { sim, t in sim.attachment?.anchor = finger(t) }
    sim.attachment = nil
    let release = Vector(1800, -600)
    sim.push(velocity: release / 10)
    sim.gravity = Gravity(direction: release, magnitude: 0.2)
    events += run(&sim, to: 1.5, rate: rate)
    return (sim.item, events)
}

@Test func theSameGestureEndsTheSameAt30_60And144Hz() {
    let runs = [30.0, 60, 144].map(flick(rate:))
    for other in runs.dropFirst() {
        // The finger is only known once a frame: at 30 Hz its chords cut the curve's corners by up to 0.25 px,
        // which changes the release velocity a little. After ~1300 px of travel that is under 2 px.
        #expect(isClose(other.item.position, runs[0].item.position, 2), "\(other.item.position) vs \(runs[0].item.position)")
        #expect(isClose(other.item.angle, runs[0].item.angle, 0.01))
        #expect(isClose(other.item.velocity, runs[0].item.velocity, 2))
    }
    // It left the screen, once, in every run, within a sub-step or a frame of each other.
    let times = runs.map { $0.events.compactMap { if case .leftBounds(let t) = $0 { t } else { nil } } }
    #expect(times.allSatisfy { $0.count == 1 })
    #expect(times.map { $0.first ?? 0 }.max()! - times.map { $0.first ?? 0 }.min()! < 0.01)
}

@Test func aStraightFingerPathGivesIdenticalResultsAtAnyFrameRate() {
    func drag(rate: Double) -> DynamicItem {
        var sim = DynamicSimulation(item: card, resistance: Resistance(linear: 0.5, angular: 2))
        let grab = card.position + Vector(100, 150)
        sim.attachment = Attachment(grabbing: card, at: grab)
        // Straight segments that change at multiples of 1/6 s, a frame boundary at all three rates.
        _ = run(&sim, to: 1, rate: rate) { sim, t in
            sim.attachment?.anchor = grab + (t <= 0.5 ? Vector(700 * t, 300 * t) : Vector(350, 150))
        }
        return sim.item
    }
    let at30 = drag(rate: 30), at60 = drag(rate: 60), at144 = drag(rate: 144)
    #expect(isClose(at30.position, at60.position, 1e-6) && isClose(at60.position, at144.position, 1e-6))
    #expect(isClose(at30.angle, at144.angle, 1e-9))
}

@Test func leavingTheBoundsIsReportedOnceWhenTheFrameClearsThem() {
    var sim = DynamicSimulation(item: DynamicItem(position: Point(50, 50), width: 100, height: 100,
                                                  velocity: Vector(1000, 0)))
    sim.exitBounds = Rect(x: 0, y: 0, width: 400, height: 400)
    let events = run(&sim, to: 1, rate: 60)
    // The left edge passes x = 400 when 50 − 50 + 1000·t = 400.
    #expect(events.count == 1)
    if case .leftBounds(let t) = events.first {
        #expect(abs(t - 0.4) <= 1 / DynamicSimulation.stepsPerSecond + 1e-9)
    }
}

@Test func aRotatedItemLeavesOnlyWhenItsRotatedFrameDoes() {
    let diamond = DynamicItem(position: Point(0, 0), width: 100, height: 100, angle: .pi / 4)
    #expect(isClose(diamond.frame.maxX, 50 * 2.0.squareRoot(), 1e-9))
}

@Test func anInterruptedCardHandsItsMotionToASpring() {
    // The card is flying off; a finger catches it: its presented state seeds the spring that brings it home.
    var sim = DynamicSimulation(item: card)
    sim.push(velocity: Vector(1500, -200))
    sim.gravity = Gravity(direction: Vector(1, 0), magnitude: 0.2)
    sim.advance(to: 0.1)
    // A spring moves a point with a velocity of its own type: the item's velocity vector, component by component.
    let caught = MotionState(value: sim.item.position, velocity: Point(sim.item.velocity.x, sim.item.velocity.y))
    let home = SpringAnimation(Snap(to: card.position).spring, from: caught.value, to: card.position,
                               initialVelocity: caught.velocity, threshold: .pixels)
    #expect(home.state(at: 0) == caught)
    #expect(isClose(home.value(at: 2), card.position, 0.1))
}

@Test func aSettledSnapIsAtRestAndGravityNeverIs() {
    var sim = DynamicSimulation(item: card)
    #expect(sim.isResting())
    sim.gravity = Gravity(magnitude: 1)
    #expect(!sim.isResting())
    sim.gravity = nil
    sim.snap = Snap(to: card.position + Vector(10, 0))
    #expect(!sim.isResting())
    sim.advance(to: 2)
    #expect(sim.isResting())
}
