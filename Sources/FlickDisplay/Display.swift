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

/// Where frames go: `DRMDisplay` (KMS), `FBDisplay` (a framebuffer device), ``HeadlessDisplay`` (memory, virtual clock).
///
/// The frame loop (FlickUI's `FrameLoop`) owns the display it is given and calls it on its own thread only: it asks
/// for ``nextBuffer()``, draws the damaged regions into it and hands it back with ``present(damage:)``.
///
/// What not every display can do is part of the protocol too, with defaults for a display that cannot: one that
/// reports its vblanks gives a ``fileDescriptor`` and ``handleEvents()``; one that can turn its panel off,
/// ``setBlanked(_:)``; one whose panel can be unplugged, ``hotplugFileDescriptor`` and ``handleHotplug()``. The loop
/// asks every display the same way and never casts.
public protocol Display: AnyObject {
    /// The frame's width in pixels, as the scene draws it (after any rotation).
    var width: Int { get }
    /// The frame's height in pixels, as the scene draws it (after any rotation).
    var height: Int { get }
    /// The vblanks frames are paced to, in seconds on the display's clock (CLOCK_MONOTONIC on a board, virtual
    /// headless): the loop draws each frame for one of them.
    var vblanks: VBlankGrid { get }
    /// nil when the display does not report it; gestures then use a configured DPI.
    var physicalSize: PhysicalSize? { get }
    /// The buffer to draw the next frame into, and how many frames old its contents are
    /// (0 = undefined: redraw everything). Throws what the device reports (a DRM or framebuffer error).
    func nextBuffer() throws -> (surface: Surface, age: Int)
    /// Shows the buffer from `nextBuffer()`; `damage` lists what changed since the previous frame, in pixels.
    /// Returns the time the frame is (or will be) on screen, in seconds on the display's clock: the vblank on
    /// ``vblanks`` it will be flipped at. Throws what the device reports.
    @discardableResult
    func present(damage: [PixelRect]) throws -> Double

    /// The descriptor the loop polls for flip events; -1 (the default) for a display whose frames are on screen
    /// when presented, or one the loop asks by time instead (headless).
    var fileDescriptor: Int32 { get }
    /// Reads what the fd says, without blocking; each flip completed frees a buffer. Throws what the device reports.
    /// By default there is nothing to read.
    func handleEvents() throws -> [PageFlip]
    /// A frame was handed over and is not on screen yet: drawing another now would only queue behind it. By
    /// default never.
    var isFlipPending: Bool { get }
    /// Gives the display up (another VT is being shown, DRM master dropped): no drawing until `resume`. By default
    /// nothing to give up.
    func suspend() throws
    /// Takes the display back; the next frame sets the mode again and must be drawn whole. Throws when the device
    /// cannot be taken back. By default nothing to take back.
    func resume() throws
    /// Turns the panel off (`true`) or on again (`false`) without losing what it shows (DPMS, FBIOBLANK); FlickUI's
    /// `ScreenPower` calls it on the loop's thread. Throws what the device reports. By default the panel stays on.
    func setBlanked(_ blanked: Bool) throws
    /// Readable when the kernel reports a connector change (HDMI unplugged, a monitor switched off); -1 (the
    /// default) when the panel cannot go away or changes cannot be watched.
    var hotplugFileDescriptor: Int32 { get }
    /// Reads the reports and looks at the connector: what changed, or nil (by default, always nil).
    func handleHotplug() throws -> DisplayChange?
}

extension Display {
    /// Seconds between the vblanks frames are paced to.
    public var frameInterval: Double { vblanks.interval }

    /// Pixels per millimetre, from the physical size or `fallbackDPI` (dots per inch) when the display reports none.
    public func pixelsPerMillimetre(fallbackDPI: Double = 160) -> Double {
        if let mm = physicalSize, mm.widthMillimetres > 0 { return Double(width) / mm.widthMillimetres }
        return fallbackDPI / 25.4
    }

    public var fileDescriptor: Int32 { -1 }
    public func handleEvents() throws -> [PageFlip] { [] }
    public var isFlipPending: Bool { false }
    public func suspend() throws {}
    public func resume() throws {}
    public func setBlanked(_ blanked: Bool) throws {}
    public var hotplugFileDescriptor: Int32 { -1 }
    public func handleHotplug() throws -> DisplayChange? { nil }
}

/// What a display whose panel can be unplugged reports about its connector (``Display/handleHotplug()``).
public enum DisplayChange: Equatable, Sendable {
    /// The panel is gone (unplugged, switched off): nothing is drawn until it is back.
    case disconnected
    /// Back, `width`×`height` as drawn (after rotation); the next frame is drawn whole.
    case reconnected(width: Int, height: Int)
}
