import CSystemd
import FlickFiles
import Glibc
import SystemPackage

/// This process as a systemd service that reports to its manager (`Type=notify`): libsystemd's sd_notify(3) on the
/// socket systemd names in `NOTIFY_SOCKET`, and the watchdog's timeout from `WATCHDOG_USEC` (sd_watchdog_enabled(3)).
package struct SystemdService: Sendable {
    /// Seconds systemd waits between watchdog pings before it stops the service as hung (`WatchdogSec=`); nil when
    /// the unit has no watchdog, or it watches another process (`WATCHDOG_PID`).
    package let watchdogTimeout: Double?

    /// The service this process runs as, read from the environment systemd gives it; nil without `NOTIFY_SOCKET`
    /// (run by hand, or by a unit that is not `Type=notify`): then nothing is ever sent.
    package static func current() -> SystemdService? {
        guard getenv("NOTIFY_SOCKET") != nil else { return nil }
        var microseconds: UInt64 = 0
        // Not unset: sd_notify reads NOTIFY_SOCKET at every call. A child with NotifyAccess=main is not heard anyway.
        let watched = sd_watchdog_enabled(0, &microseconds) > 0 && microseconds > 0
        return SystemdService(watchdogTimeout: watched ? Double(microseconds) / 1e6 : nil)
    }

    /// Sends `assignments` (`READY=1`, `WATCHDOG=1`, `STATUS=…`, one per line) in one datagram. Throws a
    /// ``SystemCallError`` for `sd_notify` when it cannot be sent (the socket is gone).
    package func notify(_ assignments: String) throws(SystemCallError) {
        let sent = sd_notify(0, assignments)
        if sent < 0 { throw SystemCallError("sd_notify", errno: Errno(rawValue: -sent)) }
    }
}
