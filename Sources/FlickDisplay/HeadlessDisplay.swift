import FlickRaster

/// Seconds on a virtual clock, shared by a headless display, a scripted input source and the run loop's waiter:
/// nothing moves it but the loop, so the same script gives the same frames on every run.
public final class VirtualClock {
    public private(set) var now: Double = 0

    public init() {}

    /// Moves the clock to `time`; it never runs backwards.
    public func advance(to time: Double) { if time > now { now = time } }
}

/// A display in memory on a virtual clock: a frame presented is on screen at that instant (drawing takes no
/// virtual time), reported as a flip the way a DRM display reports its vblanks, so headless runs go through the
/// same flip handling as a board.
public final class HeadlessDisplay: VSyncDisplay, BlankableDisplay {
    public let width: Int
    public let height: Int
    public let physicalSize: PhysicalSize?
    public let frameInterval: Double
    public let clock: VirtualClock
    public private(set) var framesPresented = 0
    public private(set) var lastDamage: [PixelRect] = []
    /// The single buffer: what is "on screen" after `present`.
    public let surface: Surface
    /// The time the presented frame reaches the screen, until its flip is handled.
    public private(set) var pendingFlip: Double?
    /// Suspended (no frames), as a DRM display is while another VT has the screen.
    public private(set) var isSuspended = false

    public init(width: Int, height: Int, physicalSize: PhysicalSize? = nil, refreshHz: Double = 60,
                clock: VirtualClock = VirtualClock()) {
        precondition(width > 0 && height > 0 && refreshHz > 0)
        self.width = width
        self.height = height
        self.physicalSize = physicalSize
        self.clock = clock
        frameInterval = 1 / refreshHz
        surface = Surface(width: width, height: height)
    }

    /// Blanked, the screen is black, as a panel with DPMS off shows; the next frame is drawn whole.
    public private(set) var isBlanked = false
    private var lostContents = false

    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        defer { lostContents = false }
        return (surface, framesPresented == 0 || lostContents ? 0 : 1)
    }

    public func setBlanked(_ blanked: Bool) throws {
        isBlanked = blanked
        if blanked {
            surface.clear(to: 0xFF00_0000)
            lostContents = true
        }
    }

    @discardableResult
    public func present(damage: [PixelRect]) throws -> Microseconds {
        lastDamage = damage
        framesPresented += 1
        pendingFlip = clock.now
        return Microseconds((clock.now * 1e6).rounded())
    }

    public var fileDescriptor: Int32 { -1 }
    public var isFlipPending: Bool { pendingFlip != nil }

    public func handleEvents() throws -> [PageFlip] {
        guard let time = pendingFlip, time <= clock.now else { return [] }
        pendingFlip = nil
        return [PageFlip(sequence: UInt32(truncatingIfNeeded: framesPresented), timestamp: Microseconds((time * 1e6).rounded()),
                         userData: 0, seconds: time)]
    }

    public func suspend() throws { isSuspended = true }
    public func resume() throws { isSuspended = false }
}
