@testable import FlickKiosk
import FlickGestures
import FlickMotion
import Testing

/// The photo card held off-centre swings like a card held by a pin, and let go it flies on from the finger
/// [flick-to-dismiss-photo]: `PhotoCardMotion` driven directly, one 60 Hz frame at a time.
@Suite struct PhotoCardSwingTests {
    /// A 4:3 photo on a 1280x800 page as `PhotoCard` lays it: 875x656 inside the 64 px margin, an 8 px border
    /// and a 12 px shadow round it.
    static let home = DynamicItem(position: Point(640, 400), width: 915, height: 696)
    static let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let frame = 1.0 / 60

    /// A quarter of the card's height above its centre.
    let gripOffset = Vector(0, -Self.home.height / 4)
    var grip: Point { Self.home.position + gripOffset }
    var motion = PhotoCardMotion(home: Self.home, flick: PhotoFlick(metrics: GestureMetrics(dotsPerInch: 160)),
                                 screen: Self.screen)
    var time = 0.0

    /// Takes the card at `grip` and drags it 300 px to the right at a steady speed over `frames` frames; the
    /// card's angle after each.
    mutating func dragSideways(frames: Int) -> [Double] {
        motion.grab(at: grip)
        var angles: [Double] = []
        for i in 1...frames {
            time += Self.frame
            motion.drag(to: grip + Vector(300 * Double(i) / Double(frames), 0))
            let left = motion.advance(to: time)
            #expect(!left)
            angles.append(motion.item.angle)
        }
        return angles
    }

    mutating func runFrames(_ count: Int) {
        for _ in 0..<count {
            time += Self.frame
            _ = motion.advance(to: time)
        }
    }

    @Test(arguments: [18, 24, 30])
    mutating func heldAboveTheCentreItTurnsFurtherAsTheDragGoesOn(frames: Int) {
        let angles = dragSideways(frames: frames)
        // Clockwise (the top leads), a little more every frame, and by the end well past 5°.
        #expect(zip(angles, angles.dropFirst()).allSatisfy { $0 < $1 }, "\(angles)")
        #expect(angles.last! * 180 / .pi >= 5, "\(angles.last! * 180 / .pi)°")
        // It turns about the grip, which follows the finger: a stiff spring's lag of 2ζ/ω behind it.
        let speed = 300 / (Double(frames) * Self.frame)
        let lag = 2 * Attachment.defaultDampingRatio / (2 * .pi * Attachment.defaultFrequency) * speed
        let held = motion.item.point(atOffset: gripOffset)
        #expect(isClose(held, grip + Vector(300 - lag, 0), 1), "\(held)")
    }

    @Test mutating func flickedAwayItLeavesAtLeastAtTheFingersSpeedAndKeepsSpinning() {
        _ = dragSideways(frames: 24)
        let spin = motion.item.angularVelocity
        #expect(spin > 0.3)
        // 300 px in 0.4 s: the finger lifts at 750 px/s. The turning card's centre was moving slower than the
        // grip; it now goes at the finger's speed, plus the seed's push of a tenth of it.
        let finger = Vector(750, 0)
        motion.release(velocity: finger, travel: Vector(300, 0))
        #expect(isClose(motion.item.velocity.x, 750 * (1 + PhotoFlick.pushShare), 1e-9))
        #expect(motion.item.angularVelocity == spin)
        var angle = motion.item.angle
        for _ in 0..<3 {
            time += Self.frame
            _ = motion.advance(to: time)
            #expect(motion.item.velocity.dot(finger.normalized) >= finger.length * (1 + PhotoFlick.pushShare))
            #expect(motion.item.angularVelocity == spin)
            #expect(motion.item.angle > angle)
            angle = motion.item.angle
        }
        var left = false
        for _ in 0..<120 where !left {
            time += Self.frame
            left = motion.advance(to: time)
        }
        #expect(left)
    }

    @Test mutating func aCardFasterThanTheFingerKeepsItsOwnSpeed() {
        _ = dragSideways(frames: 24)
        let own = motion.item.velocity
        // The finger slowed before lifting: still a flick, but slower than the card.
        let finger = Vector(450, 0)
        #expect(own.x > finger.x)
        motion.release(velocity: finger, travel: Vector(300, 0))
        #expect(isClose(motion.item.velocity, own + finger * PhotoFlick.pushShare, 1e-9))
    }

    @Test mutating func heldStillAfterTheSwingItComesToRest() {
        _ = dragSideways(frames: 24)
        var frames = 0
        while !motion.isSettled && frames < 300 {
            runFrames(1)
            frames += 1
        }
        // Within a second and a half, still turned: it lies as the drag left it under the finger.
        #expect(frames <= 90 && motion.isSettled, "still moving after \(frames) frames")
        #expect(motion.item.angle * 180 / .pi > 15)
        #expect((motion.item.point(atOffset: gripOffset) - (grip + Vector(300, 0))).length < 1)
    }

    @Test mutating func letGoGentlyItSnapsHomeUpright() {
        _ = dragSideways(frames: 24)
        runFrames(30)
        motion.release(velocity: .zero, travel: Vector(300, 0))
        var frames = 0
        while !motion.isSettled && frames < 300 {
            runFrames(1)
            frames += 1
        }
        #expect(motion.isSettled)
        #expect(motion.item == Self.home)
    }
}

private func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }
private func isClose(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool { a.distance(to: b) <= tolerance }
private func isClose(_ a: Vector, _ b: Vector, _ tolerance: Double) -> Bool { (a - b).length <= tolerance }
