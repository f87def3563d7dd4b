import FlickMotion
import Testing

@Suite struct DecayTests {
    @Test func coastsToUIScrollViewsProjection() {
        // WWDC18 "Designing Fluid Interfaces": projection = v / 1000 · d / (1 − d) ≈ v · 0.499 s at d = 0.998.
        let decay = Decay(from: 100, velocity: 1000)
        let projection: Double = 100 + 0.998 / (1 - 0.998)
        #expect(isClose(decay.projectedRest, projection, 0.5))
        #expect(isClose(decay.value(at: decay.duration), decay.projectedRest, Decay.pixelStopSpeed))
        // Each millisecond keeps 0.998 of the speed.
        #expect(isClose(decay.velocity(at: 0.001), 998, 1e-9))
    }

    @Test func velocityIsTheSlopeOfTheValue() {
        let decay = Decay(from: -40, velocity: -2500)
        for t in stride(from: 0.25, through: 2, by: 0.25) {
            let slope = (decay.value(at: t + 1e-6) - decay.value(at: t - 1e-6)) / 2e-6
            #expect(isClose(slope, decay.velocity(at: t), 1e-3), "at \(t)")
        }
    }

    @Test func completesWhenSlowerThanTheStopSpeedAndStaysPut() {
        let decay = Decay(from: 0, velocity: 800)
        let end = decay.endTime!
        #expect(isClose(decay.velocity(at: end - 1e-6), Decay.pixelStopSpeed, 1e-3))
        #expect(!decay.isComplete(at: end - 0.01) && decay.isComplete(at: end))
        #expect(decay.value(at: end + 5) == decay.value(at: end))
        #expect(decay.velocity(at: end + 5) == 0)
        #expect(Decay(from: 3, velocity: 0.5).isComplete(at: 0))
    }

    @Test func aCoastWithinTheBoundsIsAPlainDecay() {
        let bounded = BoundedDecay(from: 0, velocity: 300, bounds: 0...1000)
        let decay = Decay(from: 0, velocity: 300)
        #expect(bounded.bounceTime == nil)
        #expect(bounded.endTime == decay.endTime)
        for t in [0.1, 0.5, 2.0] { #expect(bounded.value(at: t) == decay.value(at: t)) }
    }

    @Test func aCoastPastTheEndSpringsBackWithoutAJump() throws {
        let bounded = BoundedDecay(from: 0, velocity: 2000, bounds: 0...200)
        let hit = try #require(bounded.bounceTime)
        // It reaches the end by coasting, at the speed the coast has there.
        #expect(isClose(bounded.value(at: hit), 200, 1e-9))
        #expect(isClose(bounded.value(at: hit - 1e-6), 200, 0.01))
        #expect(isClose(bounded.velocity(at: hit - 1e-6), bounded.velocity(at: hit), 0.1))
        let peak = stride(from: hit, through: hit + 1, by: 1.0 / 240).map(bounded.value(at:)).max() ?? 0
        #expect(peak > 210 && peak < 300)
        #expect(bounded.rest == 200)
        #expect(bounded.endTime == nil)
        #expect(!bounded.isComplete(at: hit + 0.05))
        #expect(bounded.isComplete(at: hit + 1.5))
        #expect(isClose(bounded.value(at: hit + 1.5), 200, SettlingThreshold.pixels.position))
    }

    @Test func aFlingOutwardFromTheEndBouncesAtOnce() {
        let bounded = BoundedDecay(from: 0, velocity: -600, bounds: 0...0)
        #expect(bounded.bounceTime == 0)
        #expect(bounded.value(at: 0.05) < -10)
        #expect(bounded.isComplete(at: 2))
        #expect(isClose(bounded.value(at: 2), 0, SettlingThreshold.pixels.position))
    }

    @Test func releasedPastTheEndSpringsToTheNearerEnd() {
        let above = BoundedDecay(from: -30, velocity: 0, bounds: 0...500)
        let below = BoundedDecay(from: 530, velocity: 100, bounds: 0...500)
        #expect(above.bounceTime == 0 && above.rest == 0)
        #expect(below.rest == 500)
        #expect(isClose(below.velocity(at: 0), 100, 1e-9))
        // Critically damped: back without crossing to the other side of the end.
        let path = stride(from: 0.0, through: 1.5, by: 1.0 / 240)
        #expect(path.allSatisfy { above.value(at: $0) <= 1e-9 })
        #expect(path.allSatisfy { below.value(at: $0) >= 500 - 1e-9 })
    }
}
