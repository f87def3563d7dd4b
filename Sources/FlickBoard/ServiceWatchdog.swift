import FlickDisplay
import FlickUI

/// systemd's watchdog (`WatchdogSec=`), fed by the frame loop: a loop source whose deadline comes every half of the
/// timeout — an idle kiosk wakes once per ping, no more — and which pings from the loop's own turn, so a loop blocked
/// anywhere (a hung ioctl, a stuck draw, a deadlock) sends nothing and systemd restarts the kiosk.
///
/// A loop that turns but makes no frame while something moves is stalled too (a page flip that never completes): while
/// the screen has been owed a frame (`LoopStatus.frameOwedSince`) for longer than `stallAfter`, pings are withheld and
/// the stall is said once in the log and in systemd's status line. A still scene, a blanked screen, another VT or an
/// unplugged connector owe no frame: the pings go on. When frames come again before systemd's timeout, so do the pings.
package final class ServiceWatchdog: LoopSource {
    /// A frame owed this long is a stall: 120 vblanks at 60 Hz, where the slowest frame a working kiosk makes (a
    /// large photo decoded on a Raspberry Pi 3) takes about 0.3 s.
    package static let longestFrame = 2.0
    /// Seconds between pings: half systemd's timeout, as sd_watchdog_enabled(3) advises.
    package let pingInterval: Double
    /// How long a frame may be owed before the loop counts as stalled.
    package let stallAfter: Double
    private let status: LoopStatus
    private let send: (String) throws -> Void
    private let log: (Board.LogLevel, String) -> Void
    private var nextCheck: Double
    /// When the stall being reported began; nil while the loop keeps up.
    private var stallBegan: Double?
    private var sendFailed = false

    /// A watchdog for systemd's `timeout` (seconds) that watches the loop whose `status` it is given, from `now` on
    /// the loop's clock; `send` hands systemd a notification (`WATCHDOG=1`, `STATUS=…`), `log` hears stalls and a
    /// failure to send.
    package init(timeout: Double, stallAfter: Double = ServiceWatchdog.longestFrame, status: LoopStatus, now: Double,
                 send: @escaping (String) throws -> Void, log: @escaping (Board.LogLevel, String) -> Void) {
        pingInterval = timeout / 2
        self.stallAfter = stallAfter
        self.status = status
        self.send = send
        self.log = log
        nextCheck = now + pingInterval
    }

    package var fileDescriptor: Int32 { -1 }
    package var wantsWrite: Bool { false }
    package var nextDeadline: Double? { nextCheck }

    package func service(readable: Bool, writable: Bool, now: Double) {
        if let owed = status.frameOwedSince, now - owed > stallAfter {
            if stallBegan == nil {
                stallBegan = owed
                let line = "the frame loop is stalled: no frame for \(seconds(now - owed)) while the scene moves"
                log(.error, "\(line): watchdog pings withheld, systemd restarts Flick unless a frame comes")
                notify("STATUS=\(line)")
            }
            // Looked at again soon: a stall that ends must not leave systemd a whole interval without a ping.
            nextCheck = now + min(pingInterval, stallAfter / 4)
            return
        }
        var message = "WATCHDOG=1"
        if let began = stallBegan {
            stallBegan = nil
            let line = "frames again after a stall of \(seconds(now - began))"
            log(.notice, "\(line): watchdog pings resume")
            message += "\nSTATUS=\(line)"
        }
        notify(message)
        nextCheck = now + pingInterval
    }

    private func notify(_ message: String) {
        do { try send(message) } catch {
            // Said once: the socket that failed once fails every ping, and systemd will restart Flick regardless.
            if !sendFailed { log(.error, "\(error): systemd does not hear the watchdog's pings") }
            sendFailed = true
        }
    }

    private func seconds(_ interval: Double) -> String {
        "\((interval * 10).rounded() / 10) s"
    }
}

extension SystemdService {
    /// Has systemd hear about `loop`: `READY=1` once its first frame is on screen (after whatever the loop's
    /// `onFirstFrame` does already), and, when the unit has a watchdog, a ``ServiceWatchdog`` among the loop's
    /// sources, from `now` on the loop's clock. `log` hears stalls and failures to send.
    package func report(_ loop: FrameLoop, now: Double, log: @escaping (Board.LogLevel, String) -> Void) {
        let earlier = loop.onFirstFrame
        loop.onFirstFrame = {
            earlier?()
            do { try notify("READY=1\nSTATUS=running: first frame on screen") } catch {
                log(.error, "\(error): systemd does not hear that the kiosk is ready and stops it at its start timeout")
            }
        }
        guard let watchdogTimeout else { return }
        loop.sources.append(ServiceWatchdog(timeout: watchdogTimeout, status: loop.status, now: now,
                                            send: { try notify($0) }, log: log))
    }
}
