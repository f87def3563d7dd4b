import FlickRaster

/// A display in memory with a virtual clock: every present advances time by exactly one refresh, so
/// a test or a headless render gets identical frames on every run.
public final class HeadlessDisplay: Display {
    public let width: Int
    public let height: Int
    public let physicalSize: PhysicalSize?
    public let refreshInterval: Microseconds
    public private(set) var now: Microseconds = 0
    public private(set) var framesPresented = 0
    public private(set) var lastDamage: [PixelRect] = []
    /// The single buffer: what is "on screen" after `present`.
    public let surface: Surface

    public init(width: Int, height: Int, physicalSize: PhysicalSize? = nil, refreshHz: Double = 60) {
        precondition(width > 0 && height > 0 && refreshHz > 0)
        self.width = width
        self.height = height
        self.physicalSize = physicalSize
        refreshInterval = Microseconds((1_000_000 / refreshHz).rounded())
        surface = Surface(width: width, height: height)
    }

    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        (surface, framesPresented == 0 ? 0 : 1)
    }

    @discardableResult
    public func present(damage: [PixelRect]) throws -> Microseconds {
        lastDamage = damage
        framesPresented += 1
        now += refreshInterval
        return now
    }
}
