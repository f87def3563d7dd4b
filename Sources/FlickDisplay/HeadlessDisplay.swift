import FlickRaster

/// A display in memory on a virtual clock: a frame presented is on screen at the first vblank at or after that
/// instant, reported as a flip the way a DRM display reports its vblanks, so headless runs go through the same flip
/// handling as a board. Moved straight to what is due, the clock is at the vblank when a frame is drawn (drawing
/// takes no virtual time), so the frame is on screen at once; moved along with real time (a headless run in real
/// time), a frame drawn a refresh ahead, as on a board, is on screen at its vblank.
public final class HeadlessDisplay: Display {
    /// The frame's width in pixels.
    public let width: Int
    /// The frame's height in pixels.
    public let height: Int
    /// The size given at init; nil: gestures use a configured (or the default) density.
    public let physicalSize: PhysicalSize?
    /// Every 1 / the refresh rate given at init, from 0: flips lie on it exactly.
    public let vblanks: VBlankGrid
    /// The clock frames are presented on, shared with the loop's waiter and any scripted input.
    public let clock: VirtualClock
    /// How many frames `present(damage:)` has shown.
    public private(set) var framesPresented = 0
    /// The damage the latest frame was presented with, in pixels.
    public private(set) var lastDamage: [PixelRect] = []
    /// The single buffer: what is "on screen" after `present`.
    public let surface: Surface
    /// The time the presented frame reaches the screen, until its flip is handled.
    public private(set) var pendingFlip: Double?
    /// Suspended (no frames), as a DRM display is while another VT has the screen.
    public private(set) var isSuspended = false

    /// A `width`×`height`-pixel display refreshing `refreshHz` times a second on `clock`; all three must be positive.
    public init(width: Int, height: Int, physicalSize: PhysicalSize? = nil, refreshHz: Double = 60,
                clock: VirtualClock = VirtualClock()) {
        precondition(width > 0 && height > 0 && refreshHz > 0)
        self.width = width
        self.height = height
        self.physicalSize = physicalSize
        self.clock = clock
        vblanks = VBlankGrid(interval: 1 / refreshHz)
        surface = Surface(width: width, height: height)
    }

    /// Blanked, the screen is black, as a panel with DPMS off shows; the next frame is drawn whole.
    public private(set) var isBlanked = false
    private var lostContents = false

    /// The single buffer, with age 1 (it holds the previous frame), or 0 before the first frame and after blanking.
    /// Never throws.
    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        defer { lostContents = false }
        return (surface, framesPresented == 0 || lostContents ? 0 : 1)
    }

    /// Blanking clears the screen to black; the next frame is then drawn whole. Never throws.
    public func setBlanked(_ blanked: Bool) throws {
        isBlanked = blanked
        if blanked {
            surface.clear(to: 0xFF00_0000)
            lostContents = true
        }
    }

    /// Counts the frame and keeps its damage: it is on screen at the first vblank at or after the clock's time, and
    /// its flip is pending until `handleEvents()` reads it once the clock is there. Returns that vblank. Never throws.
    @discardableResult
    public func present(damage: [PixelRect]) throws -> Double {
        lastDamage = damage
        framesPresented += 1
        let shown = vblanks.vblank(atOrAfter: clock.now)
        pendingFlip = shown
        return shown
    }

    /// -1: there is nothing to poll; the loop's waiter takes `pendingFlip` as a deadline instead.
    public var fileDescriptor: Int32 { -1 }
    /// A frame was presented and its flip not yet read.
    public var isFlipPending: Bool { pendingFlip != nil }

    /// The pending flip, once the clock has reached it; else nothing. Never throws.
    public func handleEvents() throws -> [PageFlip] {
        guard let time = pendingFlip, time <= clock.now else { return [] }
        pendingFlip = nil
        return [PageFlip(sequence: UInt32(truncatingIfNeeded: framesPresented), timestamp: Microseconds(seconds: time),
                         userData: 0, seconds: time)]
    }

    /// Marks the display suspended, as a DRM display is while another VT has the screen. Never throws.
    public func suspend() throws { isSuspended = true }
    /// Ends `suspend()`. Never throws.
    public func resume() throws { isSuspended = false }
}
