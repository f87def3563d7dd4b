@testable import FlickKiosk
import Testing

/// When neighbours become layers and when layers go: decided without views, fonts or a headless run.
@Suite struct PageLayerPolicyTests {
    @Test func anIdleScreenRendersOneNeighbourPerWakeAndOnlyWhileNothingMoves() {
        var policy = PageLayerPolicy(unprepared: ["b", "c"])
        #expect(policy.hasIdleWork)
        #expect(policy.idleWork(neighbours: ["b", "c"], currentIsModal: false, isBusy: true) { _ in false } == nil)
        #expect(policy.idleWork(neighbours: ["b", "c"], currentIsModal: false, isBusy: false) { _ in false } == .render("b"))
        #expect(policy.idleWork(neighbours: ["b", "c"], currentIsModal: false, isBusy: false) { _ in false } == .render("c"))
        #expect(!policy.hasIdleWork)
        #expect(policy.idleWork(neighbours: ["b", "c"], currentIsModal: false, isBusy: false) { _ in false } == nil)
    }

    @Test func aModalPageTakesItsNeighboursLayersAndTheyComeBackAfter() {
        var policy = PageLayerPolicy(unprepared: [])
        let work = policy.idleWork(neighbours: ["b", "c"], currentIsModal: true, isBusy: false) { $0 == "c" }
        #expect(work == .letGo(["c"]))
        #expect(policy.unprepared == ["b", "c"])
        // Nothing more to let go while it stays modal, and nothing rendered.
        #expect(policy.idleWork(neighbours: ["b", "c"], currentIsModal: true, isBusy: false) { _ in false } == nil)
    }

    @Test func aTouchRendersEveryNeighbourAtOnceAndTheCurrentPageOnlyWhenPagesMove() {
        var policy = PageLayerPolicy(unprepared: ["b", "c"])
        #expect(policy.layersForTouch(current: "a", neighbours: ["b", "c"], pagesMoving: false) == ["b", "c"])
        #expect(!policy.hasIdleWork)
        #expect(policy.layersForTouch(current: "a", neighbours: ["b"], pagesMoving: true) == ["b", "a"])
    }

    @Test func atRestPagesFarAwayLetGoAndTheCurrentKeepsItsOwnChoice() {
        var policy = PageLayerPolicy(unprepared: [])
        policy.restsRasterized = ["a", "d"]
        let rests = policy.rest(current: "a", neighbours: ["b"], pages: ["a", "b", "c", "d"])
        #expect(rests["b"] == nil)
        #expect(rests["a"] == .init(discardsCaches: false, rasterizes: true))
        #expect(rests["c"] == .init(discardsCaches: true, rasterizes: false))
        #expect(rests["d"] == .init(discardsCaches: true, rasterizes: true))
        #expect(policy.unprepared == ["b"])
    }
}
