import FlickFiles
import FlickDisplay
import FlickRaster
import Glibc
import SystemPackage

public struct DRMConfiguration: Sendable, Equatable {
    /// `/dev/dri/cardN`; nil: the first card with a connected connector.
    public var card: String?
    /// `HDMI-A-1`, `DSI-1`, `Virtual-1`…; nil: the first connected.
    public var connector: String?
    public var mode: ModeRequest?
    /// Scan-out buffers: 2 (double) or 3 (triple buffering).
    public var bufferCount: Int
    public var rotation: Rotation
    /// The panel's real refresh in Hz when its mode reports a wrong one (`RefreshPacing`).
    public var refresh: Double?
    /// The scan-out format; nil: the first of `ScanoutFormat.preference` the primary plane takes.
    public var format: ScanoutFormat?
    /// Atomic flips with damage clips where the driver has them (false: legacy flips always).
    public var atomic: Bool

    public init(card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil, bufferCount: Int = 2,
                rotation: Rotation = .none, refresh: Double? = nil, format: ScanoutFormat? = nil, atomic: Bool = true) {
        self.card = card; self.connector = connector; self.mode = mode
        self.bufferCount = min(3, max(2, bufferCount)); self.rotation = rotation; self.refresh = refresh
        self.format = format; self.atomic = atomic
    }
}

/// A DRM/KMS display. Frames are drawn into a shadow surface in ordinary cached memory (reading back
/// from scan-out memory is slow on many boards: it is often write-combined), then only what changed
/// since a scan-out buffer was last updated is copied into it — turned for the panel's rotation — and
/// the buffer is page-flipped on vblank. The buffer on screen, or queued for it, is never written.
public final class DRMDisplay: Display {
    public let device: DRMDevice
    public private(set) var output: OutputChoice
    public let rotation: Rotation
    public var width: Int { frame.shadow.width }
    public var height: Int { frame.shadow.height }
    public var physicalSize: PhysicalSize? {
        guard let mm = output.connector.physicalSize else { return nil }
        return rotation.swapsAxes ? PhysicalSize(widthMillimetres: mm.heightMillimetres, heightMillimetres: mm.widthMillimetres) : mm
    }
    public var refreshInterval: Microseconds { pacing.interval }
    /// How frames are paced, with a line to log when the mode's refresh is not believed.
    public private(set) var pacing: RefreshPacing
    /// The vblanks on CLOCK_MONOTONIC at the paced interval, moved onto each flip read (a panel's real refresh
    /// drifts from its mode's).
    public private(set) var vblanks: VBlankGrid

    private var frame: ModeBuffers
    private var shadow: Surface { frame.shadow }
    private var buffers: [DumbBuffer] { frame.buffers }
    private var scanout: [ScanoutCopy] { frame.scanout }
    public let format: ScanoutFormat
    private var ring: ScanoutBuffers
    private let config: DRMConfiguration
    private let hotplug = UdevMonitor(subsystem: "drm")
    private var connected = true
    private var pageFlipWorks = true
    /// Flips as atomic commits carrying damage clips; nil: legacy page flips (the driver has no atomic support,
    /// or refused a commit).
    private var atomic: DRMDevice.AtomicPlane?
    /// Told once, in one line, when the display changes how it presents (page flips refused: drawing in place).
    public var onNotice: (String) -> Void = { _ in }
    private var modeSet = false
    private let saved: SavedCRTC?
    private var framesPresented = 0

    /// Opens the configured card (or the first with a connected connector), chooses output and mode,
    /// and allocates the buffers. Nothing is shown until the first `present`.
    public static func open(_ config: DRMConfiguration = DRMConfiguration()) throws -> DRMDisplay {
        if let card = config.card { return try DRMDisplay(device: DRMDevice.open(card), config: config) }
        let cards = DRMDevice.cardPaths()
        guard !cards.isEmpty else { throw DRMError(device: "/dev/dri", .noDevice(searched: "/dev/dri/card*")) }
        var firstError: Error?
        for card in cards {
            do { return try DRMDisplay(device: DRMDevice.open(card), config: config) } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError!
    }

    public init(device: DRMDevice, config: DRMConfiguration) throws {
        self.device = device
        let resources = try device.resources()
        let connectors = try resources.connectors.map(device.connector)
        let encoders = try resources.encoders.map(device.encoder)
        output = try OutputChoice.choose(device: device.path, connectors: connectors, encoders: encoders,
                                         crtcs: resources.crtcs, connectorName: config.connector, mode: config.mode)
        guard device.supportsDumbBuffers else {
            throw DRMError(device: device.path, .call("DRM_CAP_DUMB_BUFFER (driver has no dumb buffers)", errno: .notSupported))
        }
        let crtcIndex = resources.crtcs.firstIndex(of: output.crtc) ?? 0
        let offered = device.primaryFormats(crtcIndex: crtcIndex)
        guard let format = ScanoutFormat.choose(offered: offered, requested: config.format) else {
            throw DRMError(device: device.path, .noFormat(requested: config.format?.rawValue,
                                                          offered: offered.map(ScanoutFormat.name(ofFourcc:))))
        }
        self.format = format
        self.config = config
        rotation = config.rotation
        pacing = RefreshPacing(mode: output.mode, configured: config.refresh)
        vblanks = VBlankGrid(origin: MonotonicClock().now, interval: pacing.interval.seconds)
        frame = try ModeBuffers(device: device, mode: output.mode, format: format, rotation: rotation, count: config.bufferCount)
        ring = ScanoutBuffers(count: frame.buffers.count, bounds: frame.shadow.bounds)
        saved = device.saveCRTC(output.crtc)
        atomic = config.atomic ? device.atomicPlane(crtcIndex: crtcIndex) : nil
    }

    /// How frames reach the panel, for the start line: atomic or legacy flips (with or without damage clips), or
    /// drawing in place with DirtyFB; and the buffers.
    public var presentation: String {
        let how = if !pageFlipWorks { "drawing in place with DirtyFB damage" }
            else if let atomic { atomic.damageProperty != nil ? "atomic page flips with damage clips" : "atomic page flips (the plane takes no damage clips)" }
            else { "legacy page flips (no damage reaches the driver)" }
        return "\(how), \(buffers.count) buffers"
    }

    deinit { close() }

    /// Puts back what was on the CRTC before (the text console) and frees the buffers. Idempotent.
    public func close() {
        guard !frame.buffers.isEmpty else { return }
        if modeSet, let saved { try? device.restore(saved, connector: output.connector.id) }
        frame.release(device)
    }

    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        (shadow, framesPresented == 0 ? 0 : 1)
    }

    /// Returns the first vblank after now: the one the flip just queued is shown at.
    @discardableResult
    public func present(damage: [PixelRect]) throws -> Double {
        let damage = damage.map { $0.intersection(shadow.bounds) }.filter { !$0.isEmpty }
        let target = try backBuffer()
        for rect in ring.regionsToCopy(into: target, damage: damage) {
            scanout[target].copy(from: shadow, area: rect, rotation: rotation)
        }
        try show(target, damage: damage)
        framesPresented += 1
        return vblanks.vblank(after: MonotonicClock().now)
    }

    public func suspend() throws {
        try finishPendingFlip()
        try device.dropMaster()
    }

    public func resume() throws {
        try device.becomeMaster()
        // The other VT may have changed the mode and drawn over everything.
        startOver()
    }

    /// A queued flip still completes: let it (up to 100 ms), so no event arrives later for a buffer this display
    /// no longer shows — another VT has the card, or the panel is off.
    private func finishPendingFlip() throws {
        guard ring.pending != nil else { return }
        var pfd = pollfd(fd: device.fd.rawValue, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 100) > 0 { try handleEvents() }
    }

    /// Nothing on the panel can be trusted: the next frame sets the mode again and fills every buffer.
    private func startOver() {
        modeSet = false
        ring = ScanoutBuffers(count: frame.buffers.count, bounds: frame.shadow.bounds)
    }

    /// Handles the DRM fd becoming readable: flips that completed free their buffers.
    @discardableResult
    public func handleEvents() throws -> [PageFlip] {
        let flips = try device.readEvents()
        for flip in flips {
            vblanks.align(toFlipAt: flip.seconds)
            ring.flipCompleted()
        }
        return flips
    }

    /// DPMS off and on. A flip still pending completes first, so no event arrives for a buffer the off panel holds.
    public func setBlanked(_ blanked: Bool) throws {
        if blanked { try finishPendingFlip() }
        try device.setDPMS(connector: output.connector.id, on: !blanked)
    }

    public var fileDescriptor: Int32 { device.fd.rawValue }
    public var hotplugFileDescriptor: Int32 { hotplug?.fileDescriptor ?? -1 }

    /// The connector unplugged or back. Back with another preferred (or configured) mode, the buffers are made again
    /// at its size; either way the next frame sets the mode and is drawn whole.
    public func handleHotplug() throws -> DisplayChange? {
        guard hotplug?.drain() == true else { return nil }
        let isConnected = try device.connector(output.connector.id).isConnected
        if connected && !isConnected {
            connected = false
            return .disconnected
        }
        guard !connected && isConnected else { return nil }
        let resources = try device.resources()
        let choice = try OutputChoice.choose(device: device.path, connectors: try resources.connectors.map(device.connector),
                                             encoders: try resources.encoders.map(device.encoder), crtcs: resources.crtcs,
                                             connectorName: output.connector.name, mode: config.mode)
        if choice.mode != output.mode {
            // A flip queued before the unplug may never complete: the old buffers go regardless.
            frame.release(device)
            frame = try ModeBuffers(device: device, mode: choice.mode, format: format, rotation: rotation, count: config.bufferCount)
            pacing = RefreshPacing(mode: choice.mode, configured: config.refresh)
            vblanks = VBlankGrid(origin: MonotonicClock().now, interval: pacing.interval.seconds)
        }
        output = choice
        connected = true
        framesPresented = 0
        startOver()
        return .reconnected(width: width, height: height)
    }
    public var isFlipPending: Bool { ring.pending != nil }

    private func show(_ index: Int, damage: [PixelRect]) throws {
        let fb = buffers[index].framebuffer
        if !modeSet {
            try device.setCRTC(output.crtc, framebuffer: fb, connector: output.connector.id, mode: output.mode)
            modeSet = true
            ring.shown(index)
            return
        }
        let panelDamage = DamageClips.panelRects(damage, rotation: rotation, logicalWidth: width, logicalHeight: height)
        if let atomic, pageFlipWorks {
            do {
                try device.atomicFlip(atomic, framebuffer: fb, damage: panelDamage, userData: UInt64(index))
                ring.queued(index)
                return
            } catch let error as DRMError where Self.refusal(error) != nil {
                self.atomic = nil
                onNotice("\(device.path): the driver refused an atomic flip (\(Self.refusal(error)!)): legacy page flips from now on, without damage clips")
            }
        }
        if pageFlipWorks {
            do {
                try device.pageFlip(crtc: output.crtc, framebuffer: fb, userData: UInt64(index))
                ring.queued(index)
                return
            } catch let error as DRMError where Self.refusal(error) != nil {
                // No page flips (some SPI/MIPI panel drivers): one buffer, updated in place, plus DirtyFB.
                pageFlipWorks = false
                onNotice("\(device.path): the driver refuses page flips (\(Self.refusal(error)!)): drawing in place with DirtyFB, so motion may tear")
                try device.setCRTC(output.crtc, framebuffer: fb, connector: output.connector.id, mode: output.mode)
                ring.shown(index)
            }
        }
        try device.markDirty(framebuffer: fb, rects: panelDamage.map { ($0.x, $0.y, $0.width, $0.height) })
    }

    /// The errno of a call the driver does not support (as opposed to one that failed), else nil.
    private static func refusal(_ error: DRMError) -> Errno? {
        guard case .call(_, let errno) = error.kind, [.invalidArgument, .noFunction, .notSupported].contains(errno) else { return nil }
        return errno
    }

    /// A buffer neither on screen nor queued; waits for the pending flip when both are taken.
    private func backBuffer() throws -> Int {
        if !pageFlipWorks, let onScreen = ring.onScreen { return onScreen }
        for _ in 0..<50 {
            if let free = ring.free { return free }
            var pfd = pollfd(fd: device.fd.rawValue, events: Int16(POLLIN), revents: 0)
            switch SystemCall.retryingOnInterrupt({ poll(&pfd, 1, 100) }) {
            case .success(let ready): if ready > 0 { try handleEvents() }
            case .failure(let code): throw DRMError(device: device.path, .call("poll", errno: code))
            }
        }
        throw DRMError(device: device.path, .call("page flip (no flip event within 5 s)", errno: .timedOut))
    }
}

/// A mode's frame: the shadow surface drawn into, at the size drawn (after rotation), and the scan-out buffers.
private struct ModeBuffers {
    let shadow: Surface
    private(set) var buffers: [DumbBuffer]
    let scanout: [ScanoutCopy]

    init(device: DRMDevice, mode: DisplayMode, format: ScanoutFormat, rotation: Rotation, count: Int) throws {
        let (width, height) = rotation.logicalSize(panelWidth: mode.width, panelHeight: mode.height)
        shadow = Surface(width: width, height: height)
        var created: [DumbBuffer] = []
        do {
            for _ in 0..<count { created.append(try device.createDumbBuffer(width: mode.width, height: mode.height, format: format)) }
        } catch {
            created.forEach(device.destroy)
            throw error
        }
        buffers = created
        scanout = created.map { ScanoutCopy(base: $0.mapping, pitch: $0.pitch, width: $0.width, height: $0.height, format: format) }
    }

    mutating func release(_ device: DRMDevice) {
        buffers.forEach(device.destroy)
        buffers = []
    }
}
