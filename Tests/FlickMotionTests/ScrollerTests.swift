import FlickMotion
import Testing

/// The one scroller model under the list, the to-do list and the pages' overscroll, driven by hand: no views,
/// no fonts, time given as seconds since release.
@Suite struct ScrollerTests {
    /// 900 px of content to scroll through in a 100 px view.
    private let list = Scroller(bounds: 0...900, dimension: 100)

    @Test func followsTheFingerOneToOneInsideItsBounds() {
        var scroller = list
        scroller.drag(to: 400)
        #expect(scroller.offset == 400)
        #expect(scroller.fingerOffset == 400)
        #expect(scroller.shownVelocity(-1000) == -1000)
    }

    @Test func resistsPastAnEndAsUIScrollViewDoesAndNeverShowsTheWholeView() {
        var scroller = list
        scroller.drag(to: -100)
        // (1 − 1 / (x·c / d + 1))·d with x = 100, c = 0.55, d = 100.
        #expect(abs(scroller.offset - -(1 - 1 / 1.55) * 100) < 1e-9)
        scroller.drag(to: -100_000)
        #expect(scroller.offset > -100)
        scroller.drag(to: 950)
        #expect(scroller.offset > 900 && scroller.offset < 950)
    }

    @Test func aFingerCatchingTheBandCarriesOnFromWhereItShows() {
        var scroller = list
        scroller.drag(to: -80)
        let shown = scroller.offset
        #expect(abs(scroller.fingerOffset - -80) < 1e-9)
        scroller.drag(to: scroller.fingerOffset)
        #expect(abs(scroller.offset - shown) < 1e-9)
    }

    @Test func theBandShowsLessOfTheFingersSpeedTheFurtherItIsPulled() {
        var scroller = list
        scroller.drag(to: -1)
        let near = scroller.shownVelocity(1000)
        scroller.drag(to: -200)
        let far = scroller.shownVelocity(1000)
        #expect(abs(near - 550) < 10)
        #expect(far < near && far > 0)
    }

    @Test func atRestInsideALiftDoesNothing() {
        var scroller = list
        scroller.drag(to: 300)
        #expect(scroller.release(velocity: 0) == nil)
    }

    @Test func aReleaseCoastsOnAndComesToRestInside() throws {
        var scroller = list
        scroller.drag(to: 300)
        let coast = try #require(scroller.release(velocity: 1000))
        var last = 300.0
        for frame in 1...300 {
            let value = coast.value(at: Double(frame) / 60)
            #expect(value >= last)
            last = value
        }
        // UIScrollView's normal rate coasts about v / 2 px for v px/s.
        #expect(abs(last - (300 + 1000 / 2.002)) < 1)
        #expect(coast.bounceTime == nil)
    }

    @Test func aFlingIntoAnEndCoastsPastItAndSpringsBack() throws {
        var scroller = list
        scroller.drag(to: 850)
        let coast = try #require(scroller.release(velocity: 2000))
        let samples = (0...240).map { coast.value(at: Double($0) / 60) }
        #expect(samples.max()! > 900)
        #expect(coast.isComplete(at: 4))
        #expect(abs(coast.value(at: 4) - 900) < SettlingThreshold.pixels.position)
    }

    @Test func rubberBandedContentSpringsBackToTheEndAtTheSpeedItShows() throws {
        var scroller = list
        scroller.drag(to: -60)
        let back = try #require(scroller.release(velocity: 0))
        #expect(back.bounceTime == 0)
        #expect(back.value(at: 0) == scroller.offset)
        #expect(abs(back.value(at: 3)) < SettlingThreshold.pixels.position)
        scroller.offset = back.value(at: 3)
        #expect(scroller.clampedOffset == 0)
    }

    @Test func aWiderDragRangeFollowsOneToOneAndStillRestsInsideTheBounds() throws {
        // The to-do list's pull: a row's height above the first row follows the finger.
        var scroller = Scroller(bounds: 0...500, dragBounds: -60...500, dimension: 400)
        scroller.drag(to: -60)
        #expect(scroller.offset == -60)
        scroller.drag(to: -70)
        #expect(scroller.offset < -60 && scroller.offset > -70)
        let back = try #require(scroller.release(velocity: 0))
        #expect(abs(back.value(at: 3)) < SettlingThreshold.pixels.position)
    }

    @Test func unboundedSidesNeverResist() {
        // The pages with a neighbour to the right (negative offsets) and none to the left.
        var scroller = Scroller(bounds: -Double.infinity...0, dimension: 320)
        scroller.drag(to: -200)
        #expect(scroller.offset == -200)
        scroller.drag(to: 100)
        #expect(scroller.offset > 0 && scroller.offset < 100)
        #expect(abs(scroller.fingerOffset - 100) < 1e-9)
    }
}
