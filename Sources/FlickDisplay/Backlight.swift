import FlickFiles
import Glibc
import SystemPackage

/// A panel's backlight in sysfs (`/sys/class/backlight/NAME/brightness`, 0 to `max_brightness`), for dimming an
/// idle kiosk and turning the light off with the screen.
public final class Backlight {
    /// The device's sysfs directory (`/sys/class/backlight/rpi_backlight`).
    public let path: String
    /// The device's `max_brightness`: the level at full light, in the driver's own steps.
    public let maximum: Int

    /// `name` is a device under `directory` (`rpi_backlight`, `intel_backlight`) or a full path; nil: the first
    /// device there, or nil when there is none. Throws a ``BacklightError`` when the device is not a backlight or
    /// its brightness is not writable.
    public static func find(_ name: String?, in directory: String = "/sys/class/backlight") throws(BacklightError) -> Backlight? {
        let path: String
        if let name {
            path = name.hasPrefix("/") ? name : "\(directory)/\(name)"
        } else {
            guard let first = Self.devices(in: directory).first else { return nil }
            path = "\(directory)/\(first)"
        }
        return try Backlight(path: path)
    }

    /// The names of the backlight devices under `directory`, sorted; empty when there are none.
    public static func devices(in directory: String = "/sys/class/backlight") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// Opens the backlight whose sysfs directory is `path`. Throws a ``BacklightError`` when `max_brightness` cannot
    /// be read or `brightness` is not writable (run as root, or give the kiosk user write access with a udev rule).
    public init(path: String) throws(BacklightError) {
        self.path = path
        guard let maximum = Self.readNumber("\(path)/max_brightness"), maximum > 0 else {
            throw BacklightError(path: path, .notABacklight)
        }
        self.maximum = maximum
        guard access("\(path)/brightness", W_OK) == 0 else {
            throw BacklightError(path: "\(path)/brightness", .call("access(W_OK)", errno: .current))
        }
    }

    /// The light's level now, as a fraction of its maximum (0…1); nil when `brightness` cannot be read.
    public var level: Double? { Self.readNumber("\(path)/brightness").map { Double($0) / Double(maximum) } }

    /// A sysfs attribute holding one number (sysfs files report a size of 4096 whatever they hold: read what comes).
    private static func readNumber(_ path: String) -> Int? {
        // Non-blocking, and regular files only: a FIFO named max_brightness must not hang the kiosk.
        guard let file = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .nonBlocking]) else { return nil }
        defer { try? file.close() }
        guard let status = try? FileStatus(of: file), status.isRegular else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let n = try? buffer.withUnsafeMutableBytes({ try file.read(into: $0) }), n > 0 else { return nil }
        return Int(String(decoding: buffer[..<n], as: UTF8.self).filter { !$0.isWhitespace })
    }

    /// Sets the light to `fraction` of its maximum (0 is off), clamped to 0…1 and rounded to the driver's steps.
    /// Throws a ``BacklightError`` when the write fails.
    public func set(_ fraction: Double) throws(BacklightError) {
        let level = Int((max(0, min(1, fraction)) * Double(maximum)).rounded())
        let brightness = "\(path)/brightness"
        let file: FileDescriptor
        do throws(Errno) {
            file = try SystemCall.typed { try FileDescriptor.open(brightness, .writeOnly, options: .closeOnExec) }
        } catch {
            throw BacklightError(path: brightness, .call("open", errno: error))
        }
        defer { try? file.close() }
        let text = Array("\(level)\n".utf8)
        let written: Int
        do throws(Errno) {
            written = try SystemCall.typed { try text.withUnsafeBytes { try file.write($0) } }
        } catch {
            throw BacklightError(path: brightness, .call("write (level \(level))", errno: error))
        }
        // sysfs takes the level whole or not at all.
        guard written == text.count else { throw BacklightError(path: brightness, .call("write (level \(level))", errno: .ioError)) }
    }
}

/// A backlight that cannot be used: the file, what is wrong with it, and what to do about it.
public struct BacklightError: Error, CustomStringConvertible, Equatable {
    /// What is wrong with a backlight.
    public enum Problem: Equatable, Sendable {
        /// The directory has no readable `max_brightness`.
        case notABacklight
        /// A system call on the file failed.
        case call(String, errno: Errno)
    }

    /// The sysfs file or directory at fault.
    public let path: String
    /// What went wrong.
    public let problem: Problem

    /// The backlight at `path` has `problem`.
    public init(path: String, _ problem: Problem) { self.path = path; self.problem = problem }

    /// `path: what failed (what to do)`, one line for the log.
    public var description: String {
        switch problem {
        case .notABacklight:
            "\(path): no readable max_brightness: not a backlight device (see /sys/class/backlight)"
        case .call(let call, let errno):
            SystemCallError.line(on: path, call, failedWith: errno, advice: Self.advice(for: errno))
        }
    }

    private static func advice(for errno: Errno) -> String? {
        switch errno {
        case .permissionDenied, .notPermitted, .readOnlyFileSystem:
            "run as root or add a udev rule giving the kiosk user write access"
        default: nil
        }
    }
}
