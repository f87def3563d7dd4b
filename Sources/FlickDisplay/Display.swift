import FlickRaster

/// A screen's physical size, for converting gesture thresholds from millimetres to pixels.
public struct PhysicalSize: Hashable, Sendable {
    public var widthMillimetres: Double
    public var heightMillimetres: Double

    public init(widthMillimetres: Double, heightMillimetres: Double) {
        self.widthMillimetres = widthMillimetres; self.heightMillimetres = heightMillimetres
    }
}

/// Microseconds on the display's clock (CLOCK_MONOTONIC for DRM, virtual when headless).
public typealias Microseconds = Int64

/// Where frames go: `DRMDisplay` (KMS), `FBDisplay` (a framebuffer device), `HeadlessDisplay` (memory, virtual clock).
public protocol Display: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Seconds between the vblanks frames are paced to.
    var frameInterval: Double { get }
    /// nil when the display does not report it; gestures then use a configured DPI.
    var physicalSize: PhysicalSize? { get }
    /// The buffer to draw the next frame into, and how many frames old its contents are
    /// (0 = undefined: redraw everything).
    func nextBuffer() throws -> (surface: Surface, age: Int)
    /// Shows the buffer from `nextBuffer()`; `damage` lists what changed since the previous frame.
    /// Returns the time the frame is (or will be) on screen.
    @discardableResult
    func present(damage: [PixelRect]) throws -> Microseconds
}

extension Display {
    /// Pixels per millimetre, from the physical size or `fallbackDPI`.
    public func pixelsPerMillimetre(fallbackDPI: Double = 160) -> Double {
        if let mm = physicalSize, mm.widthMillimetres > 0 { return Double(width) / mm.widthMillimetres }
        return fallbackDPI / 25.4
    }
}

/// A display whose frames reach the screen on vblank, reported through a file descriptor: the run loop
/// polls it and takes each flip's timestamp as the clock.
public protocol VSyncDisplay: Display {
    var fileDescriptor: Int32 { get }
    /// Reads what the fd says; each flip completed frees a buffer.
    func handleEvents() throws -> [PageFlip]
    /// A frame was handed over and is not on screen yet: drawing another now would only queue behind it.
    var isFlipPending: Bool { get }
    /// Gives the display up (another VT is being shown): no drawing until `resume`.
    func suspend() throws
    /// Takes the display back; the next frame sets the mode again and must be drawn whole.
    func resume() throws
}

/// A display that can turn its panel off and on again (DPMS, FBIOBLANK) without losing what it shows.
public protocol BlankableDisplay: Display {
    func setBlanked(_ blanked: Bool) throws
}

/// A display whose panel can be unplugged and plugged back while Flick runs (HDMI, DisplayPort, a monitor
/// switched off).
public protocol HotplugDisplay: Display {
    /// Readable when the kernel reports a connector change; -1 when changes cannot be watched.
    var hotplugFileDescriptor: Int32 { get }
    /// Reads the reports and looks at the connector: what changed, or nil.
    func handleHotplug() throws -> DisplayChange?
}

public enum DisplayChange: Equatable, Sendable {
    case disconnected
    /// Back, `width`×`height` as drawn (after rotation); the next frame is drawn whole.
    case reconnected(width: Int, height: Int)
}
