import FlickFiles
import FlickDisplay
import CDRM
import FlickRaster
import Glibc
import SystemPackage

/// A connector as the kernel reports it.
public struct Connector: Sendable {
    public let id: UInt32
    /// `HDMI-A-1`, `DSI-1`, `Virtual-1`: the kernel's type name and index.
    public let name: String
    public let isConnected: Bool
    public let modes: [DisplayMode]
    public let physicalSize: PhysicalSize?
    public let encoderIDs: [UInt32]
    public let currentEncoderID: UInt32
}

public struct Encoder: Sendable {
    public let id: UInt32
    /// Bit i set: the encoder can be driven by the i-th CRTC of the card's resources.
    public let possibleCRTCs: UInt32
    public let currentCRTCID: UInt32
}

/// A CRTC's state before Flick took it, restored on exit so the console comes back.
public struct SavedCRTC: Sendable {
    let id: UInt32
    let framebuffer: UInt32
    let x: UInt32, y: UInt32
    let mode: [UInt8]?
}

/// A hardware plane: which CRTCs it can feed and the pixel formats it scans out.
public struct Plane: Sendable {
    public let id: UInt32
    /// Bit i set: the plane can be shown on the i-th CRTC of the card's resources.
    public let possibleCRTCs: UInt32
    public let formats: [UInt32]
    /// The CRTC's primary plane (what a mode set shows); false for overlays and cursors.
    public let isPrimary: Bool
}

/// A dumb buffer: kernel memory mapped into Flick, with a framebuffer object for scan-out.
public struct DumbBuffer {
    public let handle: UInt32
    public let format: ScanoutFormat
    public let framebuffer: UInt32
    public let width: Int, height: Int
    public let pitch: Int
    let size: Int
    let mapping: UnsafeMutableRawPointer
}

/// An open /dev/dri/card*: thin, typed calls over libdrm. Each throws a `DRMError` naming the device,
/// the call and errno; nothing of libdrm's structs leaves this file.
public final class DRMDevice {
    public let path: String
    /// The open card; libdrm's calls take its `rawValue`.
    public let fd: FileDescriptor

    private init(path: String, fd: FileDescriptor) { self.path = path; self.fd = fd }

    deinit { try? fd.close() }

    public static func open(_ path: String) throws -> DRMDevice {
        do throws(Errno) {
            let fd = try SystemCall.typed { try FileDescriptor.open(path, .readWrite, options: [.closeOnExec, .nonBlocking]) }
            return DRMDevice(path: path, fd: fd)
        } catch {
            throw DRMError(device: path, .call("open", errno: error))
        }
    }

    /// `/dev/dri/card0`, `card1`…, in number order.
    public static func cardPaths(in directory: String = "/dev/dri") -> [String] {
        numberedDeviceNodes(in: directory, prefix: "card")
    }

    private func fail(_ call: String, _ errno: Errno = .current) -> DRMError {
        DRMError(device: path, .call(call, errno: errno))
    }

    /// A libdrm call's failure, which it returns negated rather than setting errno.
    private func fail(_ call: String, returned result: Int32) -> DRMError {
        fail(call, Errno(rawValue: -result))
    }

    public var driverName: String {
        guard let version = drmGetVersion(fd.rawValue) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    public func capability(_ cap: Int32) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd.rawValue, UInt64(cap), &value) == 0 ? value : nil
    }

    public var supportsDumbBuffers: Bool { (capability(DRM_CAP_DUMB_BUFFER) ?? 0) != 0 }

    // MARK: Resources

    public struct Resources: Sendable {
        public let connectors: [UInt32]
        public let encoders: [UInt32]
        public let crtcs: [UInt32]
    }

    public func resources() throws -> Resources {
        guard let res = drmModeGetResources(fd.rawValue) else { throw fail("drmModeGetResources") }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        func ids(_ p: UnsafeMutablePointer<UInt32>?, _ n: Int32) -> [UInt32] {
            guard let p, n > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: p, count: Int(n)))
        }
        return Resources(connectors: ids(r.connectors, r.count_connectors), encoders: ids(r.encoders, r.count_encoders),
                         crtcs: ids(r.crtcs, r.count_crtcs))
    }

    public func connector(_ id: UInt32) throws -> Connector {
        guard let c = drmModeGetConnector(fd.rawValue, id) else { throw fail("drmModeGetConnector(\(id))") }
        defer { drmModeFreeConnector(c) }
        let info = c.pointee
        let typeName = drmModeGetConnectorTypeName(info.connector_type).map { String(cString: $0) } ?? "Unknown"
        var modes: [DisplayMode] = []
        if let m = info.modes {
            for i in 0..<Int(info.count_modes) { modes.append(Self.displayMode(m[i])) }
        }
        let encoders = info.encoders.map { Array(UnsafeBufferPointer(start: $0, count: Int(info.count_encoders))) } ?? []
        let size = info.mmWidth > 0 && info.mmHeight > 0
            ? PhysicalSize(widthMillimetres: Double(info.mmWidth), heightMillimetres: Double(info.mmHeight)) : nil
        return Connector(id: id, name: "\(typeName)-\(info.connector_type_id)",
                         isConnected: info.connection == DRM_MODE_CONNECTED, modes: modes, physicalSize: size,
                         encoderIDs: encoders, currentEncoderID: info.encoder_id)
    }

    /// Every plane, primary, overlay and cursor alike (DRM_CLIENT_CAP_UNIVERSAL_PLANES); empty when the driver
    /// lists none, in which case a CRTC's implicit primary plane takes XRGB8888.
    public func planes() -> [Plane] {
        _ = drmSetClientCap(fd.rawValue, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let resources = drmModeGetPlaneResources(fd.rawValue) else { return [] }
        defer { drmModeFreePlaneResources(resources) }
        let ids = resources.pointee.planes.map { Array(UnsafeBufferPointer(start: $0, count: Int(resources.pointee.count_planes))) } ?? []
        return ids.compactMap { id in
            guard let plane = drmModeGetPlane(fd.rawValue, id) else { return nil }
            defer { drmModeFreePlane(plane) }
            let p = plane.pointee
            let formats = p.formats.map { Array(UnsafeBufferPointer(start: $0, count: Int(p.count_formats))) } ?? []
            return Plane(id: id, possibleCRTCs: p.possible_crtcs, formats: formats, isPrimary: planeType(id) == UInt64(DRM_PLANE_TYPE_PRIMARY))
        }
    }

    /// The value of a plane's "type" property (DRM_PLANE_TYPE_*), or nil.
    private func planeType(_ id: UInt32) -> UInt64? {
        property("type", of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))?.value
    }

    /// A property of a KMS object by name: its id and current value.
    func property(_ name: String, of object: UInt32, type: UInt32) -> (id: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(fd.rawValue, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        let p = properties.pointee
        for i in 0..<Int(p.count_props) {
            guard let property = drmModeGetProperty(fd.rawValue, p.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let found = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if found == name { return (p.props[i], p.prop_values[i]) }
        }
        return nil
    }

    /// Turns a connector's panel off or on through its DPMS property (kept by every driver, atomic ones included).
    public func setDPMS(connector: UInt32, on: Bool) throws {
        guard let dpms = property("DPMS", of: connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            throw fail("DPMS (the connector has no DPMS property)", .notSupported)
        }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        let result = drmModeConnectorSetProperty(fd.rawValue, connector, dpms.id, value)
        if result != 0 { throw fail("drmModeConnectorSetProperty(DPMS)", returned: result) }
    }

    /// The formats the primary plane of the CRTC at `crtcIndex` scans out.
    public func primaryFormats(crtcIndex: Int) -> [UInt32] {
        let planes = planes()
        guard !planes.isEmpty else { return [ScanoutFormat.xrgb8888.fourcc] }
        return planes.first { $0.isPrimary && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 }?.formats ?? []
    }

    public func encoder(_ id: UInt32) throws -> Encoder {
        guard let e = drmModeGetEncoder(fd.rawValue, id) else { throw fail("drmModeGetEncoder(\(id))") }
        defer { drmModeFreeEncoder(e) }
        return Encoder(id: id, possibleCRTCs: e.pointee.possible_crtcs, currentCRTCID: e.pointee.crtc_id)
    }

    private static func displayMode(_ m: drmModeModeInfo) -> DisplayMode {
        var totals = Int(m.htotal) * Int(m.vtotal)
        if m.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { totals *= 2 }
        var millihertz = totals > 0 ? Int((Int64(m.clock) * 1_000_000 + Int64(totals / 2)) / Int64(totals)) : Int(m.vrefresh) * 1000
        if m.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { millihertz *= 2 }
        let name = withUnsafeBytes(of: m.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let raw = withUnsafeBytes(of: m) { Array($0) }
        return DisplayMode(width: Int(m.hdisplay), height: Int(m.vdisplay), refreshMillihertz: millihertz,
                           isPreferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0, name: name, raw: raw)
    }

    private static func modeInfo(_ mode: [UInt8]) -> drmModeModeInfo {
        precondition(mode.count == MemoryLayout<drmModeModeInfo>.size, "mode bytes come from this wrapper")
        return mode.withUnsafeBytes { $0.loadUnaligned(as: drmModeModeInfo.self) }
    }

    // MARK: CRTCs

    public func saveCRTC(_ id: UInt32) -> SavedCRTC? {
        guard let c = drmModeGetCrtc(fd.rawValue, id) else { return nil }
        defer { drmModeFreeCrtc(c) }
        let info = c.pointee
        let mode = info.mode_valid != 0 ? withUnsafeBytes(of: info.mode) { Array($0) } : nil
        return SavedCRTC(id: id, framebuffer: info.buffer_id, x: info.x, y: info.y, mode: mode)
    }

    public func restore(_ saved: SavedCRTC, connector: UInt32) throws {
        var connectorID = connector
        var result: Int32
        if var mode = saved.mode.map(Self.modeInfo), saved.framebuffer != 0 {
            result = drmModeSetCrtc(fd.rawValue, saved.id, saved.framebuffer, saved.x, saved.y, &connectorID, 1, &mode)
        } else {
            result = drmModeSetCrtc(fd.rawValue, saved.id, 0, 0, 0, nil, 0, nil)
        }
        if result != 0 { throw fail("drmModeSetCrtc (restore)", returned: result) }
    }

    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DisplayMode) throws {
        var connectorID = connector
        var info = Self.modeInfo(mode.raw)
        let result = drmModeSetCrtc(fd.rawValue, crtc, framebuffer, 0, 0, &connectorID, 1, &info)
        if result != 0 { throw fail("drmModeSetCrtc(\(mode))", returned: result) }
    }

    /// Queues `framebuffer` for the next vblank; a `PageFlip` arrives through `readEvents` when it is shown.
    public func pageFlip(crtc: UInt32, framebuffer: UInt32, userData: UInt64 = 0) throws {
        let result = drmModePageFlip(fd.rawValue, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                                     UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        if result != 0 { throw fail("drmModePageFlip", returned: result) }
    }

    /// What an atomic flip sets: the primary plane, its FB_ID property and, when the driver takes damage, its
    /// FB_DAMAGE_CLIPS property.
    public struct AtomicPlane: Sendable, Equatable {
        public let plane: UInt32
        public let framebufferProperty: UInt32
        public let damageProperty: UInt32?
    }

    /// Turns on atomic modesetting (DRM_CLIENT_CAP_ATOMIC) and finds what a flip of the CRTC at `crtcIndex` needs;
    /// nil when the driver has no atomic support.
    public func atomicPlane(crtcIndex: Int) -> AtomicPlane? {
        guard drmSetClientCap(fd.rawValue, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0,
              let plane = planes().first(where: { $0.isPrimary && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 }),
              let fbID = property("FB_ID", of: plane.id, type: UInt32(DRM_MODE_OBJECT_PLANE)) else { return nil }
        let damage = property("FB_DAMAGE_CLIPS", of: plane.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
        return AtomicPlane(plane: plane.id, framebufferProperty: fbID.id, damageProperty: damage?.id)
    }

    /// Queues `framebuffer` on the plane for the next vblank, with what changed (panel coordinates) when the plane
    /// takes damage; a `PageFlip` arrives through `readEvents` when it is shown.
    public func atomicFlip(_ target: AtomicPlane, framebuffer: UInt32, damage: [PixelRect], userData: UInt64) throws {
        guard let request = drmModeAtomicAlloc() else { throw fail("drmModeAtomicAlloc", .noMemory) }
        defer { drmModeAtomicFree(request) }
        _ = drmModeAtomicAddProperty(request, target.plane, target.framebufferProperty, UInt64(framebuffer))
        var blob: UInt32 = 0
        if let property = target.damageProperty, !damage.isEmpty {
            var rects = DamageClips.kernelRects(damage)
            let result = rects.withUnsafeMutableBytes { drmModeCreatePropertyBlob(fd.rawValue, $0.baseAddress, $0.count, &blob) }
            if result != 0 { throw fail("drmModeCreatePropertyBlob (damage clips)", returned: result) }
            _ = drmModeAtomicAddProperty(request, target.plane, property, UInt64(blob))
        }
        // The commit holds its own reference to the blob.
        defer { if blob != 0 { drmModeDestroyPropertyBlob(fd.rawValue, blob) } }
        let flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        let result = drmModeAtomicCommit(fd.rawValue, request, flags, UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        if result != 0 { throw fail("drmModeAtomicCommit", returned: result) }
    }

    /// Tells displays that update only on request (virtio-gpu, udl, SPI panels) what changed.
    /// Returns false when the driver does not need it (ENOSYS).
    @discardableResult
    public func markDirty(framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws -> Bool {
        var clips = rects.map {
            drmModeClip(x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y),
                        x2: UInt16(clamping: $0.x + $0.width), y2: UInt16(clamping: $0.y + $0.height))
        }
        let result = clips.withUnsafeMutableBufferPointer {
            drmModeDirtyFB(fd.rawValue, framebuffer, $0.baseAddress, UInt32($0.count))
        }
        if result == -ENOSYS { return false }
        if result != 0 { throw fail("drmModeDirtyFB", returned: result) }
        return true
    }

    /// Reads the flip events waiting on the fd (non-blocking; the run loop polls it).
    public func readEvents() throws -> [PageFlip] {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n: Int
        do throws(Errno) {
            n = try SystemCall.typed { try buffer.withUnsafeMutableBytes { try fd.read(into: $0) } }
        } catch .wouldBlock {
            return []
        } catch {
            throw fail("read (DRM events)", error)
        }
        var flips: [PageFlip] = []
        var offset = 0
        let headerSize = MemoryLayout<drm_event>.size
        buffer.withUnsafeBytes { raw in
            while offset + headerSize <= n {
                let header = raw.loadUnaligned(fromByteOffset: offset, as: drm_event.self)
                guard header.length >= UInt32(headerSize), offset + Int(header.length) <= n else { break }
                if header.type == UInt32(DRM_EVENT_FLIP_COMPLETE),
                   Int(header.length) >= MemoryLayout<drm_event_vblank>.size {
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: drm_event_vblank.self)
                    flips.append(PageFlip(sequence: e.sequence,
                                          timestamp: Microseconds(seconds: e.tv_sec, microseconds: e.tv_usec),
                                          userData: e.user_data))
                }
                offset += Int(header.length)
            }
        }
        return flips
    }

    // MARK: Master

    public func becomeMaster() throws { if drmSetMaster(fd.rawValue) != 0 { throw fail("drmSetMaster") } }
    public func dropMaster() throws { if drmDropMaster(fd.rawValue) != 0 { throw fail("drmDropMaster") } }

    // MARK: Dumb buffers

    // The ioctl numbers are function-like macros that do not import: _IOWR('d', nr, struct).
    private static func ioctlWR<T>(_ nr: UInt, _: T.Type) -> UInt {
        (3 << 30) | (UInt(MemoryLayout<T>.size) << 16) | (UInt(UInt8(ascii: "d")) << 8) | nr
    }
    private static let createDumb = ioctlWR(0xB2, drm_mode_create_dumb.self)
    private static let mapDumb = ioctlWR(0xB3, drm_mode_map_dumb.self)
    private static let destroyDumb = ioctlWR(0xB4, drm_mode_destroy_dumb.self)
    /// fourcc_code('X', 'R', '2', '4'): 32-bit B, G, R, x in memory.
    public func createDumbBuffer(width: Int, height: Int, format: ScanoutFormat = .xrgb8888) throws -> DumbBuffer {
        var create = drm_mode_create_dumb(height: UInt32(height), width: UInt32(width), bpp: UInt32(format.bytesPerPixel * 8), flags: 0,
                                          handle: 0, pitch: 0, size: 0)
        guard drmIoctl(fd.rawValue, Self.createDumb, &create) == 0 else { throw fail("DRM_IOCTL_MODE_CREATE_DUMB") }
        var destroy = drm_mode_destroy_dumb(handle: create.handle)
        var handles: (UInt32, UInt32, UInt32, UInt32) = (create.handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (create.pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var framebuffer: UInt32 = 0
        let added = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(fd.rawValue, UInt32(width), UInt32(height), format.fourcc,
                                  UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &framebuffer, 0)
                }
            }
        }
        guard added == 0 else {
            let error = fail("drmModeAddFB2(\(format.rawValue) \(width)x\(height))", returned: added)
            _ = drmIoctl(fd.rawValue, Self.destroyDumb, &destroy)
            throw error
        }
        var map = drm_mode_map_dumb(handle: create.handle, pad: 0, offset: 0)
        guard drmIoctl(fd.rawValue, Self.mapDumb, &map) == 0 else {
            let error = fail("DRM_IOCTL_MODE_MAP_DUMB")
            drmModeRmFB(fd.rawValue, framebuffer); _ = drmIoctl(fd.rawValue, Self.destroyDumb, &destroy)
            throw error
        }
        let mapping = mmap(nil, Int(create.size), PROT_READ | PROT_WRITE, MAP_SHARED, fd.rawValue, off_t(map.offset))
        guard let mapping, mapping != MAP_FAILED else {
            let error = fail("mmap (dumb buffer)")
            drmModeRmFB(fd.rawValue, framebuffer); _ = drmIoctl(fd.rawValue, Self.destroyDumb, &destroy)
            throw error
        }
        return DumbBuffer(handle: create.handle, format: format, framebuffer: framebuffer, width: width, height: height,
                          pitch: Int(create.pitch), size: Int(create.size), mapping: mapping)
    }

    public func destroy(_ buffer: DumbBuffer) {
        munmap(buffer.mapping, buffer.size)
        drmModeRmFB(fd.rawValue, buffer.framebuffer)
        var destroy = drm_mode_destroy_dumb(handle: buffer.handle)
        _ = drmIoctl(fd.rawValue, Self.destroyDumb, &destroy)
    }
}
