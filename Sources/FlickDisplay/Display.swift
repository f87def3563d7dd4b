import FlickRaster

/// A screen's physical size, for converting gesture thresholds from millimetres to pixels.
public struct PhysicalSize: Hashable, Sendable {
    /// The visible area's width in millimetres (a ``Display``'s is turned with its rotation, as its `width` is).
    public var widthMillimetres: Double
    /// The visible area's height in millimetres.
    public var heightMillimetres: Double

    /// A size in millimetres, as the connector's EDID or the framebuffer reports it.
    public init(widthMillimetres: Double, heightMillimetres: Double) {
        self.widthMillimetres = widthMillimetres; self.heightMillimetres = heightMillimetres
    }
}

/// Microseconds on the display's clock (CLOCK_MONOTONIC for DRM, virtual when headless).
public typealias Microseconds = Int64

/// Where frames go: `DRMDisplay` (KMS), `FBDisplay` (a framebuffer device), ``HeadlessDisplay`` (memory, virtual clock).
///
/// The frame loop (FlickUI's `FrameLoop`) owns the display it is given and calls it on its own thread only: it asks
/// for ``nextBuffer()``, draws the damaged regions into it and hands it back with ``present(damage:)``. A display
/// that reports its vblanks adopts ``VSyncDisplay`` as well; one that can turn its panel off, ``BlankableDisplay``;
/// one whose panel can be unplugged, ``HotplugDisplay``.
public protocol Display: AnyObject {
    /// The frame's width in pixels, as the scene draws it (after any rotation).
    var width: Int { get }
    /// The frame's height in pixels, as the scene draws it (after any rotation).
    var height: Int { get }
    /// Seconds between the vblanks frames are paced to.
    var frameInterval: Double { get }
    /// nil when the display does not report it; gestures then use a configured DPI.
    var physicalSize: PhysicalSize? { get }
    /// The buffer to draw the next frame into, and how many frames old its contents are
    /// (0 = undefined: redraw everything). Throws what the device reports (a DRM or framebuffer error).
    func nextBuffer() throws -> (surface: Surface, age: Int)
    /// Shows the buffer from `nextBuffer()`; `damage` lists what changed since the previous frame, in pixels.
    /// Returns the time the frame is (or will be) on screen, in microseconds on the display's clock. Throws what
    /// the device reports.
    @discardableResult
    func present(damage: [PixelRect]) throws -> Microseconds
}

extension Display {
    /// Pixels per millimetre, from the physical size or `fallbackDPI` (dots per inch) when the display reports none.
    public func pixelsPerMillimetre(fallbackDPI: Double = 160) -> Double {
        if let mm = physicalSize, mm.widthMillimetres > 0 { return Double(width) / mm.widthMillimetres }
        return fallbackDPI / 25.4
    }
}

/// A display whose frames reach the screen on vblank, reported through a file descriptor: the run loop
/// polls it and takes each flip's timestamp as the clock.
public protocol VSyncDisplay: Display {
    /// The descriptor the loop polls for flip events; -1 for a display the loop asks by time instead (headless).
    var fileDescriptor: Int32 { get }
    /// Reads what the fd says, without blocking; each flip completed frees a buffer. Throws what the device reports.
    func handleEvents() throws -> [PageFlip]
    /// A frame was handed over and is not on screen yet: drawing another now would only queue behind it.
    var isFlipPending: Bool { get }
    /// Gives the display up (another VT is being shown, DRM master dropped): no drawing until `resume`.
    func suspend() throws
    /// Takes the display back; the next frame sets the mode again and must be drawn whole. Throws when the device
    /// cannot be taken back.
    func resume() throws
}

/// A display that can turn its panel off and on again (DPMS, FBIOBLANK) without losing what it shows.
public protocol BlankableDisplay: Display {
    /// Turns the panel off (`true`) or on again (`false`); FlickUI's `ScreenPower` calls it on the loop's thread.
    /// Throws what the device reports.
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

/// What a ``HotplugDisplay`` reports about its connector.
public enum DisplayChange: Equatable, Sendable {
    /// The panel is gone (unplugged, switched off): nothing is drawn until it is back.
    case disconnected
    /// Back, `width`×`height` as drawn (after rotation); the next frame is drawn whole.
    case reconnected(width: Int, height: Int)
}
