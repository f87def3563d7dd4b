import FlickRaster
import Testing
import FlickDisplay
@testable import FlickDRM

private let screen = PixelRect(x: 0, y: 0, width: 100, height: 50)

@Test func theBufferOnScreenOrQueuedIsNeverHandedOut() {
    var ring = ScanoutBuffers(count: 2, bounds: screen)
    #expect(ring.free == 0)
    _ = ring.regionsToCopy(into: 0, damage: [screen])
    ring.shown(0)
    #expect(ring.free == 1)
    _ = ring.regionsToCopy(into: 1, damage: [])
    ring.queued(1)
    #expect(ring.free == nil)
    ring.flipCompleted()
    #expect(ring.onScreen == 1 && ring.pending == nil && ring.free == 0)
}

@Test func aBufferCatchesUpWithEveryFrameItMissed() {
    var ring = ScanoutBuffers(count: 2, bounds: screen)
    // Each buffer starts stale everywhere: its first use copies the whole screen.
    #expect(ring.regionsToCopy(into: 0, damage: []) == [screen])
    #expect(ring.regionsToCopy(into: 1, damage: [PixelRect(x: 0, y: 0, width: 10, height: 10)]) == [screen])
    // Buffer 0 missed frame 2's damage: it copies that and frame 3's, nothing else.
    let third = PixelRect(x: 50, y: 20, width: 5, height: 5)
    #expect(ring.regionsToCopy(into: 0, damage: [third]) == [PixelRect(x: 0, y: 0, width: 10, height: 10), third])
    // Buffer 1 missed only frame 3.
    #expect(ring.regionsToCopy(into: 1, damage: []) == [third])
    #expect(ring.regionsToCopy(into: 0, damage: []) == [])
}

@Test func tripleBufferingLeavesAThirdBufferFreeWhileAFlipIsQueued() {
    var ring = ScanoutBuffers(count: 3, bounds: screen)
    ring.shown(0)
    ring.queued(1)
    #expect(ring.free == 2)
}

@Test func overlappingDamageIsCopiedOnce() {
    let merged = PixelRect.merged([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10),
                                        PixelRect(x: 40, y: 40, width: 2, height: 2)])
    #expect(merged == [PixelRect(x: 0, y: 0, width: 15, height: 15), PixelRect(x: 40, y: 40, width: 2, height: 2)])
}

@Test func aHeadlessFrameIsShownAtItsVirtualTimeAndReportedAsAFlip() throws {
    let clock = VirtualClock()
    let display = HeadlessDisplay(width: 8, height: 8, refreshHz: 50, clock: clock)
    #expect(display.frameInterval == 0.02)
    #expect(try display.nextBuffer().age == 0)
    clock.advance(to: 0.04)
    #expect(try display.present(damage: []) == 0.04)
    #expect(display.isFlipPending)
    let flips = try display.handleEvents()
    #expect(flips.map(\.seconds) == [0.04] && !display.isFlipPending)
    #expect(try display.handleEvents().isEmpty)
    #expect(try display.nextBuffer().age == 1)
}

/// Damage reaches the kernel in panel coordinates, clipped to the frame, overlaps merged, few rectangles.
@Test func damageClipsAreClippedMergedAndTurnedForThePanel() {
    let damage = [PixelRect(x: -10, y: 5, width: 30, height: 10), PixelRect(x: 10, y: 10, width: 10, height: 10),
                  PixelRect(x: 90, y: 50, width: 40, height: 40), PixelRect(x: 200, y: 0, width: 5, height: 5)]
    #expect(DamageClips.panelRects(damage, rotation: .none, logicalWidth: 100, logicalHeight: 60)
            == [PixelRect(x: 0, y: 5, width: 20, height: 15), PixelRect(x: 90, y: 50, width: 10, height: 10)])
    // Turned 90° clockwise, a 100x60 frame is a 60x100 panel: the logical top-left is the panel's top-right.
    #expect(DamageClips.panelRects([PixelRect(x: 0, y: 0, width: 10, height: 5)], rotation: .clockwise90,
                                   logicalWidth: 100, logicalHeight: 60) == [PixelRect(x: 55, y: 0, width: 5, height: 10)])
    let many = (0..<40).map { PixelRect(x: $0 * 2, y: 0, width: 1, height: 1) }
    #expect(DamageClips.panelRects(many, rotation: .none, logicalWidth: 100, logicalHeight: 60, limit: 16)
            == [PixelRect(x: 0, y: 0, width: 79, height: 1)])
}
