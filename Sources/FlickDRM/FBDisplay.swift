import FlickDisplay
import FlickFiles
import CLinux
import FlickRaster
import Glibc
import SystemPackage

/// Why a framebuffer device cannot be used, in one line naming it.
public struct FramebufferError: Error, CustomStringConvertible, Equatable {
    /// What is wrong with a framebuffer device.
    public enum Problem: Equatable, Sendable {
        /// A system call on the device failed.
        case call(String, errno: Errno)
        /// A framebuffer Flick cannot draw on: its driver and why.
        case unusable(driver: String, String)
    }

    /// The device (`/dev/fb0`).
    public let path: String
    /// What went wrong.
    public let problem: Problem

    /// The device at `path` has `problem`.
    public init(path: String, _ problem: Problem) { self.path = path; self.problem = problem }

    /// `path: what failed (what to do)`, one line for the log.
    public var description: String {
        switch problem {
        case .call(let call, let errno): SystemCallError.line(on: path, call, failedWith: errno, advice: Self.advice(for: errno, call: call))
        case .unusable(let driver, let why): "\(path): \(driver): \(why)"
        }
    }

    private static func advice(for errno: Errno, call: String) -> String? {
        if call.hasPrefix("FBIOGET") { return "not a framebuffer" }
        return call == "open" && (errno == .permissionDenied || errno == .notPermitted)
            ? "add the user to the 'video' group, or run as root" : nil
    }
}

/// A Linux framebuffer device (`/dev/fb*`), for boards whose only display is a firmware framebuffer (efifb,
/// vesafb, simplefb) or a vendor fbdev panel driver. Frames are drawn into a shadow surface and the damage is
/// copied into the mapped framebuffer — turned for the panel's rotation and converted to its pixel layout.
/// When the memory holds two frames, the copy goes to the hidden one and FBIOPAN_DISPLAY shows it (no tearing
/// where the driver pans on vblank); otherwise it is copied in place. fbdev reports no flips: the run loop
/// paces frames with a timer.
public final class FBDisplay: Display {
    public let path: String
    public let info: FramebufferInfo
    public let format: ScanoutFormat
    public let rotation: Rotation
    public let width: Int
    public let height: Int
    public var physicalSize: PhysicalSize? { info.physicalSize }
    /// fbdev reports no refresh the loop could trust, nor any vblank: every 1/60 s (unless the config says,
    /// `display.refresh`) from when the display was opened.
    public let vblanks: VBlankGrid
    private let fd: FileDescriptor
    private var mapping: UnsafeMutableRawPointer?
    private let shadow: Surface
    /// One target per buffer: two when panning, else the visible frame.
    private let targets: [ScanoutCopy]
    private var ring: ScanoutBuffers
    private var framesPresented = 0

    /// Frames go to a hidden buffer and are panned into view.
    public var isPanning: Bool { targets.count == 2 }

    /// `/dev/fb0`, `/dev/fb1`…, in number order.
    public static func devicePaths(in directory: String = "/dev") -> [String] {
        numberedDeviceNodes(in: directory, prefix: "fb")
    }

    /// What the device reports, without taking it.
    public static func info(of path: String) throws(FramebufferError) -> FramebufferInfo {
        let fd = try Self.open(path, .readOnly)
        defer { try? fd.close() }
        return try info(fd, path: path)
    }

    public init(path: String, rotation: Rotation = .none, refresh: Double? = nil) throws(FramebufferError) {
        let fd = try Self.open(path, .readWrite)
        let info: FramebufferInfo
        do { info = try Self.info(fd, path: path) } catch { try? fd.close(); throw error }
        if let problem = info.problem {
            try? fd.close()
            throw FramebufferError(path: path, .unusable(driver: info.driver, problem))
        }
        let mapped = mmap(nil, info.memoryLength, PROT_READ | PROT_WRITE, MAP_SHARED, fd.rawValue, 0)
        guard let mapped, mapped != MAP_FAILED else {
            let code = Errno.current
            try? fd.close()
            throw FramebufferError(path: path, .call("mmap", errno: code))
        }
        self.path = path
        self.fd = fd
        self.info = info
        self.format = info.format!
        self.rotation = rotation
        vblanks = VBlankGrid(origin: MonotonicClock().now, interval: 1 / (refresh ?? RefreshPacing.fallbackHz))
        mapping = mapped
        (width, height) = rotation.logicalSize(panelWidth: info.width, panelHeight: info.height)
        shadow = Surface(width: width, height: height)
        let frameBytes = info.lineLength * info.height
        let format = self.format
        targets = (0..<(info.canPan ? 2 : 1)).map {
            ScanoutCopy(base: mapped + $0 * frameBytes, pitch: info.lineLength, width: info.width, height: info.height, format: format)
        }
        ring = ScanoutBuffers(count: targets.count, bounds: shadow.bounds)
    }

    deinit { close() }

    /// Pans back to the first frame and unmaps the framebuffer; the console draws on it again once the
    /// terminal leaves graphics mode.
    public func close() {
        guard let mapping else { return }
        if isPanning { _ = pan(to: 0) }
        munmap(mapping, info.memoryLength)
        self.mapping = nil
        try? fd.close()
    }

    public func nextBuffer() throws -> (surface: Surface, age: Int) {
        (shadow, framesPresented == 0 ? 0 : 1)
    }

    /// Returns the vblank at or after now on ``vblanks``: the frame is copied (or panned to) at once, and counts as
    /// the one for that vblank.
    @discardableResult
    public func present(damage: [PixelRect]) throws -> Double {
        let index = isPanning ? ring.free ?? 0 : 0
        for area in ring.regionsToCopy(into: index, damage: damage) {
            targets[index].copy(from: shadow, area: area, rotation: rotation)
        }
        if isPanning {
            guard pan(to: index) else {
                throw FramebufferError(path: path, .call("FBIOPAN_DISPLAY", errno: .current))
            }
        }
        ring.shown(index)
        framesPresented += 1
        return vblanks.vblank(atOrAfter: MonotonicClock().now)
    }

    /// Told once, in one line, when the driver cannot blank and the screen is painted black instead.
    public var onNotice: (String) -> Void = { _ in }
    private var blankRefused = false

    /// FBIOBLANK powerdown and unblank. A driver without blanking (vesafb, many panel drivers) gets a black frame
    /// instead, and the next frame is drawn whole.
    public func setBlanked(_ blanked: Bool) throws {
        if !blankRefused && ioctl(fd.rawValue, UInt(FBIOBLANK), blanked ? 4 /* FB_BLANK_POWERDOWN */ : 0 /* FB_BLANK_UNBLANK */) == 0 { return }
        if !blankRefused {
            blankRefused = true
            onNotice("\(path): the driver cannot blank (FBIOBLANK: \(Errno.current)): showing black instead, the backlight stays as it is")
        }
        guard blanked else { return }
        let black = Surface(width: width, height: height)
        black.clear(to: 0xFF00_0000)
        let index = isPanning ? ring.onScreen ?? 0 : 0
        targets[index].copy(from: black, area: black.bounds, rotation: rotation)
        framesPresented = 0
    }

    /// Shows buffer `index` (0 is the top frame).
    private func pan(to index: Int) -> Bool {
        var variable = fb_var_screeninfo()
        guard ioctl(fd.rawValue, UInt(FBIOGET_VSCREENINFO), &variable) == 0 else { return false }
        variable.xoffset = 0
        variable.yoffset = UInt32(index * info.height)
        return ioctl(fd.rawValue, UInt(FBIOPAN_DISPLAY), &variable) == 0
    }

    private static func info(_ fd: FileDescriptor, path: String) throws(FramebufferError) -> FramebufferInfo {
        var fixed = fb_fix_screeninfo()
        var variable = fb_var_screeninfo()
        guard ioctl(fd.rawValue, UInt(FBIOGET_FSCREENINFO), &fixed) == 0, ioctl(fd.rawValue, UInt(FBIOGET_VSCREENINFO), &variable) == 0 else {
            throw FramebufferError(path: path, .call("FBIOGET_*SCREENINFO", errno: .current))
        }
        let driver = withUnsafeBytes(of: fixed.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        func channel(_ b: fb_bitfield) -> FramebufferInfo.Channel { .init(offset: Int(b.offset), length: Int(b.length)) }
        // The kernel reports an unknown physical size as 0 or as -1 (all bits set).
        let mm = (Int32(bitPattern: variable.width), Int32(bitPattern: variable.height))
        return FramebufferInfo(driver: driver, width: Int(variable.xres), height: Int(variable.yres),
                               virtualHeight: Int(variable.yres_virtual), bitsPerPixel: Int(variable.bits_per_pixel),
                               red: channel(variable.red), green: channel(variable.green), blue: channel(variable.blue),
                               lineLength: Int(fixed.line_length), memoryLength: Int(fixed.smem_len),
                               physicalSize: mm.0 > 0 && mm.1 > 0
                                   ? PhysicalSize(widthMillimetres: Double(mm.0), heightMillimetres: Double(mm.1)) : nil)
    }

    private static func open(_ path: String, _ mode: FileDescriptor.AccessMode) throws(FramebufferError) -> FileDescriptor {
        do throws(Errno) {
            return try SystemCall.typed { try FileDescriptor.open(path, mode, options: .closeOnExec) }
        } catch {
            throw FramebufferError(path: path, .call("open", errno: error))
        }
    }
}
