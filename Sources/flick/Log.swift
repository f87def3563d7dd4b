import Glibc
import SystemPackage

/// The kiosk's log: a line a message on standard error (systemd's journal under the unit), as
/// `2026-11-29T04:12:00+0000 notice flick: message`. Each line is one write, so lines from a signal's path and
/// the loop's never interleave. Its own few lines rather than swift-log: the one aarch64 toolchain Debian has (Swift
/// 6.0) cannot build the swift-log this machine can resolve, and the kiosk needs nothing from it but this.
struct Logger: Sendable {
    enum Level: String { case notice, warning, error, critical }

    let label: String

    func notice(_ message: String) { log(.notice, message) }
    func warning(_ message: String) { log(.warning, message) }
    func error(_ message: String) { log(.error, message) }
    func critical(_ message: String) { log(.critical, message) }

    private func log(_ level: Level, _ message: String) {
        let line = "\(Self.timestamp()) \(level.rawValue) \(label): \(message)\n"
        _ = try? FileDescriptor.standardError.writeAll(line.utf8)
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        var text = [CChar](repeating: 0, count: 32)
        let length = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

enum Log {
    static let flick = Logger(label: "flick")
}
