import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// The socket systemd listens on for a `Type=notify` service (`NOTIFY_SOCKET`): a Unix datagram socket, one
/// notification per datagram.
private final class NotifySocket {
    let path: String
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind \(path): errno \(errno)")
    }

    deinit { close(fd) }

    /// The next notification, waited for up to `seconds`; nil when none came.
    func receive(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(max(0, left) * 1000))
            if polled > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = recv(fd, &buffer, buffer.count, 0)
                if n >= 0 { return String(decoding: buffer[..<n], as: UTF8.self) }
            }
            if polled < 0 && errno == EINTR { continue }
            if left <= 0 { return nil }
        }
    }

    /// The notifications `within` seconds brings (every one already queued, then those that come).
    func receiveAll(within seconds: Double) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var messages: [String] = []
        while let message = receive(within: max(0, deadline.timeIntervalSinceNow)) { messages.append(message) }
        return messages
    }
}

/// `flick run --headless --realtime` as systemd runs it for `Type=notify` with `WatchdogSec=`: READY=1 once the
/// first frame is on screen, then WATCHDOG=1 from the frame loop at half the timeout; a stopped process (SIGSTOP)
/// pings no more, and pings again when continued.
@Suite struct ServiceNotifyTests {
    @Test func aKioskRunBySystemdSaysItIsReadyAndPingsItsWatchdogFromTheFrameLoop() throws {
        let dir = try ConfigFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let systemd = try NotifySocket(path: dir + "/notify")
        // As systemd gives it: the socket, the timeout (1 s here), and the process watched — this one, which the
        // shell's exec keeps the pid of.
        let flick = try ChildProcess(["/usr/bin/env", "NOTIFY_SOCKET=\(systemd.path)", "WATCHDOG_USEC=1000000", "/bin/sh", "-c",
                                      #"WATCHDOG_PID=$$ exec "$0" run --headless --realtime --app todo --size 320x240 --no-out --state-dir "$1""#,
                                      FlickCommand.path, dir],
                                     output: dir + "/flick.out", errors: dir + "/flick.err")
        let ready = systemd.receive(within: 60)
        #expect(ready?.split(separator: "\n").first == "READY=1", "\(flick.err)")
        #expect(ready?.contains("STATUS=running: first frame on screen") == true)

        // Pings at half a second: three or four in two seconds (not one a frame, not none).
        let pings = systemd.receiveAll(within: 2)
        #expect(pings.allSatisfy { $0 == "WATCHDOG=1" }, "\(pings)")
        #expect((2...5).contains(pings.count), "\(pings.count) pings in 2 s")

        // Stopped, the loop sends nothing: once the kernel has stopped it, what it sent before is drained.
        kill(flick.pid, SIGSTOP)
        #expect(flick.wait(seconds: 10) { Self.isStopped(flick.pid) })
        _ = systemd.receiveAll(within: 0)
        #expect(systemd.receive(within: 2.5) == nil, "a ping from a stopped process")

        kill(flick.pid, SIGCONT)
        #expect(systemd.receive(within: 5) == "WATCHDOG=1")
        kill(flick.pid, SIGTERM)
        #expect(flick.exitCode(within: 20) == 0, "\(flick.err)")
    }

    /// The process state in /proc/PID/stat: `T` once the kernel has stopped it.
    private static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].first == "T"
    }
}
