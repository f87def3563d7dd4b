import FlickRaster
import Glibc

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

    public init(card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil, bufferCount: Int = 2,
                rotation: Rotation = .none, refresh: Double? = nil, format: ScanoutFormat? = nil) {
        self.card = card; self.connector = connector; self.mode = mode
        self.bufferCount = min(3, max(2, bufferCount)); self.rotation = rotation; self.refresh = refresh
        self.format = format
    }
}

/// A DRM/KMS display. Frames are drawn into a shadow surface in ordinary cached memory (reading back
/// from scan-out memory is slow on many boards: it is often write-combined), then only what changed
/// since a scan-out buffer was last updated is copied into it — turned for the panel's rotation — and
/// the buffer is page-flipped on vblank. The buffer on screen, or queued for it, is never written.
public final class DRMDisplay: VSyncDisplay, BlankableDisplay {
    public let device: DRMDevice
    public let output: OutputChoice
    public let rotation: Rotation
    public let width: Int
    public let height: Int
    public var physicalSize: PhysicalSize? {
        guard let mm = output.connector.physicalSize else { return nil }
        return rotation.swapsAxes ? PhysicalSize(widthMillimetres: mm.heightMillimetres, heightMillimetres: mm.widthMillimetres) : mm
    }
    public let refreshInterval: Microseconds
    public var frameInterval: Double { Double(refreshInterval) / 1e6 }
    /// How frames are paced, with a line to log when the mode's refresh is not believed.
    public let pacing: RefreshPacing

    private let shadow: Surface
    private var buffers: [DumbBuffer]
    private let scanout: [ScanoutCopy]
    public let format: ScanoutFormat
    private var ring: ScanoutBuffers
    private var pageFlipWorks = true
    /// Told once, in one line, when the display changes how it presents (page flips refused: drawing in place).
    public var onNotice: (String) -> Void = { _ in }
    private var modeSet = false
    private let saved: SavedCRTC?
    private var framesPresented = 0
    /// The timestamp of the latest completed flip: the clock animations run on.
    public private(set) var lastFlip: PageFlip?

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
            throw DRMError(device: device.path, .call("DRM_CAP_DUMB_BUFFER (driver has no dumb buffers)", errno: ENOTSUP))
        }
        let crtcIndex = resources.crtcs.firstIndex(of: output.crtc) ?? 0
        let offered = device.primaryFormats(crtcIndex: crtcIndex)
        guard let format = ScanoutFormat.choose(offered: offered, requested: config.format) else {
            throw DRMError(device: device.path, .noFormat(requested: config.format?.rawValue,
                                                          offered: offered.map(ScanoutFormat.name(ofFourcc:))))
        }
        self.format = format
        rotation = config.rotation
        let mode = output.mode
        (width, height) = rotation.logicalSize(panelWidth: mode.width, panelHeight: mode.height)
        pacing = RefreshPacing(mode: mode, configured: config.refresh)
        refreshInterval = pacing.interval
        shadow = Surface(width: width, height: height)
        var created: [DumbBuffer] = []
        do {
            for _ in 0..<config.bufferCount { created.append(try device.createDumbBuffer(width: mode.width, height: mode.height, format: format)) }
        } catch {
            created.forEach(device.destroy)
            throw error
        }
        buffers = created
        scanout = created.map { ScanoutCopy(base: $0.mapping, pitch: $0.pitch, width: $0.width, height: $0.height, format: format) }
        ring = ScanoutBuffers(count: created.count, bounds: PixelRect(x: 0, y: 0, width: width, height: height))
        saved = device.saveCRTC(output.crtc)
    }

    deinit { close() }

    /// Puts back what was on the CRTC before (the text console) and frees the buffers. Idempotent.
    public func close() {
        guard !buffers.isEmpty else { return }
        if modeSet, let saved { try? device.restore(saved, connector: output.connector.id) }
        buffers.forEach(device.destroy)
        buffers = []
    }

    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        (shadow, framesPresented == 0 ? 0 : 1)
    }

    @discardableResult
    public func present(damage: [PixelRect]) throws -> Microseconds {
        let damage = damage.map { $0.intersection(shadow.bounds) }.filter { !$0.isEmpty }
        let target = try backBuffer()
        for rect in ring.regionsToCopy(into: target, damage: damage) {
            scanout[target].copy(from: shadow, area: rect, rotation: rotation)
        }
        try show(target, damage: damage)
        framesPresented += 1
        return predictedPresentationTime()
    }

    public func suspend() throws {
        // A queued flip still completes; let it, so no event arrives for a buffer we no longer own.
        if ring.pending != nil {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 100) > 0 { try handleEvents() }
        }
        try device.dropMaster()
    }

    public func resume() throws {
        try device.becomeMaster()
        // The other VT may have changed the mode and drawn over everything.
        modeSet = false
        ring = ScanoutBuffers(count: buffers.count, bounds: shadow.bounds)
    }

    /// Handles the DRM fd becoming readable: flips that completed free their buffers.
    @discardableResult
    public func handleEvents() throws -> [PageFlip] {
        let flips = try device.readEvents()
        for flip in flips {
            lastFlip = flip
            ring.flipCompleted()
        }
        return flips
    }

    /// DPMS off and on. A flip still pending completes first, so no event arrives for a buffer the off panel holds.
    public func setBlanked(_ blanked: Bool) throws {
        if blanked && ring.pending != nil {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 100) > 0 { try handleEvents() }
        }
        try device.setDPMS(connector: output.connector.id, on: !blanked)
    }

    public var fileDescriptor: Int32 { device.fd }
    public var isFlipPending: Bool { ring.pending != nil }

    private func show(_ index: Int, damage: [PixelRect]) throws {
        let fb = buffers[index].framebuffer
        if !modeSet {
            try device.setCRTC(output.crtc, framebuffer: fb, connector: output.connector.id, mode: output.mode)
            modeSet = true
            ring.shown(index)
            return
        }
        if pageFlipWorks {
            do {
                try device.pageFlip(crtc: output.crtc, framebuffer: fb, userData: UInt64(index))
                ring.queued(index)
                return
            } catch let error as DRMError where error.kind == .call("drmModePageFlip", errno: EINVAL)
                || error.kind == .call("drmModePageFlip", errno: ENOSYS) {
                // No page flips (some SPI/MIPI panel drivers): one buffer, updated in place, plus DirtyFB.
                pageFlipWorks = false
                let code: Int32 = if case .call(_, let errno) = error.kind { errno } else { 0 }
                onNotice("\(device.path): the driver refuses page flips (\(String(cString: strerror(code)))): drawing in place with DirtyFB, so motion may tear")
                try device.setCRTC(output.crtc, framebuffer: fb, connector: output.connector.id, mode: output.mode)
                ring.shown(index)
            }
        }
        let panelRects = damage.map { rotation.panelRect($0, logicalWidth: width, logicalHeight: height) }
        try device.markDirty(framebuffer: fb, rects: panelRects.map { ($0.x, $0.y, $0.width, $0.height) })
    }

    /// A buffer neither on screen nor queued; waits for the pending flip when both are taken.
    private func backBuffer() throws -> Int {
        if !pageFlipWorks, let onScreen = ring.onScreen { return onScreen }
        for _ in 0..<50 {
            if let free = ring.free { return free }
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 100)
            if ready < 0 && errno != EINTR { throw DRMError(device: device.path, .call("poll", errno: errno)) }
            if ready > 0 { try handleEvents() }
        }
        throw DRMError(device: device.path, .call("page flip (no flip event within 5 s)", errno: ETIMEDOUT))
    }

    private func predictedPresentationTime() -> Microseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let now = Microseconds(ts.tv_sec) * 1_000_000 + Microseconds(ts.tv_nsec / 1000)
        guard let last = lastFlip?.timestamp, last <= now else { return now + refreshInterval }
        let vblanks = (now - last) / refreshInterval + 1
        return last + vblanks * refreshInterval
    }
}
